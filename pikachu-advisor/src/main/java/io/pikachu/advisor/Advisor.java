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
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Reads every history file under a folder (local or any Hadoop file system) and advises on each.
 */
public final class Advisor {

  /** The advice on every job, and the files that could not be used, each with its reason. */
  public static final class Report {
    public final List<Advice> jobs;
    public final List<String> bad;

    Report(List<Advice> jobs, List<String> bad) {
      this.jobs = Collections.unmodifiableList(jobs);
      this.bad = Collections.unmodifiableList(bad);
    }
  }

  private Advisor() {}

  /** The {@code .jhist} files under {@code folder}, recursively, sorted by name. */
  public static List<Path> historyFiles(Configuration conf, Path folder) throws IOException {
    FileSystem fs = folder.getFileSystem(conf);
    if (!fs.exists(folder)) {
      throw new IOException("no such folder: " + folder);
    }
    FileStatus status = fs.getFileStatus(folder);
    List<Path> files = new ArrayList<Path>();
    if (status.isFile()) {
      files.add(folder);
      return files;
    }
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(folder, true);
    while (it.hasNext()) {
      Path p = it.next().getPath();
      if (p.getName().endsWith(".jhist")) {
        files.add(p);
      }
    }
    if (files.isEmpty()) {
      throw new IOException(
          "no job history files (.jhist) under "
              + folder
              + "; point advise at the history server's done folder"
              + " (mapreduce.jobhistory.done-dir) or a copy of it");
    }
    Collections.sort(files);
    return files;
  }

  /**
   * Advises on every file, in parallel on the machine's cores, printing progress to {@code
   * progress} every 2 seconds.
   */
  public static Report advise(Configuration conf, List<Path> files, PrintStream progress)
      throws IOException {
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<Object>> futures = new ArrayList<Future<Object>>();
    for (final Path f : files) {
      final FileSystem fs = f.getFileSystem(conf);
      futures.add(pool.submit(() -> one(fs, f)));
    }
    pool.shutdown();
    List<Advice> jobs = new ArrayList<Advice>();
    List<String> bad = new ArrayList<String>();
    long start = System.nanoTime();
    long lastPrint = start;
    try {
      for (int i = 0; i < futures.size(); i++) {
        Object o = futures.get(i).get();
        if (o instanceof Advice) {
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
    return new Report(jobs, bad);
  }

  /** An {@link Advice}, or the file's problem in words. */
  static Object one(FileSystem fs, Path f) {
    JobHistory job;
    try {
      job = JobHistory.read(fs, f);
    } catch (JobHistory.BadHistoryException e) {
      return e.getMessage();
    }
    if (!"SUCCEEDED".equals(job.status())) {
      return f + ": the job did not succeed (" + job.status() + "); nothing to replay";
    }
    String aside = StepAside.reason(job);
    if (aside != null) {
      return Advice.steppedAside(job, aside);
    }
    if (job.successful(true).isEmpty() || job.successful(false).isEmpty()) {
      return f + ": the history lists no successful map or reducer attempt; nothing to replay";
    }
    try {
      JobReplay.Result r = new JobReplay(job).replay();
      String notes = r.notes;
      if (job.conf() == null) {
        notes =
            (notes.isEmpty() ? "" : notes + "; ")
                + "no "
                + job.jobId()
                + "_conf.xml beside the history: partitioner and speculation not checked";
      }
      return new Advice(
          f.getName(),
          job.jobId(),
          job.name(),
          job.jobSeconds(),
          r.simStock,
          r.simPikachu,
          r.p,
          r.fitError,
          null,
          notes,
          Advice.reducerSpread(job));
    } catch (IllegalArgumentException | IllegalStateException e) {
      return f + ": cannot replay this job (" + e.getMessage() + ")";
    }
  }
}
