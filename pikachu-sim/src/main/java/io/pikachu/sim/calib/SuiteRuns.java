package io.pikachu.sim.calib;

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
  public static List<MeasuredRun> read(Path resultsCsv, Path runsRoot) throws IOException {
    List<MeasuredRun> runs = new ArrayList<MeasuredRun>();
    try (Reader in = Files.newBufferedReader(resultsCsv, StandardCharsets.UTF_8)) {
      for (CSVRecord r :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        if (!"ok".equals(r.get("status"))) {
          continue;
        }
        Path dir = runsRoot.resolve(r.get("run_dir"));
        if (!Files.exists(dir.resolve("tasks.csv"))) {
          throw new IOException(
              "results.csv names run "
                  + r.get("run_dir")
                  + " but "
                  + dir.resolve("tasks.csv")
                  + " does not exist");
        }
        runs.add(
            new MeasuredRun(
                r.get("app"),
                r.get("config"),
                r.get("method"),
                Integer.parseInt(r.get("rep")),
                Double.parseDouble(r.get("seconds")),
                Double.parseDouble(r.get("maps_done_s")),
                nodes(dir.resolve("nodes.csv")),
                tasks(dir.resolve("tasks.csv"))));
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
                r.get("node"),
                Double.parseDouble(r.get("cpus")),
                Integer.parseInt(r.get("map_slots")),
                Integer.parseInt(r.get("reduce_slots")),
                r.get("class")));
      }
    }
    return nodes;
  }

  static List<MeasuredRun.Task> tasks(Path file) throws IOException {
    List<MeasuredRun.Task> tasks = new ArrayList<MeasuredRun.Task>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (CSVRecord r :
          CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in)) {
        boolean reduce = "reduce".equals(r.get("type"));
        tasks.add(
            new MeasuredRun.Task(
                reduce,
                r.get("node"),
                num(r.get("start_s")),
                num(r.get("shuffle_done_s")),
                num(r.get("sort_done_s")),
                num(r.get("finish_s")),
                num(r.get("shuffle_bytes")) / 1e6,
                num(r.get("cpu_s"))));
      }
    }
    return tasks;
  }

  private static double num(String s) {
    return s == null || s.trim().isEmpty() ? Double.NaN : Double.parseDouble(s.trim());
  }
}
