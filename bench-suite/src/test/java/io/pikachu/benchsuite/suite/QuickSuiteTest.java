package io.pikachu.benchsuite.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchsuite.report.SuiteReport;
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
    assertTrue(
        fixed.rebalanced(), "P = 2 on fast and slow nodes must change the bin map: " + fixed);
    assertEquals(2.0, fixed.fastestP(), 1e-9);
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
