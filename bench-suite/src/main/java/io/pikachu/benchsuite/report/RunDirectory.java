package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.RunFiles;
import io.pikachu.benchsuite.suite.RunNode;
import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.RunTask;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.trace.TraceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The files one run left next to results.csv ({@link RunFiles}). Each is optional: a run killed
 * half-way or a stock run has fewer of them, and the report says so instead of failing. A file that
 * exists but cannot be parsed is an error naming the file and line.
 */
final class RunDirectory {
  private final Path dir;
  private final String relative;

  private RunDirectory(Path dir, String relative) {
    this.dir = dir;
    this.relative = relative;
  }

  static Optional<RunDirectory> of(Path suiteDir, RunResult run) {
    String relative = run.runDir().trim();
    return relative.isEmpty()
        ? Optional.empty()
        : Optional.of(new RunDirectory(suiteDir.resolve(relative), relative));
  }

  /**
   * The directory as results.csv gives it, relative to the suite: what the report shows the reader.
   */
  String relative() {
    return relative;
  }

  boolean has(String file) {
    return Files.isRegularFile(dir.resolve(file));
  }

  List<RunNode> nodes() throws IOException {
    return named(() -> RunFiles.readNodes(dir));
  }

  List<RunTask> tasks() throws IOException {
    return named(() -> RunFiles.readTasks(dir));
  }

  Optional<DecisionRecord> decision() throws IOException {
    Path file = dir.resolve(RunFiles.DECISION);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(DecisionJson.read(Files.readString(file, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new IOException(relative + "/" + RunFiles.DECISION + ": " + e.getMessage(), e);
    }
  }

  Optional<TraceFile> trace() throws IOException {
    Path file = dir.resolve(RunFiles.TRACE);
    return Files.isRegularFile(file) ? Optional.of(TraceFile.read(file)) : Optional.empty();
  }

  private interface Read<T> {
    List<T> rows() throws IOException;
  }

  /** Puts the run's directory, as the reader knows it, in front of a damaged file's name. */
  private <T> List<T> named(Read<T> read) throws IOException {
    try {
      return read.rows();
    } catch (IOException e) {
      throw new IOException(relative + "/" + e.getMessage(), e);
    }
  }
}
