package io.pikachu.netmodels.crossrss;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Prints how long the simulator takes for a large cluster (the target: 1,000 servers of 32
 * cores, 60 s of simulated traffic, within a minute), with what the run measured. Figures, not a
 * test: run it on a quiet machine.
 */
final class CrossRssBenchmark {
  private static final int WARMUP_SECONDS = 10;

  private CrossRssBenchmark() {}

  /**
   * @param load offered load as a fraction of capacity; not positive means Fig. 2a's load
   */
  static void run(
      int servers,
      int cores,
      int seconds,
      double load,
      List<Policy> policies,
      long seed,
      PrintStream out) {
    if (seconds <= WARMUP_SECONDS) {
      throw new IllegalArgumentException(
          "--seconds must exceed the " + WARMUP_SECONDS + " s warm-up, got " + seconds);
    }
    Cluster cluster = Cluster.seedSetup().withSize(servers, cores);
    RunSpec base =
        new RunSpec(
            cluster,
            TraceShape.campusLike(),
            Policy.CROSSRSS,
            1,
            WARMUP_SECONDS,
            seconds - WARMUP_SECONDS,
            seed);
    double x = load > 0 ? load : CrossRssFigures.fig2aLoad(Cluster.seedSetup(), base.trace());
    for (Policy p : policies) {
      long t0 = System.nanoTime();
      CrossRssRun r = CrossRssSimulator.run(base.with(p, x, seed));
      double wall = (System.nanoTime() - t0) / 1e9;
      Runtime rt = Runtime.getRuntime();
      out.printf(
          Locale.ROOT,
          "%s, %d servers x %d cores, load %.3f, %d s simulated (%d s warm-up): %.1f s wall,"
              + " %d connections (%.2f million per second of wall time), at most %d in flight,"
              + " heap in use %.0f MiB%n",
          p.label(),
          servers,
          cores,
          x,
          seconds,
          WARMUP_SECONDS,
          wall,
          r.connections(),
          r.connections() / wall / 1e6,
          r.maxInFlight(),
          (rt.totalMemory() - rt.freeMemory()) / 1048576.0);
      out.printf(
          Locale.ROOT,
          "  measured: per-core variance %.3f%%, per-server variance %.3f%%, offered %.1f Gbps,"
              + " delivered %.1f Gbps, dropped %.2f%%%n",
          100 * r.coreVariance(),
          100 * r.serverVariance(),
          r.offeredGbps(),
          r.deliveredGbps(),
          100 * r.dropShare());
    }
  }
}
