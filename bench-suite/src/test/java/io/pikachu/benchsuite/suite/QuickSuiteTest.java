package io.pikachu.benchsuite.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchsuite.report.SuiteReport;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionJson;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite's quick mode end to end on an embedded cluster: jobs run, every run leaves its files,
 * outputs equal stock Hadoop's, a second invocation resumes instead of running again, and the
 * report is written. It checks no speed; the figures of so small a job mean nothing.
 */
class QuickSuiteTest {
  @TempDir Path dir;

  @Test
  void quickModeRunsTheWholePipelineAndResumes() throws Exception {
    Path out = dir.resolve("suite");
    String[] args = {"--quick", "--out", out.toString()};
    new SuiteRunner(SuiteOptions.parse(args), System.out).run(List.of(args));
    SuiteReport.write(out); // as the suite command does after the runs

    List<RunResult> results = ResultsCsv.read(out.resolve(SuiteRunner.RESULTS));
    assertEquals(
        List.of("stock", "pikachu", "two-stage", "fixed-2.00"),
        results.stream().map(RunResult::method).toList());
    assertTrue(results.stream().allMatch(RunResult::ok), results.toString());
    assertEquals(
        1,
        results.stream().map(RunResult::outputDigest).distinct().count(),
        "every method must produce stock Hadoop's output: " + results);
    RunResult twoStage = results.get(2);
    assertTrue(
        twoStage.versions().count() >= 1 && !twoStage.versions().finalStage().isEmpty(),
        "the decision record's versions are in results.csv: " + twoStage);
    assertEquals(BinMapVersions.NONE, results.get(0).versions());
    RunResult fixed = results.get(3);
    assertEquals(2.0, fixed.fastestP(), 1e-9);
    if (!fixed.rebalanced()) {
      // The one reason P = 2 may keep the even map: the decision came once every map had finished
      // (a node that ran no map holds it back until then, which on a loaded machine happens to
      // this 4-map job), the reducers had fetched their bins, and moving them was judged not worth
      // the re-fetch (ByteShares). The record must say so.
      Decision last =
          DecisionJson.read(
                  Files.readString(out.resolve(fixed.runDir()).resolve(RunFiles.DECISION)))
              .last();
      assertTrue(
          last.mapsCompleted() == last.totalMaps()
              && last.notes().stream().anyMatch(n -> n.contains("re-fetch is not worth it")),
          "P = 2 on fast and slow nodes must change the bin map, or keep it only for its re-fetch"
              + " once every map has finished: "
              + fixed
              + " "
              + last.notes());
    }
    for (RunResult r : results) {
      Path run = out.resolve(r.runDir());
      assertTrue(
          Files.size(run.resolve(RunFiles.TASKS)) > 0 && Files.exists(run.resolve(RunFiles.NODES)),
          r.runDir());
      assertEquals(
          !r.method().equals("stock"), Files.exists(run.resolve(RunFiles.DECISION)), r.runDir());
    }

    String report = Files.readString(out.resolve("report.md"));
    assertTrue(
        report.contains("wordcount") && report.contains("produced stock Hadoop's output"), report);
    try (Stream<Path> charts = Files.list(out.resolve("charts"))) {
      assertFalse(charts.toList().isEmpty());
    }

    ByteArrayOutputStream again = new ByteArrayOutputStream();
    new SuiteRunner(SuiteOptions.parse(args), new PrintStream(again, true, StandardCharsets.UTF_8))
        .run(List.of(args));
    assertTrue(
        again.toString(StandardCharsets.UTF_8).contains("every planned run is already in"),
        again.toString(StandardCharsets.UTF_8));
    assertEquals(
        4,
        ResultsCsv.read(out.resolve(SuiteRunner.RESULTS)).size(),
        "resuming must not run jobs again");
  }
}
