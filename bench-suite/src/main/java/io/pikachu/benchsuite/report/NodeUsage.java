package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.RunNode;
import io.pikachu.benchsuite.suite.RunTask;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one run's tasks did on one node, from its tasks.csv and nodes.csv: the per-node view behind
 * Fig. 2.8, which shows where the reduce work went and when each node's reducers were done. Kept
 * bytes are the shuffled bytes less those of bins fetched and then dropped when they moved away:
 * the bytes the node's reducers actually reduced.
 */
record NodeUsage(
    RunNode node,
    int maps,
    int reducers,
    double mapCpuSeconds,
    double reduceCpuSeconds,
    long shuffledBytes,
    long keptBytes,
    double meanReducerFinishSeconds) {

  /**
   * One row per node of nodes.csv, in its order, then one per node that only tasks.csv names (class
   * "?"), so no task's work silently disappears from the table.
   */
  static List<NodeUsage> of(List<RunNode> nodes, List<RunTask> tasks) {
    Map<String, RunNode> byName = new LinkedHashMap<>();
    nodes.forEach(n -> byName.put(n.name(), n));
    for (RunTask t : tasks) {
      if (!byName.containsKey(t.node())
          && nodes.stream().noneMatch(n -> n.nodeId().equals(t.node()))) {
        byName.put(t.node(), new RunNode(t.node(), "", Double.NaN, 0, 0, "?"));
      }
    }
    List<NodeUsage> rows = new ArrayList<>();
    for (RunNode node : byName.values()) {
      List<RunTask> here =
          tasks.stream()
              .filter(t -> t.node().equals(node.name()) || t.node().equals(node.nodeId()))
              .toList();
      List<RunTask> maps = here.stream().filter(t -> !t.reduce()).toList();
      List<RunTask> reduces = here.stream().filter(RunTask::reduce).toList();
      rows.add(
          new NodeUsage(
              node,
              maps.size(),
              reduces.size(),
              maps.stream().mapToDouble(RunTask::cpuSeconds).sum(),
              reduces.stream().mapToDouble(RunTask::cpuSeconds).sum(),
              reduces.stream().mapToLong(RunTask::shuffleBytes).sum(),
              reduces.stream().mapToLong(RunTask::keptBytes).sum(),
              reduces.stream().mapToDouble(RunTask::finishSeconds).average().orElse(Double.NaN)));
    }
    return rows;
  }
}
