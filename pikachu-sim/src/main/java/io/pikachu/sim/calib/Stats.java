package io.pikachu.sim.calib;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Medians and their 95% intervals (percentile bootstrap, seeded so reports are reproducible), and
 * means with their t intervals.
 */
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

  /**
   * The mean and its 95% interval (Student's t over the values' spread): {mean, low, high}; the
   * interval is the mean itself for one value, and NaN for none.
   */
  public static double[] meanInterval(double[] v) {
    if (v.length == 0) {
      return new double[] {Double.NaN, Double.NaN, Double.NaN};
    }
    double mean = 0;
    for (double x : v) {
      mean += x / v.length;
    }
    if (v.length == 1) {
      return new double[] {mean, mean, mean};
    }
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    double se = Math.sqrt(ss / (v.length - 1) / v.length);
    double t = new TDistribution(v.length - 1).inverseCumulativeProbability(0.975);
    return new double[] {mean, mean - t * se, mean + t * se};
  }

  /** {@link #meanInterval} as text: {@code 1.37 [1.35, 1.39]} in the format given for each. */
  public static String meanCell(double[] v, String format) {
    double[] m = meanInterval(v);
    return String.format(
        Locale.ROOT, format + " [" + format + ", " + format + "]", m[0], m[1], m[2]);
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
