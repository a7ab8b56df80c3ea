package io.pikachu.netmodels.sim;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Schedule-and-pop rate of the event queue in the classic hold model: the queue holds N pending
 * events; each operation pops the earliest and schedules one new event a random (exponential) time
 * later, so N stays constant. One "operation" below is one pop plus one schedule. Figures, not a
 * test: run it alone on the machine (under the heavy lock).
 */
public final class EventCoreBenchmark {
  private static final int[] SIZES = {100, 1_000, 10_000, 100_000};
  private static final int OPS = 20_000_000;
  private static final int ROUNDS = 5;

  private static long lastWidth;
  private static int lastBuckets;

  private EventCoreBenchmark() {}

  /** A source that does nothing, so that the loop measures the queue alone. */
  private static final class Sink implements EventSource {
    long fired;

    @Override
    public void onEvent(int tag) {
      fired += tag;
    }
  }

  public static void run(PrintStream out) {
    out.println("event core, hold model: pop the earliest event, schedule one at +Exp(mean 1 us)");
    for (int n : SIZES) {
      double[] rates = new double[ROUNDS];
      for (int r = 0; r < ROUNDS; r++) rates[r] = holdRate(n);
      double[] sorted = rates.clone();
      Arrays.sort(sorted);
      out.printf(
          Locale.ROOT,
          "  %,7d pending: %.1f M schedule+pop per second (median of %d rounds of %,d; min %.1f,"
              + " max %.1f; %d buckets of %d ps)%n",
          n,
          sorted[ROUNDS / 2] / 1e6,
          ROUNDS,
          OPS,
          sorted[0] / 1e6,
          sorted[ROUNDS - 1] / 1e6,
          lastBuckets,
          lastWidth);
    }
  }

  static double holdRate(int n) {
    EventQueue q = new EventQueue(n + 1);
    Sink sink = new Sink();
    SplittableRandom rnd = new SplittableRandom(n);
    // Exponential increments drawn up front so that the timed loop measures the queue only.
    long[] gaps = new long[1 << 16];
    for (int i = 0; i < gaps.length; i++) {
      gaps[i] = (long) (-Math.log(1 - rnd.nextDouble()) * Simulator.PS_PER_US) + 1;
    }
    for (int i = 0; i < n; i++) q.schedule(gaps[i & 0xffff] * (i % 7 + 1), sink, 1);
    lastWidth = q.bucketWidth();
    long t0 = System.nanoTime();
    for (int i = 0; i < OPS; i++) {
      long t = q.peekTime();
      q.pop().onEvent(1);
      q.schedule(t + gaps[i & 0xffff], sink, 1);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (sink.fired != OPS) throw new AssertionError("lost events");
    lastWidth = q.bucketWidth();
    lastBuckets = q.buckets();
    return OPS / seconds;
  }

  public static void main(String[] args) {
    run(System.out);
  }
}
