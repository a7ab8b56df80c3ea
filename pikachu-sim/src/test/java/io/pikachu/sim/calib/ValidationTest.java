package io.pikachu.sim.calib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Held-back prediction on one application of the suite: what is held back, what is reported. */
class ValidationTest {
  static List<MeasuredRun> wordcount;
  static Validation v;

  @BeforeAll
  static void validate() throws Exception {
    Path suite = Paths.get("..", "results", "cluster", "2026-11-25-suite");
    wordcount = new ArrayList<>();
    for (MeasuredRun r : SuiteRuns.read(suite.resolve("results.csv"), suite)) {
      if (r.app().equals("wordcount")) {
        wordcount.add(r);
      }
    }
    v = Validation.run(wordcount, 4, Collections.emptyMap());
  }

  @Test
  void everyRunIsPredictedOnceByAModelThatDidNotSeeItsRepetition() {
    assertEquals(wordcount.size(), v.rows().size());
    assertEquals(3, v.models().size());
    // Each repetition's model is fitted on the other two: the three fits differ.
    assertNotEquals(v.models().get(1).mapStart(), v.models().get(2).mapStart());
    EmbeddedModel all = Calibration.fit(wordcount, 4);
    assertNotEquals(all.mapStart(), v.models().get(1).mapStart());
  }

  @Test
  void errorsAreThePredictionsOverTheMeasurements() {
    for (Validation.Row r : v.rows()) {
      assertEquals(r.predJob / r.run.jobSeconds() - 1, r.jobError(), 1e-12);
      assertEquals(r.predTail / r.run.reduceTailSeconds() - 1, r.tailError(), 1e-12);
    }
  }

  @Test
  void pairedRoundsCountOnlyRoundsWithStock() {
    int[] w = v.sameWinner("two-stage");
    assertEquals(9, w[1], "3 clusters x 3 repetitions");
    assertTrue(w[0] <= w[1]);
    int[] beyond = v.sameWinnerBeyond("two-stage", v.pairNoise());
    assertTrue(beyond[1] <= w[1]);
    assertEquals(0, v.sameWinner("stock")[1] - 9, "stock against itself: every round");
  }

  @Test
  void roundsNeededFollowTheIntervalOfAMean() {
    assertEquals(4, Validation.roundsNeeded(0.10, 0.094));
    assertEquals(14, Validation.roundsNeeded(-0.05, 0.094));
    assertEquals(Integer.MAX_VALUE, Validation.roundsNeeded(0, 0.094));
  }

  @Test
  void tableAndCsvCarryEveryMethod(@TempDir Path tmp) throws Exception {
    String t = v.table();
    for (String m : new String[] {"stock", "tarazu", "pikachu", "two-stage", "fixed-3.00", "all"}) {
      assertTrue(t.contains("| " + m + " |"), t);
    }
    Path csv = tmp.resolve("v.csv");
    v.writeCsv(csv);
    List<String> lines = Files.readAllLines(csv);
    assertEquals(v.rows().size() + 1, lines.size());
    assertTrue(lines.get(0).startsWith("app,config,method,rep,measured_job_s,predicted_job_s"));
  }
}
