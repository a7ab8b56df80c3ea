package io.pikachu.benchsuite.demo;

import io.pikachu.cluster.HeteroCluster;
import io.pikachu.cluster.history.JobTimeline;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import org.apache.hadoop.mapreduce.Job;

/** Runs a job on the embedded cluster with a progress line, and returns its timeline. */
public final class JobRunner {
  private static final Duration POLL = Duration.ofSeconds(1);
  private static final Duration PLAIN_LINE_EVERY = Duration.ofSeconds(10);

  private final HeteroCluster cluster;
  private final PrintStream out;
  private final boolean terminal;

  public JobRunner(HeteroCluster cluster, PrintStream out) {
    this.cluster = cluster;
    this.out = out;
    // Carriage-return redraws only make sense on a terminal; logs get a line every few seconds.
    this.terminal = System.console() != null;
  }

  public JobTimeline run(String label, Job job)
      throws IOException, InterruptedException, ClassNotFoundException {
    long start = System.nanoTime();
    job.submit();
    long lastPlainLine = 0;
    while (!job.isComplete()) {
      long elapsed = System.nanoTime() - start;
      String line =
          String.format(
              Locale.ROOT,
              "[%s] map %3.0f%%  reduce %3.0f%%  %4ds",
              label,
              100 * job.mapProgress(),
              100 * job.reduceProgress(),
              Duration.ofNanos(elapsed).toSeconds());
      if (terminal) {
        out.print("\r" + line);
        out.flush();
      } else if (elapsed - lastPlainLine >= PLAIN_LINE_EVERY.toNanos()) {
        out.println(line);
        lastPlainLine = elapsed;
      }
      Thread.sleep(POLL.toMillis());
    }
    if (terminal) {
      out.println();
    }
    if (!job.isSuccessful()) {
      throw new IOException(
          label + ": job " + job.getJobID() + " failed: " + job.getStatus().getFailureInfo());
    }
    out.printf(Locale.ROOT, "[%s] done in %.1f s%n", label, (System.nanoTime() - start) / 1e9);
    return JobTimeline.load(
        job.getConfiguration(),
        job.getJobID(),
        port -> cluster.nodeByPort(port).map(n -> n.name()).orElse("port-" + port),
        Duration.ofSeconds(60));
  }
}
