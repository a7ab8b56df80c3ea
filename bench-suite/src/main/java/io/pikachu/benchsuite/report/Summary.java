package io.pikachu.benchsuite.report;

import java.util.Arrays;
import java.util.stream.DoubleStream;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * One measurement over a method's repetitions: how many, the median, and the extremes. Medians,
 * because a single run disturbed by the machine (a GC pause, another process) should not move the
 * figure. NaN values are "not measured" (a rate without slow nodes, a failed digest) and are left
 * out rather than poisoning the median.
 */
record Summary(int n, double median, double min, double max) {

  static final Summary EMPTY = new Summary(0, Double.NaN, Double.NaN, Double.NaN);

  static Summary of(DoubleStream values) {
    double[] measured = values.filter(v -> !Double.isNaN(v)).toArray();
    if (measured.length == 0) {
      return EMPTY;
    }
    return new Summary(
        measured.length,
        new Median().evaluate(measured),
        Arrays.stream(measured).min().orElseThrow(),
        Arrays.stream(measured).max().orElseThrow());
  }

  boolean isEmpty() {
    return n == 0;
  }
}
