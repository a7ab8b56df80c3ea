package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.core.profile.LayoutDecision;
import io.pikachu.core.profile.NodeProfile;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A node profile learnt from one job, read by the next (docs/controller.md, section 4c): a right
 * profile gives the right provisional map at reducer placement, before any map has finished; a
 * profile of equal nodes gives no bins at all; a stale one costs one correction.
 */
class NodeProfileReplayTest {

  private static final long DAY = 86_400_000L;
  private static final String WORK = "WordCount$TokenizerMapper";

  /**
   * Two fast nodes with 4x a slow node's map speed and shuffle capacity; every reducer starts with
   * the job (slow start 0), before any map can have finished, and a slow node's maps take 20 s to
   * start their JVM, so the job alone cannot measure the slow nodes for 23 s (with the start, the
   * slow nodes' map capacity is 1/12 of a fast node's).
   */
  private static SyntheticJob twoClasses(long seed) {
    SyntheticJob job = new SyntheticJob().maps(200, 10).seed(seed).noise(0.2);
    for (int i = 1; i <= 2; i++) {
      job.node("fast" + i, 2.0, 4, 12.0, 1.2);
    }
    for (int i = 1; i <= 3; i++) {
      job.node("slow" + i, 1.0, 2, 3.0, 0.66).mapStartOn("slow" + i, 20_000);
    }
    for (String n : List.of("fast1", "slow1", "fast2", "slow2", "slow3")) {
      job.lateReducer(n, 0).lateReducer(n, 0);
    }
    return job;
  }

  private static SyntheticJob equalNodes(long seed) {
    SyntheticJob job = new SyntheticJob().maps(100, 10).seed(seed).noise(0.2);
    for (int i = 1; i <= 4; i++) {
      job.node("n" + i, 1.0, 2, 5.0, 1.0);
      job.lateReducer("n" + i, 0).lateReducer("n" + i, 0);
    }
    return job;
  }

  private static JobController controller(SyntheticJob job) {
    return new JobController(
        ControllerConfig.fromMap(Map.of(PikachuKeys.ESTIMATOR.name(), "two-stage")),
        job.numReducers(),
        Slicing.HASH);
  }

  /** What the AM records at the end of a job: the profile the next job reads. */
  private static NodeProfile learn(SyntheticJob job) {
    JobController c = controller(job);
    TwoStageControllerTest.closedLoop(job, c);
    return NodeProfile.empty()
        .merge(
            JobMeasurement.of("job_1", WORK, 0, c.measuredNodeSpeeds(), c.measuredNodeMaps()), DAY);
  }

  private static Map<String, Double> profiled(NodeProfile p) {
    return p.freshSpeeds(WORK, 60_000, DAY);
  }

  private static long firstMapSucceededMs(SyntheticJob job) {
    return job.run().stream()
        .filter(r -> r.type() == TaskType.MAP && r.state() == AttemptState.SUCCEEDED)
        .mapToLong(StatusReport::timeMs)
        .min()
        .getAsLong();
  }

  private static double pOf(Decision d, String klass) {
    return d.classes().stream().filter(c -> c.name().equals(klass)).findFirst().get().p();
  }

  private static String why(DecisionRecord r) {
    return r.versions().stream().map(Decision::summaryLine).toList().toString();
  }

  @Test
  void aTwoClassProfileGivesTheRightMapAtPlacementBeforeAnyMapHasFinished() {
    NodeProfile profile = learn(twoClasses(1));
    assertTrue(profiled(profile).get("fast1") > 3 * profiled(profile).get("slow1"), "" + profile);

    SyntheticJob job = twoClasses(2);
    long firstMapDone = firstMapSucceededMs(twoClasses(2));
    DecisionRecord withProfile =
        TwoStageControllerTest.closedLoop(job, controller(job).withProfile(profiled(profile)));
    Decision provisional = withProfile.versions().get(0);
    assertEquals(DecisionStage.PROVISIONAL, provisional.stage(), why(withProfile));
    assertTrue(provisional.decidedAtMs() < firstMapDone, why(withProfile));
    assertTrue(provisional.rules().contains(JobController.PROFILE_RULE), why(withProfile));
    assertTrue(provisional.rebalanced(), why(withProfile));
    assertEquals(DecisionStage.CONFIRMED, withProfile.last().stage(), why(withProfile));

    // Without the profile, the same job waits for its own measurements of the reducers' nodes,
    // and decides what the profile gave it from the start.
    SyntheticJob blind = twoClasses(2);
    Decision first = TwoStageControllerTest.closedLoop(blind, controller(blind)).versions().get(0);
    assertTrue(first.decidedAtMs() >= firstMapDone, first.summaryLine());
    assertEquals(pOf(first, "fast"), pOf(provisional, "fast"), 0.1 * pOf(first, "fast"));
    assertEquals(first.reducerBins(), withProfile.last().reducerBins());
  }

  @Test
  void anEqualNodeProfileGivesNoBins() {
    NodeProfile profile = learn(equalNodes(1));
    assertEquals(4, profiled(profile).size(), "" + profile);
    Rebalancing.Enabled bins =
        Rebalancing.Enabled.of(
            Slicing.HASH, "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner");
    Rebalancing layout =
        LayoutDecision.decide(bins, Optional.empty(), profiled(profile), 3, 1.5, false);
    assertEquals(
        Rebalancing.AsideReason.ONE_NODE_CLASS,
        ((Rebalancing.SteppedAside) layout).why(),
        layout.toString());
    Rebalancing twoClass =
        LayoutDecision.decide(
            bins, Optional.empty(), profiled(learn(twoClasses(1))), 3, 1.5, false);
    assertEquals(bins, twoClass);
  }

  @Test
  void aStaleProfileIsCorrectedOnce() {
    // The nodes were swapped since the profile was written: the profile's fast nodes are slow.
    Map<String, Double> right = profiled(learn(twoClasses(1)));
    Map<String, Double> stale = new TreeMap<>();
    stale.put("fast1", right.get("slow1"));
    stale.put("fast2", right.get("slow2"));
    stale.put("slow1", right.get("fast1"));
    stale.put("slow2", right.get("fast2"));
    stale.put("slow3", right.get("fast1"));

    SyntheticJob job = twoClasses(2);
    DecisionRecord r = TwoStageControllerTest.closedLoop(job, controller(job).withProfile(stale));
    Decision provisional = r.versions().get(0);
    assertTrue(
        provisional.reducerBins().get(0) < provisional.reducerBins().get(2),
        "the stale profile favours slow1's reducers over fast1's: " + why(r));
    assertEquals(2, r.versions().size(), why(r));
    Decision last = r.last();
    assertEquals(DecisionStage.CORRECTED, last.stage(), why(r));
    assertTrue(
        last.reducerBins().get(0) > 2 * last.reducerBins().get(2),
        "corrected: fast1's reducers get the larger share: " + why(r));
  }

  /**
   * A node that hosts reducers but finishes no map of this job (here it has no map slot; on a real
   * cluster its maps may all have been copied away by faster nodes) can never be measured by the
   * job. Once every map has finished, the correction stops waiting for it and decides on its
   * profiled speed, instead of holding the final map, which reducers that fetched all their bins
   * wait for, until pikachu.stabilisation.max-wait-ms after the first reducer.
   */
  @Test
  void theCorrectionStopsWaitingForAProfiledNodeOnceEveryMapHasFinished() {
    Map<String, Double> profile = profiled(learn(twoClasses(1)));
    SyntheticJob job = new SyntheticJob().maps(60, 10).seed(3).noise(0.2);
    job.node("fast1", 2.0, 4, 12.0, 1.2).node("fast2", 2.0, 4, 12.0, 1.2);
    job.node("slow1", 1.0, 2, 3.0, 0.66).node("slow3", 1.0, 0, 3.0, 0.66);
    for (String n : List.of("fast1", "slow1", "fast2", "slow3")) {
      job.lateReducer(n, 0).lateReducer(n, 0);
    }
    long allMapsDone =
        job.run().stream()
            .filter(r -> r.type() == TaskType.MAP && r.state() == AttemptState.SUCCEEDED)
            .mapToLong(StatusReport::timeMs)
            .max()
            .getAsLong();
    JobController c =
        new JobController(
                ControllerConfig.fromMap(
                    Map.of(
                        PikachuKeys.ESTIMATOR.name(), "two-stage",
                        PikachuKeys.MAX_WAIT_MS.name(), "600000")),
                job.numReducers(),
                Slicing.HASH)
            .withProfile(profile);
    DecisionRecord r = TwoStageControllerTest.closedLoop(job, c);
    Decision last = r.last();
    assertTrue(last.decidedAtMs() <= allMapsDone + 2_000, why(r));
    assertTrue(last.notes().stream().anyMatch(n -> n.contains("slow3")), why(r));
  }
}
