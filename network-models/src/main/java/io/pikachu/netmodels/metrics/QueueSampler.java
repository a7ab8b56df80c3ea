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
    if (fromPs < toPs) sim.schedule(fromPs, this, 0);
  }

  @Override
  public void onEvent(int tag) {
    lowerSum += meanStd(lower);
    upperSum += meanStd(upper);
    samples++;
    long next = sim.now() + periodPs;
    if (next < toPs) sim.schedule(next, this, 0);
  }

  private static double meanStd(List<List<Port>> tier) {
    if (tier.isEmpty()) return 0;
    double total = 0;
    for (List<Port> ports : tier) {
      int n = ports.size();
      double sum = 0;
      double sq = 0;
      for (int i = 0; i < n; i++) {
        int q = ports.get(i).queueLength();
        sum += q;
        sq += (double) q * q;
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
}
