package io.pikachu.store;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.profile.JobLayout;
import io.pikachu.core.profile.LayoutDecision;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job's layout (bins or stock partitions), in the job's bin-map directory: decided and written
 * once by the first AM attempt before any task runs, read by every map and reducer, never changed.
 * A task that finds no file (an older AM, or a write that failed) writes or reads bins by its own
 * configuration; a later AM attempt that finds none keeps bins, because tasks may have run under
 * them.
 */
public final class JobLayoutStore {

  private static final Logger LOG = LoggerFactory.getLogger(JobLayoutStore.class);
  static final String FILE_NAME = "layout.properties";
  private static final String BINS = "bins";
  private static final String WHY = "why";
  private static final String BINS_PER_REDUCER = "binsPerReducer";
  private static final int MAX_BYTES = 1 << 16;

  private final FileSystem fs;
  private final Path file;

  JobLayoutStore(FileSystem fs, Path dir) {
    this.fs = SmallFiles.unwrap(fs);
    this.file = new Path(dir, FILE_NAME);
  }

  /** The layout file of the job described by {@code conf} (a job, AM or task configuration). */
  public static JobLayoutStore forJob(Configuration conf) throws IOException {
    Path dir = FsBinMapStore.directory(conf);
    return new JobLayoutStore(dir.getFileSystem(conf), dir);
  }

  /**
   * How a task of this job writes or reads map outputs: the job configuration's answer ({@link
   * VirtualBinsConfig#rebalancing}), unless the AM decided before any task ran that no bin would
   * move ({@link LayoutDecision}); with bins, cut by the AM's bins per reducer where its layout
   * records them (a task whose own configuration says otherwise warns and follows the AM, the one
   * reading every task of the job can see).
   *
   * @throws IOException when the layout file exists but cannot be read: the task cannot know what
   *     the other tasks write, so it must not guess
   */
  public static TaskLayout forTask(Configuration conf) throws IOException {
    Rebalancing fromConf = VirtualBinsConfig.rebalancing(conf);
    if (!(fromConf instanceof Rebalancing.Enabled)) {
      return new TaskLayout(fromConf, 0);
    }
    int ownBinsPerReducer = VirtualBinsConfig.binsPerReducer(conf);
    JobLayoutStore store = forJob(conf);
    Optional<JobLayout> layout = store.read();
    if (!layout.isPresent()) {
      return new TaskLayout(fromConf, ownBinsPerReducer);
    }
    if (!layout.get().bins()) {
      return stock(layout.get());
    }
    int decided = layout.get().binsPerReducer();
    if (decided == 0 || decided == ownBinsPerReducer) {
      return new TaskLayout(fromConf, ownBinsPerReducer);
    }
    LOG.warn(
        "Pikachu: this node's configuration says {}={}, the job's layout {} says {} (the AM's"
            + " reading, which every task of the job follows); check mapred-site.xml on this node",
        PikachuKeys.BINS_PER_REDUCER.name(),
        ownBinsPerReducer,
        store.file(),
        decided);
    return new TaskLayout(fromConf, decided);
  }

  private static TaskLayout stock(JobLayout layout) {
    return new TaskLayout(
        Rebalancing.SteppedAside.of(
            Rebalancing.AsideReason.ONE_NODE_CLASS,
            "the AM decided before any task ran: " + layout.why()),
        0);
  }

  public Path file() {
    return file;
  }

  /**
   * The layout written for this job, if any.
   *
   * @throws IOException naming the file, when it exists but is no layout
   */
  public Optional<JobLayout> read() throws IOException {
    byte[] bytes;
    try {
      bytes = SmallFiles.read(fs, file, MAX_BYTES);
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
    Properties p = new Properties();
    try {
      p.load(new StringReader(new String(bytes, StandardCharsets.UTF_8)));
      String bins = p.getProperty(BINS);
      if (!"true".equals(bins) && !"false".equals(bins)) {
        throw new IllegalArgumentException(BINS + " is '" + bins + "', not true or false");
      }
      String why = p.getProperty(WHY, "");
      int binsPerReducer = Integer.parseInt(p.getProperty(BINS_PER_REDUCER, "0"));
      return Optional.of(JobLayout.of(Boolean.parseBoolean(bins), why, binsPerReducer));
    } catch (IllegalArgumentException e) {
      throw new IOException("Pikachu job layout " + file + " is unreadable: " + e.getMessage(), e);
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
   * A properties file, not JSON: every map and reducer reads it, and a task loads no JSON library
   * otherwise. Reading the layout cold cost 126-140 ms of the task thread's CPU with Jackson and
   * 28-29 ms with this (three fresh JVMs each on the development machine), against 1.7 s of CPU for
   * a whole map of the suite's 8 MB Wordcount.
   */
  private static byte[] encode(JobLayout layout) throws IOException {
    Properties p = new Properties();
    p.setProperty(BINS, Boolean.toString(layout.bins()));
    p.setProperty(WHY, layout.why());
    p.setProperty(BINS_PER_REDUCER, Integer.toString(layout.binsPerReducer()));
    StringWriter out = new StringWriter();
    p.store(out, "Pikachu job layout, decided by the AM before any task ran");
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }
}
