package io.pikachu.netmodels.crossrss;

import java.util.Map;

/**
 * The seed's Fig. 2 values, read from the authors' released result files (4 servers x 4 cores,
 * campus trace, 10 runs of 10 s).
 */
final class SeedFigures {
  private SeedFigures() {}

  /** Fig. 2a, percent: per-core and per-server variance. */
  static final Map<Policy, double[]> VARIANCE_PCT =
      Map.of(
          Policy.CROSSRSS, new double[] {0.262, 0.110},
          Policy.RR, new double[] {7.24, 0.306},
          Policy.HASH, new double[] {7.75, 0.459},
          Policy.POW2, new double[] {9.13, 0.150});

  /** Fig. 2b: the replay speeds' offered load, Gbps. */
  static final double[] OFFERED_GBPS = {16.7, 19.9, 23.3, 26.6, 30.0, 33.3, 36.7};

  /** Fig. 2b: delivered Gbps at each offered load. */
  static final Map<Policy, double[]> DELIVERED_GBPS =
      Map.of(
          Policy.CROSSRSS, new double[] {16.72, 19.93, 23.21, 26.37, 29.13, 31.14, 31.81},
          Policy.HASH, new double[] {16.72, 19.91, 22.98, 25.45, 26.91, 27.79, 28.35},
          Policy.POW2, new double[] {16.72, 19.88, 22.27, 25.00, 27.00, 28.36, 28.19},
          Policy.RR, new double[] {16.72, 19.90, 22.96, 25.48, 27.24, 28.49, 29.15});

  /** Fig. 2b: share of packets dropped at the highest offered load, percent. */
  static final Map<Policy, Double> DROP_PCT_AT_TOP =
      Map.of(Policy.CROSSRSS, 10.6, Policy.RR, 16.1, Policy.HASH, 17.8, Policy.POW2, 18.1);
}
