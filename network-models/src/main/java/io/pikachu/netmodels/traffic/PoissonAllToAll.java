package io.pikachu.netmodels.traffic;

import io.pikachu.netmodels.sim.RandomStreams;
import io.pikachu.netmodels.sim.Simulator;
import java.util.SplittableRandom;

/**
 * Poisson flow arrivals at every host, each to a uniformly random other host, at a load given as a
 * fraction of the host link rate: each host starts flows at rate {@code load x hostRate / (mean
 * flow size x 8 x wire bytes per payload byte)}, so that the offered wire traffic, headers
 * included, is {@code load} of its link (the DRILL scripts' formula). The union over hosts is one
 * Poisson process with the sum of the rates and a uniform source, which is how it is drawn.
 * Streams: {@code arrivals}, {@code pairs}, {@code sizes}.
 */
public final class PoissonAllToAll implements FlowSequence {
  private final int hosts;
  private final FlowSizes sizes;
  private final long endPs;
  private final double meanGapPs;
  private final SplittableRandom arrivals;
  private final SplittableRandom pairs;
  private final SplittableRandom sizeRnd;
  private double t;

  /**
   * @param wireFactor wire bytes per payload byte (1500 / 1460 for full packets)
   * @param startPs first possible arrival
   * @param endPs no arrival at or after this time
   */
  public PoissonAllToAll(
      int hosts,
      long hostRateBps,
      double load,
      FlowSizes sizes,
      double wireFactor,
      long startPs,
      long endPs,
      RandomStreams random) {
    if (!(load > 0 && load <= 1)) {
      throw new IllegalArgumentException("load must be in (0, 1], got " + load);
    }
    if (hosts < 2) throw new IllegalArgumentException("all-to-all traffic needs two hosts");
    this.hosts = hosts;
    this.sizes = sizes;
    this.endPs = endPs;
    double perHost = load * hostRateBps / (sizes.meanBytes() * 8 * wireFactor);
    this.meanGapPs = Simulator.PS_PER_S / (perHost * hosts);
    this.arrivals = random.stream("arrivals");
    this.pairs = random.stream("pairs");
    this.sizeRnd = random.stream("sizes");
    this.t = startPs;
  }

  /** Mean time between flow starts in the whole network, ps. */
  public double meanGapPs() {
    return meanGapPs;
  }

  @Override
  public FlowSpec next() {
    t += -Math.log(1 - arrivals.nextDouble()) * meanGapPs;
    long at = (long) t;
    if (at >= endPs) return null;
    int src = pairs.nextInt(hosts);
    int dst = pairs.nextInt(hosts - 1);
    if (dst >= src) dst++;
    return new FlowSpec(at, src, dst, sizes.sample(sizeRnd));
  }
}
