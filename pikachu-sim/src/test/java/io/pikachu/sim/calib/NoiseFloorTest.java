package io.pikachu.sim.calib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the measured scatter allows any predictor, on the suite's runs in the repository. */
class NoiseFloorTest {
  static Validation validation;

  @BeforeAll
  static void validate() throws Exception {
    Path suite = Paths.get("..", "results", "cluster", "2026-11-25-suite");
    validation = Validation.run(SuiteRuns.read(suite.resolve("results.csv"), suite), 4);
  }

  @Test
  void theFloorIsTheMedianPairRatioOverRootTwo() {
    // The figures: tail 7.8%, job 6.3%, map phase 6.6% over the 225 runs' 225 pairs.
    List<Validation.Row> all = validation.rows();
    assertEquals(0.078, NoiseFloor.floor(all, 2), 0.001);
    assertEquals(0.063, NoiseFloor.floor(all, 0), 0.001);
    assertEquals(0.066, NoiseFloor.floor(all, 1), 0.001);
    // One run per job: no pair, no floor.
    assertTrue(Double.isNaN(NoiseFloor.floor(all.subList(0, 1), 2)));
  }

  @Test
  void oneRoundNamesTheTrueWinnerByTheNormalLaw() {
    assertEquals(0.5, NoiseFloor.agreementChance(0, 0.094), 1e-9);
    // Phi(1) = 0.8413, whatever the sign of the difference
    assertEquals(0.8413, NoiseFloor.agreementChance(-0.094, 0.094), 1e-4);
    assertEquals(0.8413, NoiseFloor.agreementChance(0.094, 0.094), 1e-4);
  }

  @Test
  void roundsBeyondTheNoiseNameItMoreOftenButNotAlways() {
    // x ~ N(5.9%, 9.4%): P(x > 9.4%) = 0.355, P(x < -9.4%) = 0.052, so 0.873 of the rounds kept
    double beyond = NoiseFloor.agreementChanceBeyond(-0.059, 0.094, 0.094);
    assertEquals(0.873, beyond, 0.002);
    assertTrue(beyond > NoiseFloor.agreementChance(-0.059, 0.094));
    assertEquals(0.5, NoiseFloor.agreementChanceBeyond(0, 0.094, 0.094), 1e-9);
  }

  @Test
  void theBaselinePredictsARunByTheSameMethodsOtherRounds() {
    List<Double> tails = new ArrayList<>();
    for (Validation.Row r : validation.rows()) {
      MeasuredRun m = r.run;
      if (m.app().equals("wordcount")
          && m.config().equals("config-1")
          && m.method().equals("stock")) {
        tails.add(m.reduceTailSeconds());
      }
    }
    assertEquals(3, tails.size());
    double expected = Math.abs((tails.get(1) + tails.get(2)) / 2 / tails.get(0) - 1);
    double[][] e = NoiseFloor.otherRoundsErrors(validation.rows());
    assertEquals(225, e[2].length);
    boolean found = false;
    for (double x : e[2]) {
      found |= Math.abs(x - expected) < 1e-12;
    }
    assertTrue(found, "no baseline error " + expected + " for Wordcount's stock tail on Config-1");
  }

  @Test
  void theAgreementTableCountsTheModelsWinnersAsValidationDoes() {
    int[] all = validation.sameWinner("two-stage");
    int[] beyond = validation.sameWinnerBeyond("two-stage", validation.pairNoise());
    String table = NoiseFloor.agreementTable(validation, "two-stage");
    String allRow = table.lines().filter(l -> l.startsWith("| all |")).findFirst().orElseThrow();
    String[] cells = allRow.split("\\|");
    assertEquals(String.valueOf(all[1]), cells[2].trim());
    assertTrue(cells[3].trim().startsWith(all[0] + " ("), allRow);
    assertEquals(String.valueOf(beyond[1]), cells[6].trim());
    assertEquals(String.valueOf(beyond[0]), cells[7].trim());
  }
}
