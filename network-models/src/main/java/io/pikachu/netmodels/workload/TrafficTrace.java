package io.pikachu.netmodels.workload;

/**
 * Per-VIP traffic shares for a sequence of intervals (section 3.8.1: a 3-hour trace in 10-minute
 * intervals). Shares of an interval sum to 1; {@link #gbps} scales them to a total volume.
 */
public final class TrafficTrace {
  private final double[][] shares; // [interval][vip]
  private final double[] totalGbps;

  public TrafficTrace(double[][] shares, double[] totalGbps) {
    if (shares.length == 0 || shares.length != totalGbps.length) {
      throw new IllegalArgumentException(
          "trace needs one total per interval: "
              + shares.length
              + " intervals, "
              + totalGbps.length
              + " totals");
    }
    this.shares = shares;
    this.totalGbps = totalGbps.clone();
  }

  public int intervals() {
    return shares.length;
  }

  public int vips() {
    return shares[0].length;
  }

  public double totalGbps(int interval) {
    return totalGbps[interval];
  }

  /** Traffic per VIP in interval {@code interval} at the trace's own total. */
  public double[] gbps(int interval) {
    return gbps(interval, totalGbps[interval]);
  }

  /** Traffic per VIP in interval {@code interval}, rescaled to {@code total} Gbps. */
  public double[] gbps(int interval, double total) {
    if (interval < 0 || interval >= shares.length) {
      throw new IllegalArgumentException(
          "interval " + interval + " outside 0.." + (shares.length - 1));
    }
    double[] s = shares[interval];
    double[] out = new double[s.length];
    for (int v = 0; v < s.length; v++) out[v] = s[v] * total;
    return out;
  }
}
