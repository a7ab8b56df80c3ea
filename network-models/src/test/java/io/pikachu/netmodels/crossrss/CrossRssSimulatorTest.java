package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CrossRssSimulatorTest {
  private static RunSpec spec(Policy p, double load, long seed) {
    return new RunSpec(Cluster.seedSetup(), TraceShape.campusLike(), p, load, 20, 5, seed);
  }

  @Test
  void theSameSeedGivesTheSameRun() {
    for (Policy p : Policy.values()) {
      assertEquals(
          CrossRssSimulator.run(spec(p, 0.8, 4)),
          CrossRssSimulator.run(spec(p, 0.8, 4)),
          p.label());
    }
    assertTrue(
        CrossRssSimulator.run(spec(Policy.HASH, 0.8, 4)).coreVariance()
            != CrossRssSimulator.run(spec(Policy.HASH, 0.8, 5)).coreVariance());
  }

  /** Packets are neither made nor lost: offered = delivered + dropped + what sits in queues. */
  @Test
  void packetsAreConserved() {
    CrossRssRun r = CrossRssSimulator.run(spec(Policy.RR, 1.1, 2));
    double gap = r.offeredPackets() - r.deliveredPackets() - r.droppedPackets();
    int queues = Cluster.seedSetup().totalCores() * Cluster.seedSetup().queuePackets();
    assertTrue(Math.abs(gap) <= queues, "unaccounted packets: " + gap);
    assertTrue(r.droppedPackets() > 0.05 * r.offeredPackets(), "110% load drops");
  }

  @Test
  void theOfferedLoadIsWhatWasAskedFor() {
    RunSpec s =
        new RunSpec(Cluster.seedSetup(), TraceShape.campusLike(), Policy.HASH, 0.6, 100, 10, 3);
    CrossRssRun r = CrossRssSimulator.run(s);
    assertEquals(s.offeredGbps(), r.offeredGbps(), 0.05 * s.offeredGbps());
  }

  /**
   * CrossRSS's table moves buckets between servers at nearly every report, so routing later packets
   * by the table would break most connections; the cookie breaks none, and policies without a table
   * report no count.
   */
  @Test
  void tableRewritesWouldBreakConnectionsThatTheCookieKeeps() {
    CrossRssRun cross = CrossRssSimulator.run(spec(Policy.CROSSRSS, 0.5, 1));
    assertTrue(cross.tableEntriesRewritten() > 0);
    assertTrue(
        cross.brokenWithoutConsistency() > cross.connections() / 2,
        cross.brokenWithoutConsistency() + " of " + cross.connections());
    assertEquals(0, cross.brokenWithCookie());
    CrossRssRun hash = CrossRssSimulator.run(spec(Policy.HASH, 0.5, 1));
    assertEquals(-1, hash.brokenWithoutConsistency());
    assertEquals(0, hash.tableEntriesRewritten());
  }

  @Test
  void badRunsAreRefusedWithTheReason() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> spec(Policy.RR, 0, 1))
            .getMessage()
            .contains("offered load"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    new RunSpec(
                        Cluster.seedSetup(), TraceShape.campusLike(), Policy.RR, 1, 0.5, 1, 1))
            .getMessage()
            .contains("whole seconds"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new TraceShape(1.2, 400, 300, 500, 5000, 10, 1, 1000));
    assertThrows(IllegalArgumentException.class, () -> Cluster.seedSetup().withSize(0, 4));
  }
}
