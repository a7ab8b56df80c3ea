package io.pikachu.sim.calib;

import io.pikachu.benchmodel.SuiteFiles;
import io.pikachu.benchmodel.SuiteFiles.Nodes;
import io.pikachu.benchmodel.SuiteFiles.Results;
import io.pikachu.benchmodel.SuiteFiles.Tasks;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads the benchmark suite's measured runs: {@code results.csv} (one row per job: its time and
 * when its last map ended) and, per run, {@code runs/<app>/<config>/<method>/rep<n>/tasks.csv} and
 * {@code nodes.csv}.
 */
public final class SuiteRuns {

  private SuiteRuns() {}

  /**
   * @param resultsCsv the suite's results.csv
   * @param runsRoot the folder that holds {@code runs/} (the run_dir column is relative to it)
   */
  /** A run's decision record, written beside its task files by runs with a controller. */
  static final String DECISION = "decision.json";

  /**
   * Whether a run's decision record has the field {@code reducerBytes}: records written since the
   * byte rule (issue 43) carry it, also empty; earlier ones and runs without a record do not.
   */
  static boolean recordedBytes(Path decision) throws IOException {
    return Files.isRegularFile(decision)
        && new String(Files.readAllBytes(decision), StandardCharsets.UTF_8)
            .contains("\"reducerBytes\"");
  }

  public static List<MeasuredRun> read(Path resultsCsv, Path runsRoot) throws IOException {
    List<MeasuredRun> runs = new ArrayList<MeasuredRun>();
    try (Reader in = Files.newBufferedReader(resultsCsv, StandardCharsets.UTF_8)) {
      for (CSVRecord r :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        if (!Results.STATUS_OK.equals(r.get(Results.STATUS))) {
          continue;
        }
        Path dir = runsRoot.resolve(r.get(Results.RUN_DIR));
        if (!Files.exists(dir.resolve(SuiteFiles.TASKS))) {
          throw new IOException(
              "results.csv names run "
                  + r.get(Results.RUN_DIR)
                  + " but "
                  + dir.resolve(SuiteFiles.TASKS)
                  + " does not exist");
        }
        runs.add(
            new MeasuredRun(
                r.get(Results.APP),
                r.get(Results.CONFIG),
                r.get(Results.METHOD),
                Integer.parseInt(r.get(Results.REP)),
                Double.parseDouble(r.get(Results.SECONDS)),
                Double.parseDouble(r.get(Results.MAPS_DONE_S)),
                (num(r.get(Results.RESHUFFLED_BYTES)) + num(r.get(Results.DROPPED_BYTES))) / 1e6,
                nodes(dir.resolve(SuiteFiles.NODES)),
                tasks(dir.resolve(SuiteFiles.TASKS)),
                RunPlugin.of(recordedBytes(dir.resolve(DECISION)), r.get(Results.JOB_ID))));
      }
    }
    return runs;
  }

  static List<MeasuredRun.Node> nodes(Path file) throws IOException {
    List<MeasuredRun.Node> nodes = new ArrayList<MeasuredRun.Node>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (CSVRecord r :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        nodes.add(
            new MeasuredRun.Node(
                r.get(Tasks.NODE),
                Double.parseDouble(r.get(Nodes.CPUS)),
                Integer.parseInt(r.get(Nodes.MAP_SLOTS)),
                Integer.parseInt(r.get(Nodes.REDUCE_SLOTS)),
                r.get(Nodes.CLASS)));
      }
    }
    return nodes;
  }

  static List<MeasuredRun.Task> tasks(Path file) throws IOException {
    List<MeasuredRun.Task> tasks = new ArrayList<MeasuredRun.Task>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (CSVRecord r :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        boolean reduce = SuiteFiles.Tasks.REDUCE.equals(r.get(Tasks.TYPE));
        tasks.add(
            new MeasuredRun.Task(
                r.get(Tasks.ATTEMPT),
                reduce,
                r.get(Tasks.NODE),
                num(r.get(Tasks.START_S)),
                num(r.get(Tasks.SHUFFLE_DONE_S)),
                num(r.get(Tasks.SORT_DONE_S)),
                num(r.get(Tasks.FINISH_S)),
                num(r.get(Tasks.SHUFFLE_BYTES)) / 1e6,
                num(r.get(Tasks.CPU_S))));
      }
    }
    return tasks;
  }

  private static double num(String s) {
    return s == null || s.trim().isEmpty() ? Double.NaN : Double.parseDouble(s.trim());
  }
}
