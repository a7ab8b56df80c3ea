package io.pikachu.netmodels.traffic;

import java.util.SplittableRandom;

/**
 * An empirical flow-size distribution given as CDF points (size, cumulative probability), sampled
 * by inverse transform either with linear interpolation between points (ns-2's {@code
 * EmpiricalRandomVariable} with {@code interpolation_ 2}, as the DRILL scripts use it) or as the
 * discrete point values. Sizes are in units of {@code unitBytes} and rounded up to whole units.
 */
public final class FlowSizes {
  private final double[] size;
  private final double[] cum;
  private final boolean interpolate;
  private final long unitBytes;
  private final String name;

  public FlowSizes(String name, double[] size, double[] cum, boolean interpolate, long unitBytes) {
    if (size.length != cum.length || size.length < 2) {
      throw new IllegalArgumentException(name + ": need at least two CDF points");
    }
    for (int i = 1; i < cum.length; i++) {
      if (cum[i] < cum[i - 1] || size[i] < size[i - 1]) {
        throw new IllegalArgumentException(name + ": CDF points must not decrease");
      }
    }
    if (cum[cum.length - 1] != 1.0)
      throw new IllegalArgumentException(name + ": CDF must end at 1");
    this.name = name;
    this.size = size.clone();
    this.cum = cum.clone();
    this.interpolate = interpolate;
    this.unitBytes = unitBytes;
  }

  /**
   * The web-search distribution as the DRILL scripts' {@code CDF_search.tcl} gives it, in packets
   * of 1460 payload bytes, interpolated (mean about 1141 packets, 1.67 MB).
   */
  public static FlowSizes webSearchDrill() {
    return new FlowSizes(
        "web search (DRILL scripts, interpolated, packets of 1460 B)",
        new double[] {6, 6, 13, 19, 33, 53, 133, 667, 1333, 3333, 6667, 20000},
        new double[] {0, 0.15, 0.2, 0.3, 0.4, 0.53, 0.6, 0.7, 0.8, 0.9, 0.97, 1},
        true,
        1460);
  }

  /** The VL2 data-mining distribution in bytes, interpolated (the notes' points). */
  public static FlowSizes dataMining() {
    return new FlowSizes(
        "data mining (VL2, interpolated, bytes)",
        new double[] {
          0, 180, 216, 560, 900, 1100, 1870, 3160, 10000, 400000, 3160000, 100000000, 1000000000
        },
        new double[] {0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 1},
        true,
        1);
  }

  public String name() {
    return name;
  }

  /** One flow size in bytes. */
  public long sample(SplittableRandom rnd) {
    double u = rnd.nextDouble();
    return units(u) * unitBytes;
  }

  private long units(double u) {
    int i = 1;
    while (i < cum.length - 1 && cum[i] < u) i++;
    // Now cum[i-1] <= u <= cum[i] (or i is the last point).
    if (!interpolate) return (long) Math.ceil(size[i]);
    double lo = cum[i - 1];
    double hi = cum[i];
    double x = hi > lo ? size[i - 1] + (size[i] - size[i - 1]) * (u - lo) / (hi - lo) : size[i];
    return Math.max(1, (long) Math.ceil(x));
  }

  /** Mean size in bytes, by numerical integration of the sampling rule (for load computations). */
  public double meanBytes() {
    int steps = 2_000_000;
    double sum = 0;
    for (int s = 0; s < steps; s++) sum += units((s + 0.5) / steps);
    return sum / steps * unitBytes;
  }
}
