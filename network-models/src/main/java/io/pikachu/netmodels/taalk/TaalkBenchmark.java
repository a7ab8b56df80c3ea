package io.pikachu.netmodels.taalk;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Times the seed's full sweep (every load up to {@code maxLoad}, {@code reps} repetitions, TAALK,
 * random choice and Maglev; the target is one minute). Figures, not a test: run it on a
 * quiet machine.
 */
final class TaalkBenchmark {
  private TaalkBenchmark() {}

  static void run(Setup base, int reps, int maxLoad, PrintStream out) {
    List<Policy> policies = List.of(Policy.TAALK, Policy.RANDOM, Policy.MAGLEV);
    long t0 = System.nanoTime();
    long cpu0 = cpuNanos();
    Sweep s = Sweep.run(base, policies, Sweep.loads(maxLoad), reps);
    double wall = (System.nanoTime() - t0) / 1e9;
    double cpu = (cpuNanos() - cpu0) / 1e9;
    long flows = 0;
    for (Policy p : policies) {
      for (int i = 0; i < s.loads().length; i++) flows += s.fcts(p, i).length;
    }
    Runtime rt = Runtime.getRuntime();
    out.printf(
        Locale.ROOT,
        "TAALK sweep: loads 1-%d x %d repetitions x %d policies = %d runs, %d connections:"
            + " %.1f s wall, %.1f s CPU (%d processors), heap in use %.0f MiB%n",
        maxLoad,
        reps,
        policies.size(),
        maxLoad * reps * policies.size(),
        flows,
        wall,
        cpu,
        rt.availableProcessors(),
        (rt.totalMemory() - rt.freeMemory()) / 1048576.0);
  }

  private static long cpuNanos() {
    var bean = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (bean instanceof com.sun.management.OperatingSystemMXBean os) return os.getProcessCpuTime();
    return 0;
  }
}
