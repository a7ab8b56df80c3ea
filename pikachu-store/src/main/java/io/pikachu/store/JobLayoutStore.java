package io.pikachu.store;

import io.pikachu.core.binmap.BinMapPolling;
import io.pikachu.core.binmap.UntrustedBinMapException;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.partitioning.WideJobBins;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job's {@link JobLayout}, in a file of the job's staging directory ({@code
 * ${mapreduce.job.dir}/}{@value #FILE_NAME}): a place every task and every AM attempt of the job
 * finds from the job alone, whatever their nodes' settings say. Written once, by the first AM
 * attempt, before any task runs; never changed. No file: the job runs as stock everywhere.
 *
 * <p>The staging directory is the job's own (created owner-only by the submitting client) and every
 * job needs it anyway: the maps read their splits from it. So a task that cannot read the layout
 * because the file system is down retries, reporting progress meanwhile, for as long as a reducer
 * waits out a store outage ({@link BinMapPolling#GIVE_UP_RULE}); a file that exists but is no
 * layout, or that another user wrote, fails the task at once, naming it: the task cannot know what
 * the other tasks write, so it must not guess.
 *
 * <p>Over 300 lines on purpose: writing, claiming (for the local runner), reading and the retrying
 * read share one file format and one owner check.
 */
public final class JobLayoutStore {

  private static final Logger LOG = LoggerFactory.getLogger(JobLayoutStore.class);

  /** The file's name in the job's staging directory. */
  public static final String FILE_NAME = "pikachu-layout.properties";

  private static final String FORMAT = "format";
  private static final String FORMAT_VALUE = "pikachu-layout 2";
  private static final String KIND = "layout";
  private static final String BINS = "bins";
  private static final String STOCK = "stock";
  private static final String REASON = "reason";
  private static final String DETAIL = "detail";
  private static final String SLICING = "slicing";
  private static final String PARTITIONER = "partitioner";
  private static final String BINS_PER_REDUCER = "binsPerReducer";
  private static final String BIN_MAP_DIR = "binMapDir";
  private static final String WRITTEN_BY = "writtenBy";
  private static final int MAX_BYTES = 1 << 16;
  private static final long FIRST_RETRY_MS = 1000;

  /** A layout file that exists but cannot be followed: corrupt, or of a newer format. */
  public static final class UnreadableLayoutException extends UntrustedBinMapException {
    private static final long serialVersionUID = 1L;

    UnreadableLayoutException(Path file, String problem) {
      super("Pikachu job layout " + file + " is unreadable: " + problem);
    }
  }

  /** Waits between attempts; interruptible. */
  interface Sleeper {
    void sleep(long ms) throws InterruptedException;
  }

  private final FileSystem fs;
  private final Path file;
  private final StoreSafety safety;

  JobLayoutStore(FileSystem fs, Path jobDir) {
    this.fs = SmallFiles.unwrap(fs);
    this.file = new Path(jobDir, FILE_NAME);
    this.safety = new StoreSafety(this.fs);
  }

  /**
   * The layout file of the job described by {@code conf} (a job, AM or task configuration).
   *
   * @throws IllegalArgumentException when {@code mapreduce.job.dir} is not set
   */
  public static JobLayoutStore forJob(Configuration conf) throws IOException {
    String jobDir = conf.getTrimmed(MRJobConfig.MAPREDUCE_JOB_DIR);
    if (jobDir == null || jobDir.isEmpty()) {
      throw new IllegalArgumentException(
          "cannot locate the Pikachu job layout: " + MRJobConfig.MAPREDUCE_JOB_DIR + " is not set");
    }
    Path dir = new Path(jobDir);
    return new JobLayoutStore(dir.getFileSystem(conf), dir);
  }

  /**
   * What a task of this job follows: the layout its AM wrote, else stock. Retries while the file
   * system fails, calling {@code keepAlive} (the task's progress) between attempts so that the AM
   * does not take the wait for a hung task; logs where this node's own settings differ from the
   * layout.
   *
   * @param attempt the task attempt's name, which spreads attempts' give-up times
   * @throws IOException naming the file, when it exists but cannot be followed, or when it could
   *     not be read for the give-up time
   */
  public static JobLayout forTask(Configuration conf, String attempt, Runnable keepAlive)
      throws IOException {
    JobLayoutStore store = forJob(conf);
    Optional<JobLayout> written =
        store.readRetrying(giveUpMs(conf, attempt), keepAlive, Time::monotonicNow, Thread::sleep);
    if (!written.isPresent()) {
      written = claimLocally(store, conf);
    }
    JobLayout layout = written.orElseGet(() -> withoutLayout(conf, store.file()));
    store.noteOwnSettings(conf, layout, "this task");
    return layout;
  }

  /**
   * A new job's layout: stock where {@code verdict} steps aside; else bins in a bin-map directory
   * made now, or stock ({@link Rebalancing.AsideReason#STORE_UNUSABLE}) where none can be made.
   */
  public static JobLayout decided(
      Configuration conf, String jobId, int binsPerReducer, Rebalancing verdict) {
    if (!(verdict instanceof Rebalancing.Enabled)) {
      return JobLayout.stock((Rebalancing.SteppedAside) verdict);
    }
    try {
      Path dir = FsBinMapStore.createDirectory(conf, jobId);
      return JobLayout.bins((Rebalancing.Enabled) verdict, binsPerReducer, dir.toString());
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn(
          "Pikachu: cannot prepare the job's bin-map store; the job runs as stock: {}",
          e.getMessage());
      return JobLayout.stock(
          Rebalancing.AsideReason.STORE_UNUSABLE,
          "the bin-map store could not be prepared: " + e.getMessage());
    }
  }

  /**
   * The layout of a job run by Hadoop's LocalJobRunner, which has no AM: its tasks run one after
   * another in one JVM, with one configuration, so the first task claims the layout that
   * configuration gives and every later task follows it, as tasks follow an AM's.
   */
  private static Optional<JobLayout> claimLocally(JobLayoutStore store, Configuration conf)
      throws IOException {
    if (!"local".equals(conf.getTrimmed(MRConfig.FRAMEWORK_NAME))
        || VirtualBinsConfig.optedOut(conf)) {
      return Optional.empty();
    }
    String attempt = conf.getTrimmed(MRJobConfig.TASK_ATTEMPT_ID, "");
    String jobId =
        attempt.isEmpty() ? "job_local" : TaskAttemptID.forName(attempt).getJobID().toString();
    JobLayout decided =
        decided(
            conf,
            jobId,
            WideJobBins.perReducer(VirtualBinsConfig.lenientLookup(conf)),
            VirtualBinsConfig.rebalancing(conf));
    return Optional.of(store.claim(decided));
  }

  /** How long a task waits out a file system that fails, as a reducer waits out the store. */
  public static long giveUpMs(Configuration conf, String attempt) {
    return BinMapPolling.giveUpMs(
        conf.getLong(MRJobConfig.TASK_TIMEOUT, MRJobConfig.DEFAULT_TASK_TIMEOUT_MILLIS),
        VirtualBinsConfig.lenient(conf, PikachuKeys.FINAL_MAP_WAIT_MS),
        attempt);
  }

  /**
   * What a task that finds no layout runs: stock, counted under the reason its own configuration
   * gives where it gives one (the AM builds no plugin when speculation is off, say), else {@link
   * Rebalancing.AsideReason#NO_LAYOUT}. The reason is for the counters and the log only: without a
   * layout every task runs as stock, whatever its node says.
   */
  private static JobLayout withoutLayout(Configuration conf, Path file) {
    if (VirtualBinsConfig.optedOut(conf)) {
      return disabled();
    }
    try {
      Rebalancing own = VirtualBinsConfig.rebalancing(conf);
      if (own instanceof Rebalancing.SteppedAside) {
        return JobLayout.stock((Rebalancing.SteppedAside) own);
      }
    } catch (RuntimeException e) {
      // a setting this node cannot read: stock, as without a layout anyway
    }
    return noLayout(file);
  }

  /** The layout of a task that finds none and whose own configuration is off. */
  static JobLayout disabled() {
    return JobLayout.stock(
        Rebalancing.AsideReason.DISABLED,
        PikachuKeys.ENABLED.name() + "=false and no job layout: stock map output and shuffle");
  }

  /** The layout of a job whose AM wrote none: stock for every task. */
  public static JobLayout noLayout(Path file) {
    return JobLayout.stock(
        Rebalancing.AsideReason.NO_LAYOUT,
        "no job layout at "
            + file
            + ": the job's AM did not decide bins for it (Pikachu's AM plugin is not installed"
            + " for the job, the job opted out, or the AM could not write the layout), so every"
            + " task runs as stock");
  }

  public Path file() {
    return file;
  }

  /**
   * The layout written for this job, if any.
   *
   * @throws UnreadableLayoutException when the file exists but is no layout
   * @throws StoreSafety.UnsafeStoreException when another user owns the file
   * @throws IOException when the file system fails
   */
  public Optional<JobLayout> read() throws IOException {
    byte[] bytes;
    try {
      bytes = SmallFiles.read(fs, file, MAX_BYTES);
    } catch (FileNotFoundException e) {
      return Optional.empty();
    } catch (SmallFiles.TooLargeException e) {
      throw new UnreadableLayoutException(file, "larger than " + MAX_BYTES + " bytes");
    }
    safety.checkOwnFile(fs.getFileStatus(file));
    return Optional.of(decode(bytes));
  }

  /** {@link #read}, tried again while the file system fails, for up to {@code giveUpMs}. */
  public Optional<JobLayout> read(long giveUpMs) throws IOException {
    return readRetrying(giveUpMs, () -> {}, Time::monotonicNow, Thread::sleep);
  }

  /**
   * {@link #read}, tried again while the file system fails, for up to {@code giveUpMs}; a file that
   * cannot be trusted is not tried again.
   */
  Optional<JobLayout> readRetrying(
      long giveUpMs, Runnable keepAlive, LongSupplier clockMs, Sleeper sleeper) throws IOException {
    long start = clockMs.getAsLong();
    long wait = FIRST_RETRY_MS;
    while (true) {
      try {
        return read();
      } catch (UntrustedBinMapException e) {
        throw e;
      } catch (IOException e) {
        long failing = clockMs.getAsLong() - start;
        if (failing >= giveUpMs) {
          throw new IOException(
              "the Pikachu job layout "
                  + file
                  + " could not be read for "
                  + failing
                  + " ms (a task gives up after "
                  + giveUpMs
                  + " ms: "
                  + BinMapPolling.GIVE_UP_RULE
                  + "): "
                  + e.getMessage(),
              e);
        }
        LOG.warn(
            "Pikachu: cannot read the job layout {} ({}); trying again in {} ms", file, e, wait);
      }
      keepAlive.run();
      try {
        sleeper.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while reading " + file);
      }
      wait = Math.min(2 * wait, PikachuKeys.MAX_POLL_MS.defaultValue());
    }
  }

  /**
   * Writes {@code layout} unless a layout exists.
   *
   * @return the layout in force: {@code layout}, or the one written before it
   */
  public JobLayout claim(JobLayout layout) throws IOException {
    if (SmallFiles.create(fs, file, encode(layout))) {
      return layout;
    }
    return read()
        .orElseThrow(() -> new IOException(file + " existed when written, and not when read"));
  }

  /**
   * Logs, once, where a task's or a later AM attempt's own configuration would have decided
   * otherwise than the layout it follows: a node whose mapred-site.xml differs (a rollout, a {@code
   * <final>} key on some nodes) is worth the admin's look, and harmless, since the layout rules.
   */
  public void noteOwnSettings(Configuration conf, JobLayout layout, String who) {
    List<String> differ = ownDifferences(conf, layout);
    if (!differ.isEmpty()) {
      LOG.warn(
          "Pikachu: {} follows the job's layout {} ({}), which its AM decided; this node's own"
              + " configuration says {}. Every task of the job follows the layout, so the job is"
              + " exact; check mapred-site.xml on this node",
          who,
          file,
          layout,
          String.join(", ", differ));
    } else {
      LOG.info("Pikachu: {} follows the job's layout {}: {}", who, file, layout);
    }
  }

  /**
   * What of a task's or AM attempt's own configuration differs from the layout it follows, one
   * phrase per setting; empty where its node would have decided the same.
   */
  static List<String> ownDifferences(Configuration conf, JobLayout layout) {
    List<String> differ = new ArrayList<>();
    boolean optedOut = VirtualBinsConfig.optedOut(conf);
    if (layout.bins() && optedOut) {
      differ.add(PikachuKeys.ENABLED.name() + "=false");
    }
    if (!optedOut) {
      Rebalancing own;
      try {
        own = VirtualBinsConfig.rebalancing(conf);
      } catch (RuntimeException e) {
        own = null; // a value this node cannot parse: the layout, which the AM validated, rules
        differ.add("a setting this node cannot read (" + e.getMessage() + ")");
      }
      if (own != null && layout.bins() != (own instanceof Rebalancing.Enabled)) {
        differ.add(
            own instanceof Rebalancing.Enabled
                ? "bins"
                : "stock (" + ((Rebalancing.SteppedAside) own).why() + ")");
      }
    }
    if (layout.bins()) {
      int ownBins = WideJobBins.perReducer(VirtualBinsConfig.lenientLookup(conf));
      if (ownBins != layout.binsPerReducer()) {
        differ.add(
            PikachuKeys.BINS_PER_REDUCER.name() + " giving " + ownBins + " bins per reducer");
      }
      String base = conf.getTrimmed(PikachuKeys.BINMAP_DIR.name(), "");
      // The layout's directory is <base>/<job id>-<suffix>, qualified (hdfs://host:port/...);
      // a node's base may name the same directory without scheme and authority.
      if (!base.isEmpty()
          && !new Path(layout.binMapDir())
              .getParent()
              .toUri()
              .getPath()
              .equals(new Path(base).toUri().getPath())) {
        differ.add(PikachuKeys.BINMAP_DIR.name() + "=" + base);
      }
    }
    return differ;
  }

  /**
   * A properties file, not JSON: every map and reducer reads it, and a task loads no JSON library
   * otherwise. Reading the layout cold cost 126-140 ms of the task thread's CPU with Jackson and
   * 28-29 ms with this (three fresh JVMs each on the development machine), against 1.7 s of CPU for
   * a whole map of the suite's 8 MB Wordcount.
   */
  static byte[] encode(JobLayout layout) throws IOException {
    Properties p = new Properties();
    p.setProperty(FORMAT, FORMAT_VALUE);
    p.setProperty(WRITTEN_BY, PikachuVersion.current());
    if (layout.bins()) {
      Rebalancing.Enabled how = layout.enabled().get();
      p.setProperty(KIND, BINS);
      p.setProperty(SLICING, how.slicing().name());
      p.setProperty(PARTITIONER, how.partitioner());
      p.setProperty(BINS_PER_REDUCER, Integer.toString(layout.binsPerReducer()));
      p.setProperty(BIN_MAP_DIR, layout.binMapDir());
    } else {
      Rebalancing.SteppedAside why = layout.steppedAside().get();
      p.setProperty(KIND, STOCK);
      p.setProperty(REASON, why.why().name());
      p.setProperty(DETAIL, why.detail());
    }
    StringWriter out = new StringWriter();
    p.store(out, "Pikachu job layout, decided by the job's AM before any task ran");
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private JobLayout decode(byte[] bytes) throws UnreadableLayoutException {
    Properties p = new Properties();
    try {
      p.load(new StringReader(new String(bytes, StandardCharsets.UTF_8)));
    } catch (IOException | IllegalArgumentException e) {
      throw new UnreadableLayoutException(file, e.getMessage());
    }
    if (!FORMAT_VALUE.equals(p.getProperty(FORMAT))) {
      throw new UnreadableLayoutException(
          file,
          "format '"
              + p.getProperty(FORMAT)
              + "', not '"
              + FORMAT_VALUE
              + "' (written by Pikachu "
              + p.getProperty(WRITTEN_BY, "unknown")
              + ", read by "
              + PikachuVersion.current()
              + "): every node must run one Pikachu version while a job runs");
    }
    try {
      String kind = required(p, KIND);
      if (BINS.equals(kind)) {
        return JobLayout.bins(
            Rebalancing.Enabled.of(Slicing.valueOf(required(p, SLICING)), required(p, PARTITIONER)),
            Integer.parseInt(required(p, BINS_PER_REDUCER)),
            required(p, BIN_MAP_DIR));
      }
      if (STOCK.equals(kind)) {
        return JobLayout.stock(
            Rebalancing.AsideReason.valueOf(required(p, REASON)), p.getProperty(DETAIL, ""));
      }
      throw new IllegalArgumentException(KIND + " is '" + kind + "', not bins or stock");
    } catch (IllegalArgumentException e) {
      throw new UnreadableLayoutException(file, e.getMessage());
    }
  }

  private static String required(Properties p, String name) {
    String v = p.getProperty(name);
    if (v == null || v.trim().isEmpty()) {
      throw new IllegalArgumentException(name + " is missing");
    }
    return v.trim();
  }
}
