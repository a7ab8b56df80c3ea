package io.pikachu.advisor;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads every history file under a folder (local or any Hadoop file system) and advises on each.
 */
public final class Advisor {

  /** The advice on every job, and the files that could not be used, each with its reason. */
  public static final class Report {
    public final List<Advice> jobs;
    public final List<String> bad;

    /** Jobs read whose name or finish day the filter rejected. */
    public final int filteredOut;

    Report(List<Advice> jobs, List<String> bad, int filteredOut) {
      this.jobs = Collections.unmodifiableList(jobs);
      this.bad = Collections.unmodifiableList(bad);
      this.filteredOut = filteredOut;
    }

    /** Jobs whose {@code _conf.xml} was not beside their history. */
    public int withoutConf() {
      int n = 0;
      for (Advice a : jobs) {
        n += a.confFound ? 0 : 1;
      }
      return n;
    }
  }

  /** A job the filter rejected once read (its file name did not say). */
  private static final Object FILTERED = new Object();

  private Advisor() {}

  /** The {@code .jhist} files under {@code folder}, recursively, sorted by name. */
  public static List<Path> historyFiles(Configuration conf, Path folder) throws IOException {
    return HistoryListing.list(conf, folder, HistoryListing.Filter.all());
  }

  /**
   * Advises on every file, in parallel on the machine's cores, printing progress to {@code
   * progress} every 2 seconds.
   */
  public static Report advise(Configuration conf, List<Path> files, PrintStream progress)
      throws IOException {
    return advise(conf, files, HistoryListing.Filter.all(), false, 0, progress);
  }

  /**
   * @param filter jobs to keep, judged again on the history's own name and finish time
   * @param keepDetail keep each job's history and replay, for pages
   * @param listedOut history files the listing already rejected by their names
   */
  public static Report advise(
      Configuration conf,
      List<Path> files,
      HistoryListing.Filter filter,
      boolean keepDetail,
      int listedOut,
      PrintStream progress)
      throws IOException {
    return advise(conf, files, filter, keepDetail, listedOut, false, progress);
  }

  /**
   * @param pluginOfTheirTime replay each stock job's Pikachu twin with the plugin Pikachu had when
   *     the job ran ({@link JobReplay}), as {@code --pairs} compares it with a twin run then; by
   *     default the prediction is for today's plugin
   */
  public static Report advise(
      Configuration conf,
      List<Path> files,
      final HistoryListing.Filter filter,
      final boolean keepDetail,
      int listedOut,
      final boolean pluginOfTheirTime,
      PrintStream progress)
      throws IOException {
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    // the node profile the cluster held when each job started: from the jobs run under Pikachu
    final ReplayProfile profile = new ReplayProfile();
    for (Path f : files) {
      try {
        JobHistory h = JobHistory.read(f.getFileSystem(conf), f);
        if ("SUCCEEDED".equals(h.status())) {
          profile.add(h);
        }
      } catch (JobHistory.BadHistoryException e) {
        // reported with its reason by the advice on that file below
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<Object>> futures = new ArrayList<Future<Object>>();
    for (final Path f : files) {
      final FileSystem fs = f.getFileSystem(conf);
      futures.add(pool.submit(() -> one(fs, f, filter, keepDetail, profile, pluginOfTheirTime)));
    }
    pool.shutdown();
    List<Advice> jobs = new ArrayList<Advice>();
    List<String> bad = new ArrayList<String>();
    int filtered = listedOut;
    long start = System.nanoTime();
    long lastPrint = start;
    try {
      for (int i = 0; i < futures.size(); i++) {
        Object o = futures.get(i).get();
        if (o == FILTERED) {
          filtered++;
        } else if (o instanceof Advice) {
          jobs.add((Advice) o);
        } else {
          bad.add((String) o);
        }
        long now = System.nanoTime();
        if (progress != null && (now - lastPrint > 2_000_000_000L || i + 1 == futures.size())) {
          lastPrint = now;
          progress.printf(
              Locale.ROOT,
              "advise: %d of %d history files read (%.0f s)%n",
              i + 1,
              futures.size(),
              (now - start) / 1e9);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (ExecutionException e) {
      throw new IOException("advise failed: " + e.getCause(), e.getCause());
    }
    return new Report(jobs, bad, filtered);
  }

  /** An {@link Advice}, the file's problem in words, or {@link #FILTERED}. */
  static Object one(
      FileSystem fs,
      Path f,
      HistoryListing.Filter filter,
      boolean keepDetail,
      ReplayProfile profile,
      boolean pluginOfTheirTime) {
    JobHistory job;
    try {
      job = JobHistory.read(fs, f);
    } catch (JobHistory.BadHistoryException e) {
      return e.getMessage();
    }
    if (!filter.accepts(job.name(), job.finishMs())) {
      return FILTERED;
    }
    if (!"SUCCEEDED".equals(job.status())) {
      return f + ": the job did not succeed (" + job.status() + "); nothing to replay";
    }
    String aside = StepAside.reason(job);
    if (aside != null) {
      return Advice.builder(job, Advice.Kind.STEPS_ASIDE).stepAside(aside).build();
    }
    if (job.ranUnderPikachu() && !job.ranWithBins()) {
      return Advice.builder(job, Advice.Kind.PIKACHU_NO_BINS)
          .notes(
              "ran with Pikachu installed, which published no bin map (it stepped aside or kept"
                  + " stock's placement): it ran as stock does")
          .build();
    }
    if (job.successful(true).isEmpty() || job.successful(false).isEmpty()) {
      return f + ": the history lists no successful map or reducer attempt; nothing to replay";
    }
    try {
      JobReplay.Result r = new JobReplay(job, profile.at(job), pluginOfTheirTime).replay();
      Advice.Builder b =
          Advice.builder(job, job.ranWithBins() ? Advice.Kind.PIKACHU : Advice.Kind.STOCK)
              .replay(r);
      if (keepDetail) {
        b.detail(job);
      }
      return b.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      return f + ": cannot replay this job (" + e.getMessage() + ")";
    }
  }
}
