package io.pikachu.benchsuite.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.trace.TraceFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The replay command on the controller's recorded traces (pikachu-core's test resources). */
class ReplayCommandTest {
  private static final Path TRACES =
      Path.of("..", "pikachu-core", "src", "test", "resources", "traces");

  @Test
  void printsEachTracesDecisionWithTheReasonItsHeaderExpects() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.list(TRACES)) {
      files = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
    }
    assertTrue(files.size() >= 2, "traces expected in " + TRACES.toAbsolutePath());
    String[] args = files.stream().map(Path::toString).toArray(String[]::new);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int status = ReplayCommand.parse(args).run(print(out), print(new ByteArrayOutputStream()));
    assertEquals(0, status);
    String text = out.toString(StandardCharsets.UTF_8);
    for (Path f : files) {
      String block = blockOf(text, f.getFileName().toString());
      String reason = TraceFile.read(f).header().expect().get("reason");
      if (reason != null) {
        assertTrue(block.contains(" reason=" + reason + " "), f + " printed:\n" + block);
      }
      assertTrue(block.contains(" rules=["), block);
    }
  }

  @Test
  void anOverrideChangesTheDecision() throws IOException {
    Path trace = TRACES.resolve("synthetic-wordcount-two-classes.jsonl");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ReplayCommand.parse(
            new String[] {
              "-D", "pikachu.estimator=fixed", "-Dpikachu.estimator.fixed-p=3", trace.toString()
            })
        .run(print(out), print(new ByteArrayOutputStream()));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("estimator=fixed"), text);
    assertTrue(text.contains("P={"), text);
  }

  @Test
  void aCorruptTraceIsNamedAndTheOthersStillRun(@TempDir Path dir) throws IOException {
    Path bad = dir.resolve("bad.jsonl");
    Files.writeString(bad, "{not json\n");
    Path missing = dir.resolve("missing.jsonl");
    Path good = TRACES.resolve("synthetic-wordcount-two-classes.jsonl");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        ReplayCommand.parse(new String[] {bad.toString(), missing.toString(), good.toString()})
            .run(print(out), print(err));
    assertEquals(1, status);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("bad.jsonl"), err.toString());
    assertTrue(
        err.toString(StandardCharsets.UTF_8).contains("missing.jsonl: no such file"),
        err.toString());
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("synthetic-wordcount-two-classes"));
  }

  @Test
  void badArgumentsNameWhatIsWrong() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> ReplayCommand.parse(new String[0]))
            .getMessage()
            .contains("no trace files"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> ReplayCommand.parse(new String[] {"-Dpikachu.estimater=fixed", "t.jsonl"}))
            .getMessage()
            .contains("pikachu.estimater"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> ReplayCommand.parse(new String[] {"-Dpikachu.estimator", "t.jsonl"}))
            .getMessage()
            .contains("key=value"));
  }

  private static String blockOf(String text, String fileName) {
    int start = text.indexOf(fileName + ":");
    assertTrue(start >= 0, fileName + " missing from:\n" + text);
    int next = text.indexOf(".jsonl:", start + fileName.length() + 1);
    return next < 0 ? text.substring(start) : text.substring(start, next);
  }

  private static PrintStream print(ByteArrayOutputStream b) {
    return new PrintStream(b, true, StandardCharsets.UTF_8);
  }
}
