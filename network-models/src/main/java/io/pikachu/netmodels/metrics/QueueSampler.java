package io.pikachu.netmodels.metrics;

import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.Simulator;
import java.util.List;

/**
 * Samples queue lengths every {@code periodPs} in {@code [fromPs, toPs)} and averages, per tier,
 * the population standard deviation of each switch's port queues (DRILL thesis, section 5.5: leaf
 * uplinks and spine downlinks, sampled every 1 us). The thesis's single figure is the unweighted
 * mean of the two tiers' averages ({@link #combined()}): its 0.95 at 80% load is (0.044 + 1.87) /
 * 2.
 *
 * <p>The thesis's "standard deviation of the outgoing queue lengths at each switch" has two other
 * readings, kept from the same samples: <b>pooled</b>, one standard deviation over every sample of
 * every port of the switch (spread across ports and over time together), and <b>temporal</b>, each
 * port's standard deviation over time, averaged over the switch's ports. Each is averaged over the
 * tier's switches as the first is.
 */
public final class QueueSampler implements EventSource {
  private final Simulator sim;
  private final List<List<Port>> lower;
  private final List<List<Port>> upper;
  private final long periodPs;
  private final long toPs;
  private double lowerSum;
  private double upperSum;
  private long samples;
  // Per tier, switch and port: the sum and the sum of squares of the port's samples.
  private final double[][][] lowerMoments;
  private final double[][][] upperMoments;

  public QueueSampler(
      Simulator sim,
      List<List<Port>> lowerTier,
      List<List<Port>> upperTier,
      long periodPs,
      long fromPs,
      long toPs) {
    if (periodPs <= 0) throw new IllegalArgumentException("sampling period must be positive");
    this.sim = sim;
    this.lower = lowerTier;
    this.upper = upperTier;
    this.periodPs = periodPs;
    this.toPs = toPs;
    this.lowerMoments = moments(lowerTier);
    this.upperMoments = moments(upperTier);
    if (fromPs < toPs) sim.schedule(fromPs, this, 0);
  }

  private static double[][][] moments(List<List<Port>> tier) {
    double[][][] m = new double[tier.size()][][];
    for (int s = 0; s < m.length; s++) m[s] = new double[2][tier.get(s).size()];
    return m;
  }

  @Override
  public void onEvent(int tag) {
    lowerSum += meanStd(lower, lowerMoments);
    upperSum += meanStd(upper, upperMoments);
    samples++;
    long next = sim.now() + periodPs;
    if (next < toPs) sim.schedule(next, this, 0);
  }

  private static double meanStd(List<List<Port>> tier, double[][][] moments) {
    if (tier.isEmpty()) return 0;
    double total = 0;
    for (int s = 0; s < tier.size(); s++) {
      List<Port> ports = tier.get(s);
      double[] portSum = moments[s][0];
      double[] portSq = moments[s][1];
      int n = ports.size();
      double sum = 0;
      double sq = 0;
      for (int i = 0; i < n; i++) {
        int q = ports.get(i).queueLength();
        sum += q;
        sq += (double) q * q;
        portSum[i] += q;
        portSq[i] += (double) q * q;
      }
      double mean = sum / n;
      total += Math.sqrt(Math.max(0, sq / n - mean * mean));
    }
    return total / tier.size();
  }

  public long samples() {
    return samples;
  }

  /** Mean over samples and switches of the lower tier's (leaves') queue standard deviation. */
  public double lowerMean() {
    return samples == 0 ? Double.NaN : lowerSum / samples;
  }

  /** The same for the upper tier (spines). */
  public double upperMean() {
    return samples == 0 ? Double.NaN : upperSum / samples;
  }

  /** (lower + upper) / 2, the thesis's figure. */
  public double combined() {
    return (lowerMean() + upperMean()) / 2;
  }

  /** The pooled reading of the lower tier: per switch, one std dev over all its ports' samples. */
  public double lowerPooled() {
    return pooled(lowerMoments);
  }

  public double upperPooled() {
    return pooled(upperMoments);
  }

  /** The temporal reading of the lower tier: per port, the std dev of its samples over time. */
  public double lowerTemporal() {
    return temporal(lowerMoments);
  }

  public double upperTemporal() {
    return temporal(upperMoments);
  }

  private double pooled(double[][][] moments) {
    if (samples == 0 || moments.length == 0) return Double.NaN;
    double total = 0;
    for (double[][] sw : moments) {
      double sum = 0;
      double sq = 0;
      for (int i = 0; i < sw[0].length; i++) {
        sum += sw[0][i];
        sq += sw[1][i];
      }
      total += std(sum, sq, (double) samples * sw[0].length);
    }
    return total / moments.length;
  }

  private double temporal(double[][][] moments) {
    if (samples == 0 || moments.length == 0) return Double.NaN;
    double total = 0;
    for (double[][] sw : moments) {
      double perPort = 0;
      for (int i = 0; i < sw[0].length; i++) perPort += std(sw[0][i], sw[1][i], samples);
      total += perPort / sw[0].length;
    }
    return total / moments.length;
  }

  /** Population standard deviation from a sum, a sum of squares and a count. */
  private static double std(double sum, double sq, double n) {
    double mean = sum / n;
    return Math.sqrt(Math.max(0, sq / n - mean * mean));
  }
}
