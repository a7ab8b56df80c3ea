package io.pikachu.sim.calib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.Method;
import io.pikachu.sim.engine.SimResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fits on the suite's measured runs in the repository and predicts runs it did not see. */
class CalibrationTest {
  static List<MeasuredRun> runs;

  @BeforeAll
  static void read() throws Exception {
    Path suite = Paths.get("..", "results", "cluster", "2026-11-25-suite");
    runs = SuiteRuns.read(suite.resolve("results.csv"), suite);
  }

  @Test
  void readsEveryRunOfTheSuite() {
    assertEquals(225, runs.size());
    MeasuredRun r = runs.get(0);
    assertEquals(18, r.tasks().size() >= 18 ? 18 : r.tasks().size());
    assertTrue(r.mapPhaseSeconds() < r.jobSeconds());
  }

  /**
   * The suite's runs of 2026-11-25 ran a controller without the byte rule (their decision records
   * have no reducerBytes), so their replays give bins out by counts, as they ran; a record that has
   * the field (also empty) marks a controller with the rule.
   */
  @Test
  void runsRecordedBeforeTheByteRuleAreReplayedByCounts(@TempDir Path dir) throws Exception {
    MeasuredRun pikachu =
        runs.stream().filter(r -> r.method().equals("pikachu")).findFirst().orElseThrow();
    assertFalse(pikachu.plugin().binsByBytes());
    EmbeddedModel m = Calibration.fromCounters(stock(0), 4);
    assertEquals("false", m.job(pikachu).pikachuConf().get("pikachu.allocation.by-bytes"));
    // nor the AM's map estimates by node speed, which came on 2026-11-27
    assertFalse(pikachu.plugin().mapCopiesByNodeSpeed());
    assertEquals(
        "false", m.job(pikachu).pikachuConf().get("pikachu.speculative.map.by-node-speed"));
    Path record = dir.resolve(SuiteRuns.DECISION);
    Files.writeString(record, "{\"versions\":[{\"reducerBytes\":[]}]}");
    assertTrue(SuiteRuns.recordedBytes(record));
    Files.writeString(record, "{\"versions\":[{\"reducerBins\":[10,10]}]}");
    assertFalse(SuiteRuns.recordedBytes(record));
    assertFalse(SuiteRuns.recordedBytes(dir.resolve("absent.json")));
  }

  @Test
  void countersGiveEachApplicationsOutputRatio() {
    EmbeddedModel m = Calibration.fromCounters(stock(0), 4);
    // Sort writes what it reads; Multi-Wordcount's trigrams are about three times its text.
    assertEquals(1.1, m.counted().get("sort").outputRatio, 0.1);
    assertTrue(m.counted().get("multiwordcount").outputRatio > 2.5);
  }

  /**
   * The first reducers' launch is measured on the runs, not fitted: on the embedded cluster they
   * came about 3 s after the map that met slow start, far later than a map takes a freed slot.
   */
  @Test
  void theFirstReducersLaunchIsMeasuredAfterTheMapThatMetSlowStart() {
    EmbeddedModel m = Calibration.fromCounters(stock(0), 4);
    assertEquals(3.0, m.reducerLaunchDelay(), 0.3);
    assertEquals(m.reducerLaunchDelay(), m.platform().reducerLaunchDelayS(), 1e-12);
    MeasuredRun r = stock(0).get(0);
    double firstMapEnd = r.maps().stream().mapToDouble(t -> t.finish).min().getAsDouble();
    double firstReducer = r.reducers().stream().mapToDouble(t -> t.start).min().getAsDouble();
    assertEquals(firstReducer - firstMapEnd, Calibration.reducerLaunchDelay(r).getAsDouble(), 1e-9);
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

  @Test
  void binsGiveEveryReducerAFixedPostShuffleCostAndNothingToStock() throws Exception {
    Path suite = Paths.get("..", "results", "cluster", "2026-11-24-suite");
    Map<String, BinsPostShuffle> shapes =
        BinsPostShuffle.measure(SuiteRuns.read(suite.resolve("results.csv"), suite));
    assertEquals(5, shapes.size(), shapes.toString());
    for (BinsPostShuffle b : shapes.values()) {
      // Reducers of 3.5 to 52 MB: a fixed part worth several MB of stock work, and less per MB.
      assertTrue(b.fixedStockMb() > 2 && b.fixedStockMb() < 12, b.describe());
      assertTrue(b.perMbRatio() > 0.3 && b.perMbRatio() < 1, b.describe());
    }
    EmbeddedModel plain = Calibration.fit(stock(0), 4);
    EmbeddedModel m = plain.withBinsCost(shapes);
    MeasuredRun run = stock(0).get(0);
    assertEquals(
        Calibration.simulate(plain, run, Method.STOCK).jobSeconds(),
        Calibration.simulate(m, run, Method.STOCK).jobSeconds(),
        1e-9,
        "stock runs have no bins");
    assertTrue(
        Calibration.simulate(m, run, Method.fixed(4)).reduceTailSeconds()
            > Calibration.simulate(plain, run, Method.fixed(4)).reduceTailSeconds(),
        "a slow node's small reducer pays the fixed part");
  }

  @Test
  void aWinnerClaimNeedsMoreRoundsTheCloserTheMethods() {
    // 1.96 x 9.4% / 5% = 3.68, squared 13.6: 14 paired rounds
    assertEquals(14, Validation.roundsNeeded(0.05, 0.094));
    assertEquals(4, Validation.roundsNeeded(-0.10, 0.094));
    assertEquals(Integer.MAX_VALUE, Validation.roundsNeeded(0, 0.094));
  }

  @Test
  void theNoiseOfAPairedDifferenceIsMeasuredOnTheRunsAlone() {
    Validation v = Validation.run(runs, 4);
    // one job's time scatters 8-10% on this machine; a paired difference a little more
    assertTrue(v.pairNoise() > 0.05 && v.pairNoise() < 0.15, "noise " + v.pairNoise());
    int[] all = v.sameWinner("two-stage");
    int[] beyond = v.sameWinnerBeyond("two-stage", v.pairNoise());
    assertEquals(45, all[1]);
    assertTrue(beyond[1] < all[1] && beyond[1] > 0, beyond[1] + " pairs beyond the noise");
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
