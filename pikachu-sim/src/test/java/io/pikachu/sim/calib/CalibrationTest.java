package io.pikachu.sim.calib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.model.Method;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Fits on the suite's measured runs in the repository and predicts runs it did not see. */
class CalibrationTest {
  static List<MeasuredRun> runs;

  @BeforeAll
  static void read() throws Exception {
    Path suite = Paths.get("..", "bench-suite", "results", "2026-11-25-suite");
    runs = SuiteRuns.read(suite.resolve("results.csv"), suite);
  }

  @Test
  void readsEveryRunOfTheSuite() {
    assertEquals(225, runs.size());
    MeasuredRun r = runs.get(0);
    assertEquals(18, r.tasks().size() >= 18 ? 18 : r.tasks().size());
    assertTrue(r.mapPhaseSeconds() < r.jobSeconds());
  }

  @Test
  void countersGiveEachApplicationsOutputRatio() {
    EmbeddedModel m = Calibration.fromCounters(stock(0), 4);
    // Sort writes what it reads; Multi-Wordcount's trigrams are about three times its text.
    assertEquals(1.1, m.counted().get("sort").outputRatio, 0.1);
    assertTrue(m.counted().get("multiwordcount").outputRatio > 2.5);
  }

  @Test
  void aModelFittedOnTwoRepetitionsPredictsTheThirdsStockJobsWithinFifteenPercent() {
    List<MeasuredRun> fit = new ArrayList<>();
    List<MeasuredRun> held = new ArrayList<>();
    for (MeasuredRun r : stock(0)) {
      (r.rep() == 3 ? held : fit).add(r);
    }
    EmbeddedModel m = Calibration.fit(fit, 4);
    double[] errors = new double[held.size()];
    for (int i = 0; i < held.size(); i++) {
      SimResult s = Calibration.simulate(m, held.get(i), Method.STOCK);
      errors[i] = Math.abs(s.jobSeconds() / held.get(i).jobSeconds() - 1);
    }
    assertEquals(15, held.size());
    assertTrue(Stats.median(errors) < 0.15, "median error " + Stats.median(errors));
  }

  private static List<MeasuredRun> stock(int ignored) {
    List<MeasuredRun> s = new ArrayList<>();
    for (MeasuredRun r : runs) {
      if (r.method().equals("stock")) {
        s.add(r);
      }
    }
    return s;
  }
}
