package io.pikachu.netmodels.report;

import org.apache.commons.math3.distribution.TDistribution;

/** The 95% t-interval of a mean over independent runs (seeds), as every table reports it. */
public final class Intervals {
  private Intervals() {}

  public static double mean(double[] v) {
    double m = 0;
    for (double x : v) m += x / v.length;
    return m;
  }

  /** Half the width of the 95% t-interval of the mean; NaN for fewer than two values. */
  public static double halfWidth95(double[] v) {
    int n = v.length;
    if (n < 2) return Double.NaN;
    double m = mean(v);
    double ss = 0;
    for (double x : v) ss += (x - m) * (x - m);
    return new TDistribution(n - 1).inverseCumulativeProbability(0.975)
        * Math.sqrt(ss / (n - 1))
        / Math.sqrt(n);
  }
}
