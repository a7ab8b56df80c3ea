package io.pikachu.netmodels.maglev;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Prints how long a Maglev table takes to build (1,000 backends, M = 65537, as the issue asks) and
 * how many lookups per second one core does. Figures, not a test: run it on a quiet machine.
 */
public final class MaglevBenchmark {
  private static final int BACKENDS = 1000;
  private static final int BUILDS = 7;
  private static final int LOOKUPS = 20_000_000;

  private MaglevBenchmark() {}

  public static void run(PrintStream out) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < BACKENDS; i++) {
      names.add("backend-" + i);
    }
    MaglevTable table = null;
    double[] buildMs = new double[BUILDS];
    for (int b = 0; b < BUILDS; b++) {
      long t0 = System.nanoTime();
      table = MaglevTable.build(names, MaglevTable.DEFAULT_SIZE);
      buildMs[b] = (System.nanoTime() - t0) / 1e6;
    }
    double[] sorted = buildMs.clone();
    Arrays.sort(sorted);
    out.printf(
        Locale.ROOT,
        "Maglev table, %d backends, M = %d: build %.1f ms (median of %d; first, cold JVM: %.1f ms)%n",
        BACKENDS,
        MaglevTable.DEFAULT_SIZE,
        sorted[BUILDS / 2],
        BUILDS,
        buildMs[0]);
    FiveTuple[] flows = new FiveTuple[1 << 16];
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < flows.length; i++) {
      flows[i] = new FiveTuple(r.nextInt(), r.nextInt(), r.nextInt(65536), 443, 6);
    }
    long sink = 0;
    for (int round = 0; round < 2; round++) { // the first round warms the JIT up
      long t0 = System.nanoTime();
      for (int i = 0; i < LOOKUPS; i++) {
        sink += table.lookup(flows[i & (flows.length - 1)]).length();
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      if (round == 1) {
        out.printf(
            Locale.ROOT,
            "lookups: %.1f million per second on one thread (%d lookups in %.2f s; checksum %d)%n",
            LOOKUPS / seconds / 1e6,
            LOOKUPS,
            seconds,
            sink);
      }
    }
  }
}
