package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.Estimates;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.decision.trace.TraceHeader;
import io.pikachu.core.partitioning.Slicing;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every recorded trace under src/test/resources/traces/ through the controller and checks
 * the expectations its header declares. Traces recorded from real runs are added there by the
 * adapter's recorder.
 */
class TraceReplayTest {

  @TestFactory
  Stream<DynamicTest> everyRecordedTrace() throws IOException, URISyntaxException {
    Path dir = Path.of(getClass().getResource("/traces").toURI());
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no traces in " + dir);
    return files.stream()
        .flatMap(
            f ->
                Stream.of(
                    DynamicTest.dynamicTest(f.getFileName() + " as recorded", () -> replay(f)),
                    DynamicTest.dynamicTest(
                        f.getFileName() + " two-stage", () -> replayTwoStage(f))));
  }

  /** Under the estimator it was recorded with, the decision its header expects. */
  private static void replay(Path file) throws IOException {
    TraceFile trace = TraceFile.read(file);
    Map<String, String> expect = trace.header().expect();
    assertFalse(expect.isEmpty(), file + " declares no expectations");
    DecisionRecord r = TraceReplay.run(trace, Map.of());
    boolean oneShot =
        Estimates.correction(ControllerConfig.fromMap(trace.header().config()).estimator())
            .isEmpty();
    // a one-shot estimator decides once; two-stage on one class confirms its even map once the
    // bins' bytes could have called for a move
    if (oneShot) {
      assertEquals(1, r.versions().size(), "a one-shot estimator decides once");
    }
    assertTrue(r.versions().size() <= 2, "at most a provisional map and its correction");
    Decision d = r.last();
    String why = file.getFileName() + ": " + d.summaryLine();
    if (expect.containsKey("reason")) {
      assertEquals(expect.get("reason"), d.reason().name(), why);
    }
    if (expect.containsKey("classes")) {
      assertEquals(Integer.parseInt(expect.get("classes")), d.classes().size(), why);
    }
    if (expect.containsKey("rebalanced")) {
      assertEquals(Boolean.parseBoolean(expect.get("rebalanced")), d.rebalanced(), why);
    }
    if (expect.containsKey("fastestClass")) {
      assertEquals(expect.get("fastestClass"), d.classes().get(0).name(), why);
    }
    if (expect.containsKey("fastestP.min") || expect.containsKey("fastestP.max")) {
      double p = d.classes().get(0).p();
      assertTrue(p >= Double.parseDouble(expect.getOrDefault("fastestP.min", "0")), why);
      assertTrue(p <= Double.parseDouble(expect.getOrDefault("fastestP.max", "Infinity")), why);
    }
    assertEquals(
        d.binsPerReducer() * d.numReducers(),
        d.reducerBins().stream().mapToInt(Integer::intValue).sum());
  }

  /**
   * Under the two-stage controller: a provisional map at placement, then a final one whose
   * measurement is D3''s, kept where it agrees with the provisional map within the dead band and
   * taken over where it does not; a header's {@code twoStage.stage} names the stage it must end in.
   */
  private static void replayTwoStage(Path file) throws IOException {
    TraceFile trace = TraceFile.read(file);
    Decision oneShot = TraceReplay.run(trace, Map.of()).last();
    DecisionRecord r = TraceReplay.run(trace, Map.of(PikachuKeys.ESTIMATOR.name(), "two-stage"));
    Decision last = r.last();
    String why =
        file.getFileName() + ": " + r.versions().stream().map(Decision::summaryLine).toList();
    if (oneShot.reason() == DecisionReason.SINGLE_CLASS) {
      // one class: the even map, provisional until the bins' bytes could call for a move; these
      // traces carry no sizes, so it is confirmed
      assertEquals(2, r.versions().size(), why);
      assertEquals(DecisionStage.PROVISIONAL, r.versions().get(0).stage(), why);
      assertEquals(DecisionStage.CONFIRMED, last.stage(), why);
      assertFalse(last.rebalanced(), why);
      DecisionRecord counting =
          TraceReplay.run(
              trace,
              Map.of(
                  PikachuKeys.ESTIMATOR.name(),
                  "two-stage",
                  PikachuKeys.ALLOCATE_BY_BYTES.name(),
                  "false"));
      assertEquals(1, counting.versions().size(), why);
      assertEquals(DecisionStage.FINAL, counting.last().stage(), why);
      return;
    }
    assertEquals(2, r.versions().size(), why);
    String expectedStage = trace.header().expect().get("twoStage.stage");
    if (expectedStage != null) {
      assertEquals(expectedStage, last.stage().name(), why);
    }
    Map<String, String> expect = trace.header().expect();
    if (expect.containsKey("twoStage.classes")) {
      assertEquals(Integer.parseInt(expect.get("twoStage.classes")), last.classes().size(), why);
    }
    if (expect.containsKey("twoStage.rebalanced")) {
      assertEquals(Boolean.parseBoolean(expect.get("twoStage.rebalanced")), last.rebalanced(), why);
    }
    if (expect.containsKey("twoStage.rule")) {
      assertTrue(last.rules().contains(expect.get("twoStage.rule")), why);
    }
    Decision provisional = r.versions().get(0);
    assertEquals(DecisionStage.PROVISIONAL, provisional.stage(), why);
    assertEquals(oneShot.reason(), last.reason(), why);
    assertEquals(
        withoutP(oneShot.classes()),
        withoutP(last.classes()),
        "the correction measures what D3' measures");
    double disagreement =
        CorrectionEvidence.disagreement(provisional.classes(), oneShot.classes()).factor();
    if (last.stage() == DecisionStage.CORRECTED) {
      assertTrue(disagreement > 1 + last.deadband(), why);
      if (!last.rules().contains(CorrectionEvidence.CARRIED_RULE)) {
        assertEquals(oneShot.reducerBins(), last.reducerBins(), why);
      }
    } else {
      assertEquals(DecisionStage.CONFIRMED, last.stage(), why);
      assertTrue(disagreement <= 1 + last.deadband(), why);
      assertEquals(provisional.owners(), last.owners(), why);
    }
  }

  private static List<ClassMeasurement> withoutP(List<ClassMeasurement> classes) {
    return classes.stream().map(c -> c.withP(null)).toList();
  }

  @Test
  void recorderOutputReadsBack() throws IOException {
    SyntheticJob job = SyntheticJobs.wordcountLike(60);
    List<StatusReport> reports = job.run();
    StringWriter out = new StringWriter();
    TraceHeader header =
        TraceHeader.of(
            job.numReducers(),
            "round trip",
            Map.of(PikachuKeys.ESTIMATOR.name(), "tarazu"),
            Slicing.HASH);
    int decidedAfter = reports.size() / 2;
    long decidedAt = reports.get(decidedAfter - 1).timeMs() + 1;
    try (TraceFile.Recorder r = new TraceFile.Recorder(out, header)) {
      for (int i = 0; i < reports.size(); i++) {
        if (i == decidedAfter) {
          r.decided(decidedAt);
        }
        r.record(reports.get(i));
      }
    }
    TraceFile back = TraceFile.read(new StringReader(out.toString()), "memory");
    assertEquals(header, back.header());
    assertEquals(reports, back.reports());
    assertEquals(List.of(TraceFile.Mark.of(decidedAt, decidedAfter)), back.marks());
    assertEquals(reports.subList(0, decidedAfter), back.reportsBeforeFirstDecision().orElseThrow());
  }

  @Test
  void versionOneTracesStillRead() throws IOException {
    String v1 =
        "{\"format\":\"pikachu-trace\",\"version\":1,\"numReducers\":1}\n"
            + "{\"timeMs\":1,\"attemptId\":\"a\",\"type\":\"MAP\",\"taskIndex\":0,\"node\":\"n\","
            + "\"phase\":\"MAP\",\"state\":\"RUNNING\",\"progress\":0.5,\"mapsCopied\":0,"
            + "\"mapsCompleted\":0,\"totalMaps\":1,\"cpuMs\":0,\"launchTimeMs\":-1}\n";
    TraceFile t = TraceFile.read(new StringReader(v1), "v1.jsonl");
    assertEquals(1, t.reports().size());
    assertTrue(t.marks().isEmpty());
    assertTrue(t.reportsBeforeFirstDecision().isEmpty());
  }

  @Test
  void malformedTracesNameTheLine() {
    String header = "{\"format\":\"pikachu-trace\",\"version\":1,\"numReducers\":1}\n";
    IOException e =
        assertThrows(
            IOException.class,
            () -> TraceFile.read(new StringReader(header + "{\"timeMs\": \"soon\"}\n"), "t.jsonl"));
    assertTrue(e.getMessage().startsWith("t.jsonl: line 2"), e.getMessage());
    IOException bad =
        assertThrows(
            IOException.class,
            () ->
                TraceFile.read(
                    new StringReader("{\"format\":\"csv\",\"version\":1}\n"), "t.jsonl"));
    assertTrue(bad.getMessage().contains("header"), bad.getMessage());
    IOException progress =
        assertThrows(
            IOException.class,
            () ->
                TraceFile.read(
                    new StringReader(
                        header
                            + "{\"timeMs\":1,\"attemptId\":\"a\",\"type\":\"MAP\",\"taskIndex\":0,\"node\":\"n\",\"phase\":\"MAP\","
                            + "\"state\":\"RUNNING\",\"progress\":2.0,\"mapsCopied\":0,\"mapsCompleted\":0,\"totalMaps\":1,"
                            + "\"cpuMs\":0,\"launchTimeMs\":-1}\n"),
                    "t.jsonl"));
    assertTrue(progress.getMessage().contains("outside [0, 1]"), progress.getMessage());
  }
}
