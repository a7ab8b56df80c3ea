package io.pikachu.bench.report;

import io.pikachu.bench.suite.RunFiles;
import io.pikachu.bench.suite.RunResult;
import io.pikachu.scheduler.decision.Decision;
import io.pikachu.scheduler.decision.DecisionJson;
import io.pikachu.scheduler.decision.trace.TraceFile;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * The files one run left next to results.csv ({@link RunFiles}). Each is optional: a run killed half-way or a
 * stock run has fewer of them, and the report says so instead of failing. A file that exists but cannot be parsed
 * is an error naming the file and line.
 */
final class RunDirectory {
  private static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

  private final Path dir;
  private final String relative;

  private RunDirectory(Path dir, String relative) {
    this.dir = dir;
    this.relative = relative;
  }

  static Optional<RunDirectory> of(Path suiteDir, RunResult run) {
    String relative = run.runDir().trim();
    return relative.isEmpty() ? Optional.empty()
        : Optional.of(new RunDirectory(suiteDir.resolve(relative), relative));
  }

  /** The directory as results.csv gives it, relative to the suite: what the report shows the reader. */
  String relative() {
    return relative;
  }

  boolean has(String file) {
    return Files.isRegularFile(dir.resolve(file));
  }

  List<RunNode> nodes() throws IOException {
    return readCsv(RunFiles.NODES, row -> new RunNode(row.get("node"), row.get("node_id"),
        Double.parseDouble(row.get("cpus")), Integer.parseInt(row.get("map_slots")),
        Integer.parseInt(row.get("reduce_slots")), row.get("class")));
  }

  List<RunTask> tasks() throws IOException {
    return readCsv(RunFiles.TASKS, row -> new RunTask(row.get("attempt"), row.get("type").equals("reduce"),
        row.get("node"), Double.parseDouble(row.get("start_s")), Double.parseDouble(row.get("finish_s")),
        Long.parseLong(row.get("shuffle_bytes")), Double.parseDouble(row.get("cpu_s"))));
  }

  Optional<Decision> decision() throws IOException {
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

  private <T> List<T> readCsv(String name, Function<CSVRecord, T> parse) throws IOException {
    Path file = dir.resolve(name);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<T> rows = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (CSVRecord row : CSV.parse(in)) {
        try {
          rows.add(parse.apply(row));
        } catch (IllegalArgumentException | IllegalStateException e) {
          // commons-csv reports a missing column as IllegalArgumentException, a short row as IllegalStateException.
          throw new IOException(relative + "/" + name + " line " + (row.getRecordNumber() + 1) + ": "
              + e.getMessage(), e);
        }
      }
    }
    return rows;
  }
}
