package io.pikachu.benchsuite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchsuite.suite.BinMapVersions;
import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.Runs;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AppResultsTest {
  private static final String DIGEST = "10:00000000000000aa";

  private static RunResult run(String method, int rep, double seconds) {
    return run(method, rep, seconds, DIGEST, 1000);
  }

  private static RunResult run(
      String method, int rep, double seconds, String digest, long shuffleBytes) {
    return run(method, rep, seconds, digest, shuffleBytes, BinMapVersions.NONE);
  }

  /** A run whose final map moved bins exactly when its versions say it was corrected. */
  private static RunResult run(
      String method,
      int rep,
      double seconds,
      String digest,
      long shuffleBytes,
      BinMapVersions versions) {
    double p = method.startsWith("fixed-") ? Double.parseDouble(method.substring(6)) : Double.NaN;
    return Runs.run("wordcount", "config-1", method, rep)
        .fixedP(p)
        .seconds(seconds)
        .mapsDoneSeconds(1)
        .fastReducersDoneSeconds(10)
        .slowReducersDoneSeconds(12)
        .rebalanced(versions.corrected())
        .shuffleBytes(shuffleBytes)
        .outputDigest(digest)
        .versions(versions)
        .build();
  }

  @Test
  void optimalIsTheLowestMedianNotTheLowestSingleRun() {
    AppResults r =
        new AppResults(
            "wordcount",
            "config-1",
            List.of(
                run("fixed-2.00", 1, 50),
                run("fixed-2.00", 2, 90),
                run("fixed-2.00", 3, 91),
                run("fixed-3.00", 1, 60),
                run("fixed-3.00", 2, 61),
                run("fixed-3.00", 3, 500)));
    assertEquals(3.0, r.optimal().orElseThrow().p());
    assertEquals(61, AppResults.median(r.optimal()));
  }

  @Test
  void equalMediansPickTheLowerP() {
    AppResults r =
        new AppResults(
            "wordcount",
            "config-1",
            List.of(run("fixed-3.50", 1, 60), run("fixed-1.50", 1, 60), run("fixed-2.50", 1, 70)));
    assertEquals(1.5, r.optimal().orElseThrow().p());
    assertEquals(List.of(1.5, 2.5, 3.5), r.sweep().stream().map(MethodRuns::p).toList());
  }

  @Test
  void failedRunsAreLeftOut() {
    RunResult failed =
        Runs.run("wordcount", "config-1", "pikachu", 3)
            .status("failed: lost node")
            .seconds(1)
            .mapsDoneSeconds(1)
            .fastReducersDoneSeconds(1)
            .slowReducersDoneSeconds(1)
            .build();
    AppResults r =
        new AppResults(
            "wordcount",
            "config-1",
            List.of(run("stock", 1, 100), run("pikachu", 1, 80), run("pikachu", 2, 90), failed));
    assertEquals(2, r.pikachu().orElseThrow().seconds().n());
    assertEquals(100 / 85.0, r.speedup(r.pikachu()), 1e-12);
    assertEquals(4, r.all().size());
  }

  @Test
  void theMedianRunOfAnEvenCountIsTheLowerMiddleOne() {
    MethodRuns m =
        new MethodRuns(
            "pikachu",
            Double.NaN,
            List.of(
                run("pikachu", 1, 90),
                run("pikachu", 2, 70),
                run("pikachu", 3, 80),
                run("pikachu", 4, 100)));
    assertEquals(3, m.medianRun().orElseThrow().rep());
    assertEquals(85, m.seconds().median());
    assertEquals(1, m.medianRun(r -> r.rep() != 3).orElseThrow().rep());
  }

  @Test
  void theGapIsNegativeWhenFastReducersFinishLater() {
    RunResult fastLate =
        Runs.run("sort", "config-1", "pikachu", 1)
            .seconds(60)
            .mapsDoneSeconds(1)
            .fastReducersDoneSeconds(50)
            .slowReducersDoneSeconds(40)
            .build();
    assertEquals(-0.2, MethodRuns.gap(fastLate), 1e-12);
    RunResult oneClass =
        Runs.run("sort", "homogeneous", "pikachu", 1).seconds(60).mapsDoneSeconds(1).build();
    assertTrue(Double.isNaN(MethodRuns.gap(oneClass)));
  }

  @Test
  void withoutStockTheRelativeFiguresAreNotAvailable() {
    AppResults r =
        new AppResults(
            "sort", "config-1", List.of(run("pikachu", 1, 80), run("fixed-2.00", 1, 78)));
    assertTrue(Double.isNaN(r.speedup(r.pikachu())));
    assertTrue(Double.isNaN(r.shufflePenalty(r.pikachu())));
    assertTrue(Double.isNaN(r.overStock(r.pikachu())));
    assertEquals(78 / 80.0, r.shareOfOptimal(r.pikachu()), 1e-12);
    assertFalse(r.outputCheck().comparable());
  }

  @Test
  void shufflePenaltyIsRelativeToStocksMedianBytes() {
    List<RunResult> rows =
        new ArrayList<>(
            List.of(
                run("stock", 1, 100, DIGEST, 1000),
                run("stock", 2, 100, DIGEST, 1000),
                run("pikachu", 1, 80, DIGEST, 1040),
                run("pikachu", 2, 80, DIGEST, 1060)));
    AppResults r = new AppResults("wordcount", "config-1", rows);
    assertEquals(0.05, r.shufflePenalty(r.pikachu()), 1e-12);
  }

  private static RunResult twoStage(int rep, long shuffleBytes, BinMapVersions versions) {
    return run("two-stage", rep, 80, DIGEST, shuffleBytes, versions);
  }

  @Test
  void theShufflePenaltyWithoutCorrectionLeavesCorrectedRunsOut() {
    BinMapVersions corrected = new BinMapVersions(2, "CORRECTED", 4, true, 10, 30);
    BinMapVersions confirmed = new BinMapVersions(2, "CONFIRMED", 4, true, 10, 30);
    AppResults r =
        new AppResults(
            "wordcount",
            "config-1",
            List.of(
                run("stock", 1, 100, DIGEST, 1000),
                twoStage(1, 1500, corrected),
                twoStage(2, 1010, confirmed),
                twoStage(3, 1030, confirmed)));
    assertEquals(0.02, r.shufflePenalty(r.twoStageUncorrected()), 1e-12);
    assertEquals(0.5, r.shufflePenalty(r.twoStageCorrected()), 1e-12);
    // Over all runs the median hides the corrected one: why the report splits them.
    assertEquals(0.03, r.shufflePenalty(r.twoStage()), 1e-12);
    assertEquals(Optional.of(false), r.keptEvenMap(r.twoStage()));
  }

  @Test
  void theEvenMapIsKeptOnlyIfNoVersionMovedABin() {
    BinMapVersions single = new BinMapVersions(1, "FINAL", Double.NaN, false, Double.NaN, 5);
    BinMapVersions provisionalOnly = new BinMapVersions(2, "CORRECTED", 3, true, 5, 30);
    AppResults kept = new AppResults("sort", "homogeneous", List.of(twoStage(1, 1000, single)));
    assertEquals(Optional.of(true), kept.keptEvenMap(kept.twoStage()));
    // Corrected back to the even map, yet the provisional map had moved bins: a change.
    AppResults back =
        new AppResults(
            "sort",
            "homogeneous",
            List.of(
                twoStage(1, 1000, single),
                Runs.run("sort", "homogeneous", "two-stage", 2)
                    .seconds(80)
                    .mapsDoneSeconds(1)
                    .fastReducersDoneSeconds(10)
                    .slowReducersDoneSeconds(12)
                    .shuffleBytes(1000)
                    .outputDigest(DIGEST)
                    .versions(provisionalOnly)
                    .build()));
    assertEquals(Optional.of(false), back.keptEvenMap(back.twoStage()));
    AppResults old =
        new AppResults("sort", "homogeneous", List.of(twoStage(1, 1000, BinMapVersions.UNKNOWN)));
    assertEquals(Optional.empty(), old.keptEvenMap(old.twoStage()), "versions not recorded");
  }

  @Test
  void aStockRepetitionThatDisagreesWithTheOthersIsItselfFlagged() {
    OutputCheck check =
        OutputCheck.of(
            List.of(
                run("stock", 1, 1),
                run("stock", 2, 1, "11:00000000000000bb", 1),
                run("stock", 3, 1),
                run("pikachu", 1, 1)));
    assertEquals(DIGEST, check.reference());
    assertEquals(List.of(2), check.mismatches().stream().map(RunResult::rep).toList());
    assertFalse(check.passed());
  }
}
