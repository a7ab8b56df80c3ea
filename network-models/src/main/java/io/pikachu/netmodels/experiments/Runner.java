package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.run.RunResult;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Runs independent simulations, on several threads if asked, and returns their results in the order
 * given (each run has its own simulator and seed, so the results do not depend on the thread
 * count). Prints one progress line per finished run.
 */
public final class Runner {
  private final int threads;
  private final PrintStream progress;

  public Runner(int threads, PrintStream progress) {
    if (threads < 1) throw new IllegalArgumentException("--threads must be >= 1, got " + threads);
    this.threads = threads;
    this.progress = progress;
  }

  /** A run to do and the label its progress line shows. */
  public record Job(String label, Supplier<RunResult> run) {}

  public List<RunResult> run(List<Job> jobs) {
    long t0 = System.nanoTime();
    int[] done = {0};
    if (threads == 1) {
      List<RunResult> out = new ArrayList<>();
      for (Job j : jobs) out.add(finished(j, j.run().get(), ++done[0], jobs.size(), t0));
      return out;
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<RunResult>> fs = new ArrayList<>();
      for (Job j : jobs) {
        fs.add(
            pool.submit(
                () -> {
                  RunResult r = j.run().get();
                  synchronized (done) {
                    return finished(j, r, ++done[0], jobs.size(), t0);
                  }
                }));
      }
      List<RunResult> out = new ArrayList<>();
      for (Future<RunResult> f : fs) out.add(f.get());
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) throw re;
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private RunResult finished(Job j, RunResult r, int n, int of, long t0) {
    if (progress != null) {
      progress.printf(
          Locale.ROOT,
          "  [%d/%d] %s: %d flows, %.1f s (%.1f M packet-hops/s); %.0f s elapsed%n",
          n,
          of,
          j.label(),
          r.flows().size(),
          r.wallSeconds(),
          r.packetHops() / r.wallSeconds() / 1e6,
          (System.nanoTime() - t0) / 1e9);
    }
    return r;
  }
}
