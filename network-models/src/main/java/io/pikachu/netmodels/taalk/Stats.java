package io.pikachu.netmodels.taalk;

import java.util.Arrays;

/** Summary numbers of a set of completion times. */
final class Stats {
  private Stats() {}

  static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  static double max(double[] v) {
    return Arrays.stream(v).max().orElse(Double.NaN);
  }

  /** The q-quantile by linear interpolation between order statistics (q in [0, 1]). */
  static double quantile(double[] v, double q) {
    double[] s = v.clone();
    Arrays.sort(s);
    if (s.length == 0) return Double.NaN;
    double pos = q * (s.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(lo + 1, s.length - 1);
    return s[lo] + (pos - lo) * (s[hi] - s[lo]);
  }
}
