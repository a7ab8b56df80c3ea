package io.pikachu.benchsuite.demo;

import io.pikachu.cluster.ClusterNode;
import io.pikachu.cluster.history.JobTimeline;
import io.pikachu.cluster.history.TaskRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Per node, what the job did there: the breakdown of Fig. 2.2, with the CPU seconds its maps and
 * reducers used (task counters). Times are seconds from the job's launch; "shuffle-only" is the
 * part of a reducer's shuffle and sort after the last map finished, "user-reduce" the time from the
 * end of its sort to its end.
 */
public record NodeBreakdown(List<Row> rows, double fastReducerDone, double slowReducerDone) {

  public record Row(
      ClusterNode node,
      int maps,
      int reducers,
      double mapCpuSeconds,
      double reduceCpuSeconds,
      long shuffledBytes,
      double shuffleOnlySeconds,
      double userReduceSeconds,
      double reducerDoneSeconds) {}

  public static NodeBreakdown of(JobTimeline timeline, List<ClusterNode> nodes) {
    long t0 = timeline.launchTime();
    long lastMap = timeline.lastMapFinish();
    List<Row> rows = new ArrayList<>();
    List<Double> fastDone = new ArrayList<>();
    List<Double> slowDone = new ArrayList<>();
    for (ClusterNode node : nodes) {
      List<TaskRun> maps =
          timeline.maps().stream().filter(t -> t.node().equals(node.name())).toList();
      List<TaskRun> reduces =
          timeline.reduces().stream().filter(t -> t.node().equals(node.name())).toList();
      for (TaskRun reduce : reduces) {
        (isFast(node, nodes) ? fastDone : slowDone).add(seconds(reduce.finishTime() - t0));
      }
      rows.add(
          new Row(
              node,
              maps.size(),
              reduces.size(),
              maps.stream().mapToLong(TaskRun::cpuMillis).sum() / 1000.0,
              reduces.stream().mapToLong(TaskRun::cpuMillis).sum() / 1000.0,
              reduces.stream().mapToLong(TaskRun::shuffleBytes).sum(),
              mean(
                  reduces.stream()
                      .mapToDouble(r -> seconds(Math.max(0, r.sortFinishTime() - lastMap)))),
              mean(reduces.stream().mapToDouble(r -> seconds(r.finishTime() - r.sortFinishTime()))),
              mean(reduces.stream().mapToDouble(r -> seconds(r.finishTime() - t0)))));
    }
    return new NodeBreakdown(
        rows,
        mean(fastDone.stream().mapToDouble(Double::doubleValue)),
        mean(slowDone.stream().mapToDouble(Double::doubleValue)));
  }

  /**
   * Whether a node is one of the fast ones: those with the most cores. On equal nodes, every node
   * is.
   */
  public static boolean isFast(ClusterNode node, List<ClusterNode> nodes) {
    return node.spec().cores()
        >= nodes.stream().mapToDouble(n -> n.spec().cores()).max().orElseThrow();
  }

  /** How much later, on average, slow-node reducers finished than fast-node reducers. */
  public double slowOverFast() {
    return slowReducerDone / fastReducerDone;
  }

  public String format(String title, JobTimeline timeline) {
    StringBuilder text = new StringBuilder();
    text.append(
        String.format(
            Locale.ROOT,
            "%n%s: job %s, %.1f s from launch to finish, maps done at %.1f s%n",
            title,
            timeline.jobId(),
            seconds(timeline.finishTime() - timeline.launchTime()),
            seconds(timeline.lastMapFinish() - timeline.launchTime())));
    text.append(
        String.format(
            Locale.ROOT,
            "%-8s %5s %9s %5s %8s %9s %9s %11s %13s %12s %14s%n",
            "node",
            "cpus",
            "map/red",
            "maps",
            "reducers",
            "map cpu",
            "red cpu",
            "shuffled MB",
            "shuffle-only",
            "user-reduce",
            "reducers done"));
    for (Row row : rows) {
      text.append(
          String.format(
              Locale.ROOT,
              "%-8s %5.2f %9s %5d %8d %8.1fs %8.1fs %11.1f %12.1fs %11.1fs %13.1fs%n",
              row.node().name(),
              row.node().spec().cores(),
              row.node().spec().mapSlots() + "/" + row.node().spec().reduceSlots(),
              row.maps(),
              row.reducers(),
              row.mapCpuSeconds(),
              row.reduceCpuSeconds(),
              row.shuffledBytes() / 1e6,
              row.shuffleOnlySeconds(),
              row.userReduceSeconds(),
              row.reducerDoneSeconds()));
    }
    text.append(
        String.format(
            Locale.ROOT,
            "slow-node reducers finished %.2fx later than fast-node reducers (mean %.1f s vs %.1f s after launch)%n",
            slowOverFast(),
            slowReducerDone,
            fastReducerDone));
    return text.toString();
  }

  private static double mean(java.util.stream.DoubleStream values) {
    OptionalDouble mean = values.average();
    return mean.orElse(Double.NaN);
  }

  private static double seconds(long millis) {
    return millis / 1000.0;
  }
}
