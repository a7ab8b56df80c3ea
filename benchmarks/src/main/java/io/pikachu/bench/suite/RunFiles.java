package io.pikachu.bench.suite;

import io.pikachu.cluster.ClusterNode;
import io.pikachu.cluster.history.JobTimeline;
import io.pikachu.cluster.history.TaskRun;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The per-run files next to results.csv, from which the report draws its per-node breakdown and time series:
 * {@code nodes.csv} (the cluster, with each node's class), {@code tasks.csv} (every successful task attempt from job
 * history, times in seconds from the job's launch), and, for Pikachu's methods, {@code decision.json} and
 * {@code trace.jsonl} (the controller's decision and every status report it was fed).
 */
public final class RunFiles {
  public static final String NODES = "nodes.csv";
  public static final String TASKS = "tasks.csv";
  public static final String DECISION = "decision.json";
  public static final String TRACE = "trace.jsonl";

  static final String[] NODE_HEADER = {"node", "node_id", "cpus", "map_slots", "reduce_slots", "class"};
  static final String[] TASK_HEADER = {"attempt", "type", "node", "start_s", "shuffle_done_s", "sort_done_s",
      "finish_s", "shuffle_bytes", "cpu_s"};

  private RunFiles() {}

  /** "fast" for the nodes with the most cores, "slow" for the others; one class on a homogeneous cluster. */
  public static String nodeClass(ClusterNode node, List<ClusterNode> all) {
    double most = all.stream().mapToDouble(n -> n.spec().cpus()).max().orElseThrow();
    double least = all.stream().mapToDouble(n -> n.spec().cpus()).min().orElseThrow();
    if (most == least) {
      return "all";
    }
    return node.spec().cpus() >= most ? "fast" : "slow";
  }

  static void writeNodes(Path dir, List<ClusterNode> nodes) throws IOException {
    try (CSVPrinter out = printer(dir.resolve(NODES), NODE_HEADER)) {
      for (ClusterNode n : nodes) {
        out.printRecord(n.name(), n.nodeId(), n.spec().cpus(), n.spec().mapSlots(), n.spec().reduceSlots(),
            nodeClass(n, nodes));
      }
    }
  }

  static void writeTasks(Path dir, JobTimeline timeline) throws IOException {
    long t0 = timeline.launchTime();
    try (CSVPrinter out = printer(dir.resolve(TASKS), TASK_HEADER)) {
      for (List<TaskRun> runs : List.of(timeline.maps(), timeline.reduces())) {
        for (TaskRun t : runs) {
          out.printRecord(t.attemptId(), t.reduce() ? "reduce" : "map", t.node(), seconds(t.startTime() - t0),
              t.reduce() ? seconds(t.shuffleFinishTime() - t0) : "", t.reduce() ? seconds(t.sortFinishTime() - t0) : "",
              seconds(t.finishTime() - t0), t.shuffleBytes(), seconds(t.cpuMillis()));
        }
      }
    }
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
