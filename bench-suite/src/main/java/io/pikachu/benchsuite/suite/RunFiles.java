package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.SuiteFiles;
import io.pikachu.benchmodel.SuiteFiles.Nodes;
import io.pikachu.benchmodel.SuiteFiles.Tasks;
import io.pikachu.benchsuite.demo.NodeBreakdown;
import io.pikachu.cluster.ClusterNode;
import io.pikachu.cluster.history.JobTimeline;
import io.pikachu.cluster.history.TaskRun;
import io.pikachu.store.PikachuCounter;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * The per-run files next to results.csv, written and read here so that their columns are defined
 * once, from which the report draws its per-node breakdown and time series: {@code nodes.csv} (the
 * cluster, with each node's class), {@code tasks.csv} (every successful task attempt from job
 * history, times in seconds from the job's launch), and, for Pikachu's methods, {@code
 * decision.json} and {@code trace.jsonl} (the controller's decision and every status report it was
 * fed).
 */
public final class RunFiles {
  public static final String NODES = SuiteFiles.NODES;
  public static final String TASKS = SuiteFiles.TASKS;
  public static final String DECISION = SuiteFiles.DECISION;
  public static final String TRACE = SuiteFiles.TRACE;

  static final String[] NODE_HEADER = Nodes.HEADER.toArray(new String[0]);
  static final String[] TASK_HEADER = Tasks.HEADER.toArray(new String[0]);

  private static final CSVFormat READ =
      CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

  private RunFiles() {}

  /**
   * "fast" or "slow" as {@link NodeBreakdown#isFast}; "all" when the nodes are equal, so there is
   * neither.
   */
  public static String nodeClass(ClusterNode node, List<ClusterNode> all) {
    if (all.stream().allMatch(n -> NodeBreakdown.isFast(n, all))) {
      return "all";
    }
    return NodeBreakdown.isFast(node, all) ? "fast" : "slow";
  }

  static void writeNodes(Path dir, List<ClusterNode> nodes) throws IOException {
    try (CSVPrinter out = printer(dir.resolve(NODES), NODE_HEADER)) {
      for (ClusterNode n : nodes) {
        out.printRecord(
            n.name(),
            n.nodeId(),
            n.spec().cores(),
            n.spec().mapSlots(),
            n.spec().reduceSlots(),
            nodeClass(n, nodes));
      }
    }
  }

  static void writeTasks(Path dir, JobTimeline timeline) throws IOException {
    long t0 = timeline.launchTime();
    try (CSVPrinter out = printer(dir.resolve(TASKS), TASK_HEADER)) {
      for (List<TaskRun> runs : List.of(timeline.maps(), timeline.reduces())) {
        for (TaskRun t : runs) {
          out.printRecord(
              t.attemptId(),
              t.reduce() ? Tasks.REDUCE : Tasks.MAP,
              t.node(),
              seconds(t.startTime() - t0),
              t.reduce() ? seconds(t.shuffleFinishTime() - t0) : "",
              t.reduce() ? seconds(t.sortFinishTime() - t0) : "",
              seconds(t.finishTime() - t0),
              t.shuffleBytes(),
              seconds(t.cpuMillis()),
              t.counter(PikachuCounter.GROUP + "/" + PikachuCounter.BYTES_DROPPED.name()));
        }
      }
    }
  }

  /** The rows of a run's nodes.csv; none if the run left no such file. */
  public static List<RunNode> readNodes(Path runDir) throws IOException {
    return read(
        runDir.resolve(NODES),
        row ->
            new RunNode(
                row.get(Nodes.NODE),
                row.get(Nodes.NODE_ID),
                Double.parseDouble(row.get(Nodes.CPUS)),
                Integer.parseInt(row.get(Nodes.MAP_SLOTS)),
                Integer.parseInt(row.get(Nodes.REDUCE_SLOTS)),
                row.get(Nodes.CLASS)));
  }

  /** The rows of a run's tasks.csv; none if the run left no such file. */
  public static List<RunTask> readTasks(Path runDir) throws IOException {
    return read(
        runDir.resolve(TASKS),
        row ->
            new RunTask(
                row.get(Tasks.ATTEMPT),
                row.get(Tasks.TYPE).equals(Tasks.REDUCE),
                row.get(Tasks.NODE),
                Double.parseDouble(row.get(Tasks.START_S)),
                Double.parseDouble(row.get(Tasks.FINISH_S)),
                Long.parseLong(row.get(Tasks.SHUFFLE_BYTES)),
                Double.parseDouble(row.get(Tasks.CPU_S)),
                row.isMapped(Tasks.DROPPED_BYTES)
                    ? Long.parseLong(row.get(Tasks.DROPPED_BYTES))
                    : 0L));
  }

  /**
   * A damaged file is an IOException naming the file and line, e.g. {@code tasks.csv line 2: ...}.
   */
  private static <T> List<T> read(Path file, Function<CSVRecord, T> parse) throws IOException {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<T> rows = new ArrayList<>();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (CSVRecord row : READ.parse(in)) {
        try {
          rows.add(parse.apply(row));
        } catch (IllegalArgumentException | IllegalStateException e) {
          // commons-csv reports a missing column as IllegalArgumentException, a short row as
          // IllegalStateException.
          throw new IOException(
              file.getFileName() + " line " + (row.getRecordNumber() + 1) + ": " + e.getMessage(),
              e);
        }
      }
    }
    return rows;
  }

  private static CSVPrinter printer(Path file, String[] header) throws IOException {
    Files.createDirectories(file.getParent());
    Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    return new CSVPrinter(writer, CSVFormat.DEFAULT.builder().setHeader(header).get());
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.3f", millis / 1000.0);
  }
}
