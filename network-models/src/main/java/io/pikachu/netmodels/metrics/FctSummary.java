package io.pikachu.netmodels.metrics;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Flow completion times of a set of flows: count, mean (arithmetic, as the DRILL scripts' "avg"),
 * median and 99th percentile (nearest rank), in milliseconds.
 */
public record FctSummary(int count, double meanMs, double medianMs, double p99Ms) {
  public static final FctSummary EMPTY = new FctSummary(0, Double.NaN, Double.NaN, Double.NaN);

  public static FctSummary of(List<FlowRecord> flows) {
    return of(flows, f -> true);
  }

  public static FctSummary of(List<FlowRecord> flows, Predicate<FlowRecord> which) {
    double[] ms = flows.stream().filter(which).mapToDouble(f -> f.fctPs() / 1e9).toArray();
    if (ms.length == 0) return EMPTY;
    Arrays.sort(ms);
    double sum = 0;
    for (double v : ms) sum += v;
    return new FctSummary(ms.length, sum / ms.length, nearestRank(ms, 0.5), nearestRank(ms, 0.99));
  }

  /** The smallest value with at least {@code q} of the sample at or below it. */
  static double nearestRank(double[] sorted, double q) {
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, rank - 1)];
  }
}
