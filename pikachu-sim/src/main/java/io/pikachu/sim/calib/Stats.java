package io.pikachu.sim.calib;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Medians and their 95% intervals (percentile bootstrap, seeded so reports are reproducible). */
public final class Stats {
  private Stats() {}

  public static double median(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  public static double mean(List<Double> v) {
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    return sum / v.size();
  }

  public static double median(List<Double> v) {
    return median(Calibration.toArray(v));
  }

  /** The 2.5th and 97.5th percentiles of the median over 2,000 bootstrap resamples. */
  public static double[] medianInterval(double[] v) {
    if (v.length < 2) {
      return new double[] {Double.NaN, Double.NaN};
    }
    Random random = new Random(20261127L);
    double[] medians = new double[2000];
    double[] sample = new double[v.length];
    for (int b = 0; b < medians.length; b++) {
      for (int i = 0; i < v.length; i++) {
        sample[i] = v[random.nextInt(v.length)];
      }
      medians[b] = median(sample);
    }
    Arrays.sort(medians);
    return new double[] {medians[49], medians[1949]};
  }
}
