package io.pikachu.sim.engine;

import static io.pikachu.sim.engine.SimulationTest.REDUCE_HEAVY;
import static io.pikachu.sim.engine.SimulationTest.run;
import static io.pikachu.sim.engine.SimulationTest.twoClasses;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.core.binmap.BinBytesReport;
import io.pikachu.core.binmap.ByteAllocator;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.sim.model.JobSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The reducers' bin sizes reach the real controller (issue 43): with a Zipf-skewed job the byte
 * rule gives each reducer bytes close to its capacity share, where the count rule does not.
 */
class BinBytesFeedTest {

  private static final String BY_BYTES = PikachuKeys.ALLOCATE_BY_BYTES.name();

  /** Equal nodes, 6 reducers of 10 bins, partitions Zipf 1.5: the largest holds half the data. */
  private static JobSpec skewed() {
    return JobSpec.builder(REDUCE_HEAVY, 48, 16, 6).replication(1).skew(1.5).seed(3).build();
  }

  private static double[] held(SimResult r) {
    double[] mb = new double[r.reducers().size()];
    for (TaskRecord t : r.reducers()) {
      mb[t.task()] = t.heldMb();
    }
    return mb;
  }

  /** The most any reducer holds over the mean: 1 is even. */
  private static double worst(double[] mb) {
    double sum = 0;
    double max = 0;
    for (double v : mb) {
      sum += v;
      max = Math.max(max, v);
    }
    return max / (sum / mb.length);
  }

  private static Decision last(SimResult r) {
    List<Decision> v = r.decisions().versions();
    return v.get(v.size() - 1);
  }

  @Test
  void onEqualNodesTheByteRuleEvensASkewedJobWhereCountsCannot() {
    ClusterSpec equal = twoClasses(2, 2, 2);
    SimResult bytes = run(equal, skewed(), Method.TWO_STAGE);
    SimResult counts =
        run(equal, skewed().toBuilder().pikachu(BY_BYTES, "false").build(), Method.TWO_STAGE);

    assertTrue(last(bytes).rules().contains(ByteAllocator.RULE), last(bytes).summaryLine());
    assertFalse(last(counts).rules().contains(ByteAllocator.RULE));
    double byBytes = worst(held(bytes));
    double byCounts = worst(held(counts));
    assertTrue(byCounts > 2.0, "counts leave the Zipf partition's owner large: " + byCounts);
    assertTrue(byBytes < 1.2, "bytes even out the reducers: " + byBytes);
    assertTrue(bytes.jobSeconds() < counts.jobSeconds());
  }

  /**
   * The most any reducer holds over its capacity share of the job's bytes, the share its class's P
   * in the run's last decision gives it (P_r / sum of P over reducers): 1 is on target.
   */
  private static double worstOverShare(SimResult r) {
    Decision d = last(r);
    java.util.Map<String, Double> p = new java.util.HashMap<>();
    d.classes().forEach(c -> p.put(c.name(), c.p()));
    double[] mb = held(r);
    double total = 0;
    double sumP = 0;
    for (int i = 0; i < mb.length; i++) {
      total += mb[i];
      sumP += p.get(d.reducerClasses().get(i));
    }
    double worst = 0;
    for (int i = 0; i < mb.length; i++) {
      double share = total * p.get(d.reducerClasses().get(i)) / sumP;
      worst = Math.max(worst, mb[i] / share);
    }
    return worst;
  }

  @Test
  void onTwoClassesACorrectionThatSeesTheSizesGivesEachReducerItsShareOfTheBytes() {
    // the correction after a third of the maps: every bin has been seen from a quarter by then
    JobSpec late =
        skewed().toBuilder()
            .pikachu(PikachuKeys.WAVE_MAPS.name(), "16")
            .pikachu(PikachuKeys.MAX_WAIT_MS.name(), "3600000")
            .build();
    ClusterSpec twoSpeeds = twoClasses(4, 4, 2);
    SimResult bytes = run(twoSpeeds, late, Method.TWO_STAGE);
    SimResult counts =
        run(twoSpeeds, late.toBuilder().pikachu(BY_BYTES, "false").build(), Method.TWO_STAGE);

    assertTrue(last(bytes).rules().contains(ByteAllocator.RULE), last(bytes).summaryLine());
    double byBytes = worstOverShare(bytes);
    double byCounts = worstOverShare(counts);
    assertTrue(byBytes < byCounts, byBytes + " by bytes, " + byCounts + " by counts");
    assertTrue(byBytes < 1.25, "by bytes within 25% of the capacity share: " + byBytes);
  }

  @Test
  void theControllerSeesTheBytesTheReducersHold() {
    SimResult r = run(twoClasses(2, 2, 2), skewed(), Method.TWO_STAGE);
    List<Long> recorded = last(r).reducerBytes();
    double[] held = held(r);
    assertEquals(held.length, recorded.size());
    double total = 0;
    for (double v : held) {
      total += v;
    }
    for (int i = 0; i < held.length; i++) {
      // the controller's estimate over all maps, from the maps seen, within the maps' noise
      double mb = recorded.get(i) / (1024.0 * 1024.0);
      assertEquals(held[i], mb, 0.05 * total / held.length, "reducer " + i);
    }
  }

  @Test
  void withoutSkewTheByteRuleMovesNothing() {
    JobSpec even = skewed().toBuilder().skew(0).build();
    ClusterSpec equal = twoClasses(2, 2, 2);
    SimResult bytes = run(equal, even, Method.TWO_STAGE);
    SimResult counts =
        run(equal, even.toBuilder().pikachu(BY_BYTES, "false").build(), Method.TWO_STAGE);
    assertArrayEquals(held(counts), held(bytes), 1e-9);
    assertEquals(counts.jobSeconds(), bytes.jobSeconds(), 1e-9);
  }

  @Test
  void reportsGoOutAWindowAtATimeInTurn() {
    int[] bins = new int[200];
    long[] bytes = new long[200];
    for (int b = 0; b < bins.length; b++) {
      bins[b] = b;
      bytes[b] = 123_456_789L + b;
    }
    ControllerFeed.BinsKept kept = new ControllerFeed.BinsKept(bins, bytes, 37);
    List<BinBytesReport.Entry> first =
        BinBytesReport.decode(BinBytesReport.encode(ControllerFeed.turn(kept, 0)));
    assertTrue(first.size() > 10 && first.size() < bins.length, "one window: " + first.size());
    assertEquals(new BinBytesReport.Entry(0, 123_456_789L, 37), first.get(0));
    List<BinBytesReport.Entry> last = ControllerFeed.turn(kept, 190);
    assertEquals(190, last.get(0).bin());
    assertEquals(0, last.get(10).bin());
    assertEquals(bins.length, last.size());
  }
}
