package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rule {@code reducer-cpu-ceiling}: a reducer's capacity is its share of its node, but never more
 * than one reducer was seen to use. On the paper's 7 nodes with cores of equal speed (2 of 8 cores
 * and 8 map slots, 5 of 2 and 2, 2 reducers each) a reducer's share of a fast node is 4 cores, and
 * one that can use 1.2 of them shuffles 1.2 times a slow-node reducer's rate, not 4 times.
 */
class ReducerCpuCeilingTest {

  /**
   * The paper's cluster with cores of equal speed; every map uses its own core. A fast-node reducer
   * can use {@code fastReducerCores} and copies in proportion; a slow-node reducer has its node's
   * one core per reducer. Each copies faster than the job completes maps (2.6 a second), so no
   * class falls behind the maps and the one-shot estimator falls back on reducer capacity.
   */
  static SyntheticJob paperCluster(double fastReducerCores) {
    double mapsPerCoreSecond = 4.0;
    SyntheticJob job = new SyntheticJob().maps(400, 10);
    for (int i = 1; i <= 2; i++) {
      job.node("fast" + i, 1.0, 8, mapsPerCoreSecond * fastReducerCores, fastReducerCores);
      job.mapCpu("fast" + i, 1.0);
    }
    for (int i = 1; i <= 5; i++) {
      job.node("slow" + i, 1.0, 2, mapsPerCoreSecond, 1.0);
      job.mapCpu("slow" + i, 1.0);
    }
    for (String n : List.of("fast1", "slow1", "slow2", "fast2", "slow3", "slow4", "slow5")) {
      job.reducer(n).reducer(n);
    }
    return job;
  }

  private static double fastestP(Decision d) {
    return Replay.cls(d, "fast").p();
  }

  @Test
  void theOneShotEstimatorCapsAFastReducerAtTheCpuOneReducerUses() {
    Decision d = Replay.run(Map.of(), paperCluster(1.2));
    assertTrue(
        d.rules().contains("no-class-overloaded"), "the capacity branch: " + d.summaryLine());
    double p = fastestP(d);
    assertTrue(p > 1.05 && p < 1.5, "about 1.2, not the node share's 4: " + d.summaryLine());
    assertTrue(d.rules().contains("reducer-cpu-ceiling"), d.summaryLine());
    assertTrue(
        d.notes().stream().anyMatch(n -> n.contains("reducer-cpu-ceiling")), d.summaryLine());
    // The record keeps what the node share alone would have given.
    Double share = Replay.cls(d, "fast").nodeShare();
    assertTrue(share != null && share > 3 * Replay.cls(d, "fast").reducerCapacity());
  }

  @Test
  void aReducerSeenUsingMoreCoresRaisesTheCeiling() {
    Decision d = Replay.run(Map.of(), paperCluster(2.4));
    double p = fastestP(d);
    assertTrue(p > 2.0 && p < 3.0, "about 2.4: " + d.summaryLine());
  }

  @Test
  void theTwoStageProvisionalMapIsCappedBeforeAnyReducerIsMeasured() {
    DecisionRecord r = TwoStageControllerTest.closedLoop(paperCluster(1.2), Map.of());
    Decision provisional = r.versions().get(0);
    assertEquals(DecisionStage.PROVISIONAL, provisional.stage());
    assertTrue(
        provisional.classes().get(0).reducerCapacity()
            < 1.5 * provisional.classes().get(provisional.classes().size() - 1).reducerCapacity(),
        "one core until a reducer is seen using more: " + provisional.summaryLine());
    double last = fastestP(r.last());
    assertTrue(last < 1.5, "final: " + r.last().summaryLine());
  }

  @Test
  void aShareUnderOneCoreIsLeftAlone() {
    // The embedded cluster's shape: one node with 4 map slots on one core, slow nodes with one slot
    // on a quarter core, 2 reducers each: half a core per fast reducer, an eighth per slow one.
    SyntheticJob job = new SyntheticJob().maps(200, 10).noise(0.1);
    job.node("fast", 1.0, 4, 4.0, 0.5).mapCpu("fast", 0.25);
    for (String slow : List.of("slow1", "slow2")) {
      job.node(slow, 1.0, 1, 4.0, 0.125).mapCpu(slow, 0.25);
    }
    for (String n : List.of("fast", "slow1", "slow2")) {
      job.reducer(n).reducer(n);
    }
    Decision d = Replay.run(Map.of(), job);
    assertTrue(Math.abs(fastestP(d) - 4) < 0.5, "the node share: " + d.summaryLine());
    assertFalse(d.rules().contains("reducer-cpu-ceiling"), d.summaryLine());
  }
}
