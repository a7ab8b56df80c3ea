package io.pikachu.benchsuite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchsuite.report.PairedComparison.Measure;
import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.Runs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairedComparisonTest {

  private static RunResult run(
      String method, int rep, double seconds, double mapsDone, boolean ok) {
    return Runs.run("wordcount", "config-1", method, rep)
        .status(ok ? RunResult.OK : "failed")
        .seconds(seconds)
        .mapsDoneSeconds(mapsDone)
        .build();
  }

  @Test
  void roundsArePairedAndFailedRunsLeftOut() throws Exception {
    List<RunResult> rows = new ArrayList<>();
    double[] stock = {100, 110, 90, 100};
    double[] mine = {90, 104.5, 85.5, 120};
    for (int r = 0; r < 4; r++) {
      rows.add(run("stock", r + 1, stock[r], stock[r] / 2, true));
      rows.add(run("two-stage", r + 1, mine[r], stock[r] / 2, r < 3)); // round 4 failed
    }
    PairedComparison.Differences job =
        PairedComparison.of(Path.of("."), rows, "wordcount", "config-1", "two-stage", Measure.JOB);
    assertEquals(3, job.rounds());
    // -10%, -5%, -5%
    assertEquals(-5.0, job.median(), 1e-9);
    assertEquals(-20.0 / 3, job.mean(), 1e-9);
    // sd of (-10, -5, -5) is 2.8868; t(2, 0.975) = 4.3027
    assertEquals(4.3027 * 2.8868 / Math.sqrt(3), job.halfWidth(), 1e-3);
    PairedComparison.Differences tail =
        PairedComparison.of(Path.of("."), rows, "wordcount", "config-1", "two-stage", Measure.TAIL);
    // the maps ended alike, so the tail carries the whole difference: -20%, -10%, -10%
    assertEquals(-10.0, tail.median(), 1e-9);
  }

  @Test
  void anyMethodCanBeTheBaseline() throws Exception {
    List<RunResult> rows = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      rows.add(run("stock", r + 1, 100, 50, true));
      rows.add(run("two-stage-hadoop-copies", r + 1, 80, 40, true));
      rows.add(run("two-stage", r + 1, 76, 40, true));
    }
    PairedComparison.Differences job =
        PairedComparison.of(
            Path.of("."),
            rows,
            "wordcount",
            "config-1",
            "two-stage-hadoop-copies",
            "two-stage",
            Measure.JOB);
    assertEquals(3, job.rounds());
    assertEquals(-5.0, job.median(), 1e-9);
  }

  @Test
  void roundsForAnIntervalGrowWithTheScatter() {
    assertEquals(PairedComparison.roundsFor(10, 10), 7);
    assertTrue(PairedComparison.roundsFor(10, 3) > 40);
    assertTrue(PairedComparison.roundsFor(5, 3) < PairedComparison.roundsFor(10, 3));
  }
}
