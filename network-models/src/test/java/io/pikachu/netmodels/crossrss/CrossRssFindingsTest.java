package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seed's findings (notes, seed 003) on small runs of the seed's setup: 3 runs of 5 measured
 * seconds after 30 s of warm-up, for each of two seeds.
 */
class CrossRssFindingsTest {
  private static final int RUNS = 3;

  private static RunSpec base(long seed) {
    return new CrossRssFigures.Settings(RUNS, 5, 30, seed, true).base();
  }

  private static Map<Policy, Summary> at(double gbps, long seed) {
    RunSpec base = base(seed);
    double load = gbps / CrossRssFigures.capacityGbps(base.cluster(), base.trace());
    Map<Policy, Summary> m = new EnumMap<>(Policy.class);
    for (Policy p : Policy.values()) m.put(p, Summary.of(base, p, load, RUNS, seed));
    return m;
  }

  /** Fig. 2a: per-core variance at least 10x below RR, HASH and Pow2 (seed: 28-35x). */
  @Test
  void crossRssBalancesCoresTenTimesBetterThanEveryBaseline() {
    for (long seed : new long[] {11, 12}) {
      Map<Policy, Summary> m = at(16.7, seed);
      double cross = m.get(Policy.CROSSRSS).coreVariance();
      for (Policy p : new Policy[] {Policy.RR, Policy.HASH, Policy.POW2}) {
        double ratio = m.get(p).coreVariance() / cross;
        assertTrue(ratio >= 10, p.label() + " / CrossRSS = " + ratio + " (seed " + seed + ")");
      }
    }
  }

  /** Fig. 2a: the baselines balance servers well (seed: below 0.5%; tolerance 1%). */
  @Test
  void baselinesKeepServersWithinOnePercent() {
    for (long seed : new long[] {11, 12}) {
      Map<Policy, Summary> m = at(16.7, seed);
      for (Policy p : new Policy[] {Policy.RR, Policy.HASH, Policy.POW2}) {
        assertTrue(
            m.get(p).serverVarianceMax() < 0.01,
            p.label() + " server variance " + m.get(p).serverVarianceMax());
      }
    }
  }

  /** Fig. 2b: below 60% load every policy delivers what is offered, to within 1%. */
  @Test
  void belowSixtyPercentLoadAllPoliciesDeliverTheSame() {
    Map<Policy, Summary> m = at(16.7, 13); // 52% of the 32 Gbps capacity
    double hash = m.get(Policy.HASH).deliveredGbps();
    for (Summary s : m.values()) {
      assertEquals(hash, s.deliveredGbps(), 0.01 * hash, s.policy().label());
      assertEquals(s.offeredGbps(), s.deliveredGbps(), 0.01 * s.offeredGbps());
    }
  }

  /**
   * Fig. 2b past saturation (33.3 and 36.7 Gbps offered, 104% and 115% of capacity), short runs:
   * the notes' 1.05x against round robin, and against hashing the direction with the same margin.
   * The notes' 1.08x against hashing is asserted at the seed's scale at 33.3 Gbps by
   * CrossRssFullScaleTest; at 36.7 Gbps no balancer can reach it against this model's hashing
   * (docs/network-models/crossrss.md says why).
   */
  @Test
  void pastSaturationCrossRssDeliversMoreThanHashingAndRoundRobin() {
    for (double gbps : new double[] {33.3, 36.7}) {
      Map<Policy, Summary> m = at(gbps, 14);
      double cross = m.get(Policy.CROSSRSS).deliveredGbps();
      for (Policy p : new Policy[] {Policy.HASH, Policy.RR}) {
        double ratio = cross / m.get(p).deliveredGbps();
        assertTrue(ratio >= 1.05, "CrossRSS / " + p.label() + " at " + gbps + " Gbps: " + ratio);
      }
    }
  }
}
