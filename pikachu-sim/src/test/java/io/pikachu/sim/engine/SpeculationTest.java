package io.pikachu.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The simulated speculator against Hadoop's DefaultSpeculator with its LegacyTaskRuntimeEstimator.
 */
class SpeculationTest {

  /**
   * A map still starting its JVM on a starved node reports no progress. Hadoop estimates its run
   * time as elapsed / 1e-4 once the speculator has simulated a status for it (after 9 s without
   * one), so it gets a copy on a free fast slot long before its own JVM is ready; the embedded
   * cluster's logs show such copies (results/simulator/2026-11-29-jvm-start-and-speculation/).
   */
  @Test
  void aMapStillStartingOnAStarvedNodeIsCopiedAfterTheHeartbeatWait() {
    ClusterSpec c =
        ClusterSpec.builder("starved")
            .add(1, NodeSpec.builder("fast").cores(4).mapSlots(4).reduceSlots(1).memoryMb(16_000))
            .add(1, NodeSpec.builder("slow").cores(0.05).mapSlots(1).reduceSlots(0).memoryMb(4_000))
            .build();
    // 1 core-s of JVM start takes 20 s on the slow node; a fast map ends within about 2 s.
    JobSpec job = JobSpec.builder(SimulationTest.REDUCE_HEAVY, 5, 1, 1).replication(2).build();
    SimResult r = new Simulation(c, job, Method.STOCK, Platform.defaults()).run();

    List<TaskRecord> slowMaps =
        r.tasks().stream()
            .filter(t -> !t.reduce() && t.node().startsWith("slow"))
            .collect(Collectors.toList());
    assertEquals(1, slowMaps.size(), "the slow node ran one map");
    TaskRecord original = slowMaps.get(0);
    TaskRecord copy =
        r.tasks().stream()
            .filter(t -> !t.reduce() && t.task() == original.task() && t != original)
            .findFirst()
            .orElseThrow(() -> new AssertionError("the starved map got no copy"));
    assertTrue(copy.succeeded() && !original.succeeded(), "the copy wins");
    assertTrue(Double.isNaN(original.ready()), "the original was killed before its JVM was ready");
    double wait = copy.start() - original.start();
    assertTrue(wait >= 9.0 && wait <= 9.0 + 2, "copied " + wait + " s after the original's launch");
  }
}
