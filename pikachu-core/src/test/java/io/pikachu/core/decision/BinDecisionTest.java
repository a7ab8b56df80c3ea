package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.classify.NodeClassifier;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.observe.AttemptHistory;
import io.pikachu.core.decision.observe.JobObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The bin-map step's rules: unplaced reducers, classes without an estimate, the dead band. */
class BinDecisionTest {

  private static final SyntheticJob JOB = SyntheticJobs.wordcountLike(60);
  private static final JobObserver OBSERVER = new JobObserver(JOB.numReducers());

  static {
    JOB.run().forEach(OBSERVER::accept);
  }

  private static BinDecision decide(
      Map<Integer, AttemptHistory> live,
      Ratios ratios,
      double deadband,
      List<String> notes,
      List<String> rules) {
    var speeds = OBSERVER.nodeSpeeds();
    var classes =
        new NodeClassifier(Optional.empty(), 4, 1.3)
            .classify(OBSERVER.nodes(), speeds, OBSERVER.nodeMapRates());
    return BinDecision.of(JOB.numReducers(), live, classes, ratios, 10, deadband, notes, rules);
  }

  @Test
  void ratiosOutsideTheDeadBandFollowEquation22() {
    List<String> rules = new ArrayList<>();
    BinDecision d =
        decide(
            OBSERVER.liveReducers(),
            Ratios.of("slow", Map.of("fast", 4.0, "slow", 1.0)),
            0.1,
            new ArrayList<>(),
            rules);
    assertEquals(List.of(), rules);
    // 140 bins at weights 4 (four fast reducers) and 1 (ten slow): 21.5 and 5.4 each, rounded by
    // largest remainder
    assertArrayEquals(new int[] {22, 22, 6, 6, 5, 5, 22, 22, 5, 5, 5, 5, 5, 5}, d.counts());
  }

  @Test
  void ratiosWithinTheDeadBandLeaveTheMapEven() {
    List<String> notes = new ArrayList<>();
    List<String> rules = new ArrayList<>();
    BinDecision d =
        decide(
            OBSERVER.liveReducers(),
            Ratios.of("slow", Map.of("fast", 1.05, "slow", 1.0)),
            0.1,
            notes,
            rules);
    assertArrayEquals(even(), d.counts());
    assertEquals(List.of(BinDecision.DEADBAND_RULE), rules);
    assertTrue(notes.get(0).contains("within the dead band"), notes.toString());
  }

  @Test
  void unplacedReducersAndClassesWithoutEstimateGetTheReferenceShare() {
    var live = new java.util.TreeMap<>(OBSERVER.liveReducers());
    live.remove(0);
    List<String> notes = new ArrayList<>();
    List<String> rules = new ArrayList<>();
    BinDecision d = decide(live, Ratios.of("slow", Map.of("slow", 1.0)), 0.1, notes, rules);
    assertEquals(Decision.UNPLACED, d.reducerClasses().get(0));
    assertEquals(List.of(BinDecision.UNPLACED_RULE, BinDecision.NO_ESTIMATE_RULE), rules);
    assertArrayEquals(even(), d.counts(), "every reducer at P = 1");
  }

  private static int[] even() {
    int[] counts = new int[14];
    java.util.Arrays.fill(counts, 10);
    return counts;
  }
}
