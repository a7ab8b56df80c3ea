package io.pikachu.netmodels.hashing;

import java.util.Arrays;

/**
 * WCMP on a switch (section 3.5.2, heterogeneity among servers): a DIP of weight w gets a number of
 * replicated ECMP entries proportional to w, so an ECMP hash splits traffic by weight. ECMP entries
 * are scarce, so the replica counts are the smallest integer vector within {@link #TOLERANCE} of
 * the weights, or the best one within the entry budget.
 */
public final class WcmpWeights {
  /** Largest accepted relative error of any DIP's share before more entries are spent. */
  public static final double TOLERANCE = 0.05;

  private static final int MAX_SCALE = 64;

  private WcmpWeights() {}

  public static int[] replicas(double[] weights, int maxEntries) {
    int n = weights.length;
    if (n == 0) throw new IllegalArgumentException("WCMP needs at least one DIP");
    if (n > maxEntries) {
      throw new IllegalArgumentException(
          "WCMP: " + n + " DIPs do not fit in " + maxEntries + " ECMP entries");
    }
    double min = Double.POSITIVE_INFINITY;
    for (double w : weights) {
      if (!(w > 0) || Double.isInfinite(w))
        throw new IllegalArgumentException("WCMP weight must be > 0, got " + w);
      min = Math.min(min, w);
    }
    int[] best = null;
    double bestError = Double.POSITIVE_INFINITY;
    for (int scale = 1; scale <= MAX_SCALE; scale++) {
      int[] r = new int[n];
      long total = 0;
      for (int i = 0; i < n; i++) {
        r[i] = (int) Math.max(1, Math.round(scale * weights[i] / min));
        total += r[i];
      }
      if (total > maxEntries) break;
      double error = error(weights, r);
      if (error < bestError - 1e-12) {
        best = r;
        bestError = error;
      }
      if (error <= TOLERANCE) break;
    }
    if (best
        == null) { // not even one entry per weight unit fits: one entry each is the least-bad split
      best = new int[n];
      Arrays.fill(best, 1);
    }
    return best;
  }

  /** Largest relative deviation of a DIP's realised share from its weight share. */
  public static double error(double[] weights, int[] replicas) {
    double wSum = Arrays.stream(weights).sum();
    double rSum = Arrays.stream(replicas).sum();
    double worst = 0;
    for (int i = 0; i < weights.length; i++) {
      double want = weights[i] / wSum;
      worst = Math.max(worst, Math.abs(replicas[i] / rSum - want) / want);
    }
    return worst;
  }
}
