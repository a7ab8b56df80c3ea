package io.pikachu.core.decision;

import static io.pikachu.core.decision.Replay.cls;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.partitioning.Slicing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The controller end to end on synthetic jobs whose true partition ratio is known from their
 * parameters.
 */
class ControllerScenarioTest {

  private static final Map<String, String> PIKACHU = Map.of();

  static SyntheticJob wordcountLike() {
    return SyntheticJobs.wordcountLike(600);
  }

  static SyntheticJob sortLike() {
    return SyntheticJobs.sortLike(600);
  }

  @Test
  void twoClassesPikachuRecoversTheCapacityRatio() {
    SyntheticJob job = wordcountLike();
    Decision d = Replay.run(PIKACHU, job);

    assertEquals(DecisionReason.STABILISED, d.reason(), d.summaryLine());
    assertEquals(
        List.of("fast", "slow"), d.classes().stream().map(ClassMeasurement::name).toList());
    assertEquals(List.of("fast1", "fast2"), cls(d, "fast").nodes());
    assertEquals("slow", d.referenceClass());
    assertTrue(cls(d, "fast").caughtUp());
    assertFalse(cls(d, "slow").caughtUp());
    assertNull(cls(d, "slow").efficiency(), "an overloaded class has no efficiency below 1");
    double trueP = 12.0 / 3.0;
    assertEquals(trueP, cls(d, "fast").p(), 0.15 * trueP, d.summaryLine());
    // E_fast = completion rate / fast capacity, about 4.2 / 12.
    assertEquals(4.2 / 12, cls(d, "fast").efficiency(), 0.08, d.summaryLine());
    // Equation 2.1 exactly, from the recorded class values.
    ClassMeasurement f = cls(d, "fast");
    ClassMeasurement s = cls(d, "slow");
    assertEquals(f.shuffleRate() / s.shuffleRate() / f.efficiency(), f.p(), 1e-9);

    assertTrue(d.tsMs() < d.twMs());
    assertTrue(
        d.waveMaps() >= 26 && d.waveMaps() <= 30, "wave of the 26 map slots, got " + d.waveMaps());
    assertTrue(d.rebalanced());
    assertBinsFollowEquation22(d, f.p());
  }

  /**
   * The paper's Wordcount (section 2.4.3) with the maps' CPU counters known: its slow reducers lag
   * at 0.66 of a core, above their even share of a 2-core node among 2 maps and 2 reducers (0.5),
   * so they are short of CPU and `no-class-overloaded` leaves equation 2.1 to decide.
   */
  @Test
  void thePapersOverloadedSlowReducersAreShortOfCpu() {
    SyntheticJob job = wordcountLike();
    for (String n : List.of("fast1", "fast2", "slow1", "slow2", "slow3", "slow4", "slow5")) {
      job.mapCpu(n, 1.0);
    }
    Decision d = Replay.run(PIKACHU, job);
    assertFalse(cls(d, "slow").caughtUp());
    assertTrue(cls(d, "slow").cpuOfFairShare() > 1, d.summaryLine());
    assertTrue(d.rules().contains("equation-2.1"), d.summaryLine());
    assertEquals(4.0, cls(d, "fast").p(), 0.15 * 4.0, d.summaryLine());
  }

  @Test
  void d3UnderestimatesAndTarazuUsesMapRates() {
    SyntheticJob job = wordcountLike();
    List<StatusReport> reports = job.run();
    Decision pikachu = Replay.run(Replay.oneShot(), job.numReducers(), reports);
    Decision d3 = Replay.run(cfg("shuffle-rate"), job.numReducers(), reports);
    Decision tarazu = Replay.run(cfg("tarazu"), job.numReducers(), reports);
    Decision even = Replay.run(cfg("even"), job.numReducers(), reports);

    assertEquals(DecisionReason.STABILISED, d3.reason());
    assertEquals(pikachu.twMs(), d3.twMs(), "D3 and D3' decide at the same moment");
    // D3 sees the fast reducers throttled to the map completion rate: about 4.2 / 3.
    assertEquals(4.2 / 3, cls(d3, "fast").p(), 0.2);
    assertTrue(cls(pikachu, "fast").p() > 2 * cls(d3, "fast").p());

    assertEquals(DecisionReason.REDUCERS_PLACED, tarazu.reason());
    assertTrue(tarazu.decidedAtMs() < pikachu.tsMs(), "tarazu decides when reducers start");
    assertEquals(2.0, cls(tarazu, "fast").p(), 0.2, "map speed ratio");

    assertEquals(DecisionReason.REDUCERS_PLACED, even.reason());
    assertFalse(even.rebalanced());
    assertTrue(even.reducerBins().stream().allMatch(b -> b == 10));
  }

  @Test
  void aReducerThatCatchesUpWithinOneReportIntervalIsFlagged() {
    // 300 maps: the 5% backlog is 15 maps, which a fast reducer copies before its first report.
    Decision d = Replay.run(PIKACHU, SyntheticJobs.wordcountLike(300));
    assertEquals(DecisionReason.STABILISED, d.reason());
    assertTrue(
        d.notes().stream().anyMatch(n -> n.contains("partly idle interval")), d.notes().toString());
    assertTrue(cls(d, "fast").p() < 4.0, "E is overestimated, so P falls short of the true 4");
    assertTrue(cls(d, "fast").p() > 2.0, "but the correction still beats D3's 1.4");
  }

  @Test
  void fixedPGivesTheFastClassExactlyP() {
    SyntheticJob job = wordcountLike();
    Decision d =
        Replay.run(
            Map.of(PikachuKeys.ESTIMATOR.name(), "fixed", PikachuKeys.FIXED_P.name(), "3"), job);
    assertEquals(DecisionReason.REDUCERS_PLACED, d.reason());
    assertEquals(3.0, cls(d, "fast").p(), 0.0);
    assertEquals(1.0, cls(d, "slow").p(), 0.0);
    assertBinsFollowEquation22(d, 3.0);
  }

  /**
   * Map slots proportional to cores, as on the embedded cluster: a slow node's map tasks run as
   * fast as a fast node's, and only map throughput tells the nodes apart. Per-task map rates must
   * not decide which class is the fast one: the first suite runs gave the sweep's P to the slow
   * nodes this way.
   */
  @Test
  void equalPerTaskMapSpeedsStillRankTheFastNodesFirst() {
    SyntheticJob job =
        new SyntheticJob()
            .maps(200, 10)
            .node("fast1", 1.0, 8, 12.0, 1.2)
            .node("slow1", 1.02, 2, 3.0, 0.66)
            .node("slow2", 1.02, 2, 3.0, 0.66)
            .reducer("fast1")
            .reducer("fast1")
            .reducer("slow1")
            .reducer("slow1")
            .reducer("slow2")
            .reducer("slow2");
    Decision fixed =
        Replay.run(
            Map.of(PikachuKeys.ESTIMATOR.name(), "fixed", PikachuKeys.FIXED_P.name(), "3"), job);
    assertEquals("fast", fixed.classes().get(0).name(), fixed.summaryLine());
    assertEquals(List.of("fast1"), cls(fixed, "fast").nodes());
    assertEquals(3.0, cls(fixed, "fast").p(), 0.0, fixed.summaryLine());
    assertEquals("slow", fixed.referenceClass());
    Decision tarazu = Replay.run(Map.of(PikachuKeys.ESTIMATOR.name(), "tarazu"), job);
    assertEquals("slow", tarazu.referenceClass(), tarazu.summaryLine());
    assertTrue(
        cls(tarazu, "fast").p() < 1.1,
        "Tarazu's per-task map rates see no difference: " + tarazu.summaryLine());
    Decision pikachu = Replay.run(PIKACHU, job);
    assertEquals("slow", pikachu.referenceClass(), pikachu.summaryLine());
  }

  @Test
  void threeClasses() {
    SyntheticJob job =
        new SyntheticJob()
            .maps(800, 10)
            .node("a1", 3.0, 8, 15.0, 1.6)
            .node("b1", 1.8, 4, 8.0, 1.0)
            .node("b2", 1.8, 4, 8.0, 1.0)
            .node("c1", 1.0, 2, 2.0, 0.6)
            .node("c2", 1.0, 2, 2.0, 0.6)
            .node("c3", 1.0, 2, 2.0, 0.6);
    for (String n : List.of("a1", "b1", "b2", "c1", "c2", "c3")) {
      job.reducer(n).reducer(n);
    }
    Decision d = Replay.run(PIKACHU, job);

    assertEquals(
        List.of("fast", "medium", "slow"),
        d.classes().stream().map(ClassMeasurement::name).toList(),
        d.summaryLine());
    assertEquals(List.of("b1", "b2"), cls(d, "medium").nodes());
    assertEquals("slow", d.referenceClass());
    assertEquals(15.0 / 2.0, cls(d, "fast").p(), 0.2 * 7.5, d.summaryLine());
    assertEquals(8.0 / 2.0, cls(d, "medium").p(), 0.25 * 4.0, d.summaryLine());
    int fastBins = d.reducerBins().get(0);
    int mediumBins = d.reducerBins().get(2);
    int slowBins = d.reducerBins().get(6);
    assertTrue(fastBins > mediumBins && mediumBins > slowBins, d.reducerBins().toString());
  }

  @Test
  void pBelowOneWhenTheFastNodesAreTheBottleneck() {
    Decision d = Replay.run(PIKACHU, sortLike());

    assertEquals(DecisionReason.STABILISED, d.reason(), d.summaryLine());
    assertTrue(cls(d, "slow").caughtUp(), "the slow nodes' reducers have spare capacity");
    assertFalse(cls(d, "fast").caughtUp());
    double trueP = 2.5 / 6.0;
    assertEquals(trueP, cls(d, "fast").p(), 0.15 * trueP, d.summaryLine());
    assertTrue(cls(d, "fast").p() < 1);
    assertTrue(d.reducerBins().get(0) < d.reducerBins().get(13), "fast reducers get fewer bins");
    assertBinsFollowEquation22(d, cls(d, "fast").p());
  }

  @Test
  void oneReducer() {
    SyntheticJob job =
        new SyntheticJob()
            .maps(100, 5)
            .node("fast1", 2, 8, 10, 1)
            .node("slow1", 1, 2, 2, 1)
            .reducer("slow1");
    Decision d = Replay.run(PIKACHU, job);
    assertEquals(DecisionReason.SINGLE_CLASS, d.reason());
    assertEquals(List.of(10), d.reducerBins());
    assertFalse(d.rebalanced());
  }

  @Test
  void allReducersOnOneNode() {
    SyntheticJob job =
        new SyntheticJob().maps(200, 5).node("fast1", 2, 8, 10, 1).node("slow1", 1, 2, 2, 1);
    for (int i = 0; i < 4; i++) {
      job.reducer("fast1");
    }
    Decision d = Replay.run(Map.of(PikachuKeys.BINS_PER_REDUCER.name(), "7"), job);
    assertEquals(DecisionReason.SINGLE_CLASS, d.reason());
    assertEquals(List.of(7, 7, 7, 7), d.reducerBins());
    assertEquals(List.of("fast", "fast", "fast", "fast"), d.reducerClasses());
  }

  @Test
  void reducerStartingBetweenTsAndTwIsMeasured() {
    SyntheticJob job = wordcountLike().lateReducer("fast1", 0.10);
    Decision d = Replay.run(PIKACHU, job);
    assertEquals(DecisionReason.STABILISED, d.reason());
    assertEquals("fast", d.reducerClasses().get(14));
    assertTrue(cls(d, "fast").reducers().contains(14));
    assertEquals(4.0, cls(d, "fast").p(), 0.2 * 4.0, d.summaryLine());
    assertEquals(d.reducerBins().get(0), d.reducerBins().get(14), "same class, same share");
  }

  @Test
  void reducerNotStartedAtDecisionGetsTheReferenceShare() {
    SyntheticJob job = wordcountLike().lateReducer("fast2", 0.5);
    Decision d = Replay.run(PIKACHU, job);
    assertEquals(DecisionReason.STABILISED, d.reason());
    assertEquals(Decision.UNPLACED, d.reducerClasses().get(14));
    assertEquals(
        d.reducerBins().get(2),
        d.reducerBins().get(14),
        1.0,
        "unplaced gets the slow (reference) share, up to rounding: " + d.reducerBins());
    assertTrue(
        d.notes().stream().anyMatch(n -> n.contains("had not started")), d.notes().toString());
    assertEquals(150, d.reducerBins().stream().mapToInt(Integer::intValue).sum());
  }

  @Test
  void tarazuWaitsForLateReducersUpToTheBound() {
    SyntheticJob job = wordcountLike().lateReducer("fast2", 0.5);
    Decision d =
        Replay.run(
            Map.of(PikachuKeys.ESTIMATOR.name(), "tarazu", PikachuKeys.MAX_WAIT_MS.name(), "20000"),
            job);
    assertEquals(DecisionReason.TIMEOUT, d.reason());
    assertEquals(d.firstReducerMs() + 20000, d.decidedAtMs(), 3000.0);
  }

  @Test
  void aClassWithNoReducers() {
    SyntheticJob job =
        new SyntheticJob()
            .maps(800, 10)
            .node("a1", 3.0, 8, 15.0, 1.6)
            .node("b1", 1.8, 4, 8.0, 1.0)
            .node("b2", 1.8, 4, 8.0, 1.0)
            .node("c1", 1.0, 2, 2.0, 0.6)
            .node("c2", 1.0, 2, 2.0, 0.6);
    for (String n : List.of("a1", "c1", "c2")) {
      job.reducer(n).reducer(n);
    }
    Decision d = Replay.run(PIKACHU, job);
    assertEquals(3, d.classes().size(), d.summaryLine());
    ClassMeasurement medium = cls(d, "medium");
    assertTrue(medium.reducers().isEmpty());
    assertNull(medium.p(), "no reducers, no shuffle rate, no estimate");
    assertNull(medium.shuffleRate());
    assertEquals(7.5, cls(d, "fast").p(), 0.2 * 7.5, d.summaryLine());
    assertTrue(d.notes().stream().noneMatch(n -> n.contains("no estimate")), d.notes().toString());
  }

  @Test
  void homogeneousClusterStaysEven() {
    SyntheticJob job = new SyntheticJob().maps(300, 5);
    for (int i = 1; i <= 4; i++) {
      job.node("n" + i, 1.0, 4, 5.0, 1.0).reducer("n" + i);
    }
    Decision d = Replay.run(PIKACHU, job);
    assertEquals(1, d.classes().size(), d.summaryLine());
    assertFalse(d.rebalanced());
    assertTrue(d.allocation().isEven());
  }

  @Test
  void equalClassesFromTheAdminMapFallInTheDeadBand() {
    SyntheticJob job = new SyntheticJob().maps(300, 5);
    for (int i = 1; i <= 4; i++) {
      job.node("n" + i, 1.0, 4, 3.0, 1.0).reducer("n" + i).reducer("n" + i);
    }
    Decision d = Replay.run(Map.of(PikachuKeys.NODE_CLASSES.name(), "n1=0,n2=0,n3=1,n4=1"), job);
    assertEquals(
        List.of("0", "1"), d.classes().stream().map(ClassMeasurement::name).sorted().toList());
    double p0 = cls(d, "0").p();
    double p1 = cls(d, "1").p();
    assertTrue(Math.max(p0, p1) / Math.min(p0, p1) <= 1.1, d.summaryLine());
    assertFalse(d.rebalanced(), d.summaryLine());
    // With a zero dead band the same small difference is acted on (or rounds to the even map).
    Decision strict =
        Replay.run(
            Map.of(
                PikachuKeys.NODE_CLASSES.name(),
                "n1=0,n2=0,n3=1,n4=1",
                PikachuKeys.DEADBAND.name(),
                "0"),
            job);
    assertTrue(strict.notes().stream().noneMatch(n -> n.contains("dead band")));
  }

  @Test
  void adminLabelsCarryNoSpeedTheMeasurementOrdersThem() {
    SyntheticJob job = wordcountLike();
    StringBuilder map = new StringBuilder("fast1=A,fast2=A");
    for (int i = 1; i <= 5; i++) {
      map.append(",slow").append(i).append("=B");
    }
    Decision d = Replay.run(Map.of(PikachuKeys.NODE_CLASSES.name(), map.toString()), job);
    assertEquals("A", d.classes().get(0).name());
    assertEquals("B", d.referenceClass());
    assertEquals(4.0, cls(d, "A").p(), 0.6);
  }

  @Test
  void allMapsDoneBeforeTwFallsBack() {
    // Reducers that start near the end of the map phase: one wave after T_s is past the last map.
    SyntheticJob late =
        new SyntheticJob()
            .maps(200, 10)
            .node("fast1", 2.0, 8, 12.0, 1.2)
            .node("slow1", 1.0, 2, 3.0, 0.66)
            .node("slow2", 1.0, 2, 3.0, 0.66)
            .lateReducer("fast1", 0.97)
            .lateReducer("slow1", 0.97)
            .lateReducer("slow2", 0.97);
    Decision d = Replay.run(PIKACHU, late);
    assertEquals(DecisionReason.ALL_MAPS_DONE, d.reason(), d.summaryLine());
    assertNull(d.twMs());
    assertTrue(
        d.notes().stream().anyMatch(n -> n.contains("all maps finished")), d.notes().toString());
    assertTrue(cls(d, "fast").p() > 1.5, d.summaryLine());
  }

  @Test
  void reducersStartingAfterAllMapsMeasureTheShuffleOnlyStage() {
    SyntheticJob job =
        new SyntheticJob()
            .maps(200, 5)
            .node("fast1", 2.0, 8, 12.0, 1.2)
            .node("slow1", 1.0, 2, 3.0, 0.66)
            .node("slow2", 1.0, 2, 3.0, 0.66)
            .lateReducer("fast1", 1.0)
            .lateReducer("slow1", 1.0)
            .lateReducer("slow2", 1.0);
    Decision d = Replay.run(PIKACHU, job);
    assertEquals(DecisionReason.ALL_MAPS_DONE, d.reason(), d.summaryLine());
    assertNull(d.tsMs());
    assertNull(cls(d, "fast").efficiency(), "no class caught up while maps ran: E = 1");
    assertEquals(
        4.0,
        cls(d, "fast").p(),
        0.6,
        "every reducer runs at capacity: S ratio is the capacity ratio");
  }

  @Test
  void timeoutDecidesOnWhatWasMeasured() {
    SyntheticJob job = wordcountLike();
    Decision d = Replay.run(Map.of(PikachuKeys.MAX_WAIT_MS.name(), "4000"), job);
    assertEquals(DecisionReason.TIMEOUT, d.reason(), d.summaryLine());
    assertTrue(d.decidedAtMs() - d.firstReducerMs() >= 4000);
    assertTrue(
        d.notes().stream().anyMatch(n -> n.contains(PikachuKeys.MAX_WAIT_MS.name())),
        d.notes().toString());
  }

  @Test
  void aKilledAttemptIsReplacedByItsRerun() {
    SyntheticJob job = wordcountLike().killedReducer("slow1", 12_000, "fast2");
    Decision d = Replay.run(PIKACHU, job);
    assertEquals(DecisionReason.STABILISED, d.reason());
    assertEquals(
        "fast", d.reducerClasses().get(14), "the rerun's node counts, not the dead attempt's");
    assertTrue(cls(d, "fast").reducers().contains(14));
    assertFalse(cls(d, "slow").reducers().contains(14));
  }

  @Test
  void reportOrderWithinAPollDoesNotMatter() {
    SyntheticJob job = wordcountLike();
    List<StatusReport> reports = job.run();
    Decision ordered = Replay.run(Replay.oneShot(), job.numReducers(), reports);
    long at = ordered.decidedAtMs();

    List<StatusReport> upTo =
        new ArrayList<>(reports.stream().filter(r -> r.timeMs() <= at).toList());
    java.util.Collections.shuffle(upTo, new Random(7));
    JobController c = new JobController(Replay.oneShot(), job.numReducers(), Slicing.HASH);
    upTo.forEach(c::onReport);
    Optional<Decision> shuffled = c.poll(at);
    assertEquals(Optional.of(ordered), shuffled);
  }

  @Test
  void oneDecisionPerJobAndARestartedAmKeepsIt() throws Exception {
    SyntheticJob job = wordcountLike();
    List<StatusReport> reports = job.run();
    JobController first = new JobController(Replay.oneShot(), job.numReducers(), Slicing.HASH);
    Decision decided = null;
    for (StatusReport r : reports) {
      first.onReport(r);
      Optional<Decision> d = first.poll(r.timeMs());
      if (decided == null && d.isPresent()) {
        decided = d.get();
      }
      d.ifPresent(x -> assertTrue(x == first.decision().orElseThrow()));
    }
    assertNotNull(decided);
    assertEquals(decided, first.poll(Long.MAX_VALUE).orElseThrow(), "later reports change nothing");

    DecisionRecord published = DecisionJson.read(DecisionJson.write(first.record().orElseThrow()));
    JobController second =
        JobController.resume(Replay.oneShot(), job.numReducers(), Slicing.HASH, published);
    reports.forEach(second::onReport);
    assertEquals(decided, second.poll(0).orElseThrow());
  }

  private static ControllerConfig cfg(String estimator) {
    return ControllerConfig.fromMap(Map.of(PikachuKeys.ESTIMATOR.name(), estimator));
  }

  /**
   * Two classes: each fast reducer's bins over each slow reducer's are P, up to whole-bin rounding.
   */
  private static void assertBinsFollowEquation22(Decision d, double p) {
    BinAllocation a = d.allocation();
    int b = d.binsPerReducer();
    int nFast = 0;
    int nSlow = 0;
    for (int r = 0; r < a.reducers(); r++) {
      if (d.reducerClasses().get(r).equals(d.classes().get(0).name())) {
        nFast++;
      } else {
        nSlow++;
      }
    }
    double vs = b * (nSlow + nFast) / (nSlow + p * nFast);
    double vf = vs * p;
    for (int r = 0; r < a.reducers(); r++) {
      double ideal = d.reducerClasses().get(r).equals(d.classes().get(0).name()) ? vf : vs;
      assertTrue(
          Math.abs(a.counts().get(r) - ideal) < 1.0 || (ideal < 1 && a.counts().get(r) == 1),
          "reducer " + r + " got " + a.counts().get(r) + " bins, equation 2.2 says " + ideal);
    }
    assertEquals(b * a.reducers(), a.counts().stream().mapToInt(Integer::intValue).sum());
  }
}
