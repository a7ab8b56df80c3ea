package io.pikachu.benchsuite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pikachu.benchsuite.suite.RunNode;
import io.pikachu.benchsuite.suite.RunTask;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeUsageTest {
  @Test
  void sumsEachNodesTasksAndKeepsTasksOnUnlistedNodes() {
    List<RunNode> nodes =
        List.of(
            new RunNode("fast0", "h:1", 1.0, 4, 2, "fast"),
            new RunNode("slow0", "h:2", 0.25, 1, 2, "slow"));
    List<NodeUsage> rows =
        NodeUsage.of(
            nodes,
            List.of(
                new RunTask("m0", false, "fast0", 0, 10, 0, 8, 0),
                new RunTask("r0", true, "fast0", 5, 60, 3_000_000, 20, 0),
                new RunTask("r1", true, "fast0", 5, 70, 1_000_000, 10, 250_000),
                new RunTask("r2", true, "h:2", 5, 90, 500_000, 4, 0),
                new RunTask("m1", false, "ghost", 0, 12, 0, 3, 0)));
    assertEquals(
        List.of("fast0", "slow0", "ghost"), rows.stream().map(r -> r.node().name()).toList());
    NodeUsage fast = rows.get(0);
    assertEquals(1, fast.maps());
    assertEquals(2, fast.reducers());
    assertEquals(8, fast.mapCpuSeconds());
    assertEquals(30, fast.reduceCpuSeconds());
    assertEquals(4_000_000, fast.shuffledBytes());
    assertEquals(3_750_000, fast.keptBytes(), "a bin fetched and dropped was not reduced here");
    assertEquals(65, fast.meanReducerFinishSeconds());
    assertEquals(90, rows.get(1).meanReducerFinishSeconds(), "tasks.csv may name a node by its id");
    assertEquals("?", rows.get(2).node().nodeClass());
    assertEquals(1, rows.get(2).maps());
  }
}
