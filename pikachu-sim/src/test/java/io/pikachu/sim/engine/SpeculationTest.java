package io.pikachu.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import java.util.ArrayList;
import java.util.Collections;
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
    ClusterSpec c = fastAndSlow(1, 1, 0.05, 0);
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
    assertTrue(
        wait >= MapRuntimeEstimates.HEARTBEAT_WAIT_S
            && wait <= MapRuntimeEstimates.HEARTBEAT_WAIT_S + 2,
        "copied " + wait + " s after the original's launch");
  }

  /**
   * Under Pikachu's AM plugin (rule map-copy-by-node-speed, on by default), a map on a node whose
   * class is measured slow is judged by its class's speed before it reports any progress, so it is
   * copied as soon as a fast node would finish it first, without Hadoop's 9 s wait; stock, and a
   * job that turns the rule off, copy no map that soon.
   */
  @Test
  void underPikachuAMapStartingOnAMeasuredSlowNodeIsCopiedByNodeSpeed() {
    ClusterSpec c = fastAndSlow(2, 2, 0.5, 1);
    JobSpec job = JobSpec.builder(SimulationTest.REDUCE_HEAVY, 12, 1, 4).replication(3).build();

    assertTrue(earliestCopy(c, job, Method.TWO_STAGE) < MapRuntimeEstimates.HEARTBEAT_WAIT_S);
    assertTrue(earliestCopy(c, job, Method.STOCK) >= MapRuntimeEstimates.HEARTBEAT_WAIT_S);
    JobSpec off = job.toBuilder().pikachu("pikachu.speculative.map.by-node-speed", "false").build();
    assertTrue(earliestCopy(c, off, Method.TWO_STAGE) >= MapRuntimeEstimates.HEARTBEAT_WAIT_S);
  }

  /**
   * DefaultSpeculator leaves a job alone while any of its maps waits for a container (its
   * mapContainerNeeds, read from Hadoop 3.5.0's bytecode), a pending original or a copy decided
   * earlier. Two maps starve on two slow nodes while the fast node's two slots work through the
   * pending maps: the first copy is decided once every original has a container, and the second
   * only after the first copy has one, a speculation interval (15 s) later. The simulator used to
   * decide copies while maps were pending and queue them, picking the first starved map again and
   * again; its two copies launched 12 s apart here, the first as soon as the pending maps ran out.
   */
  @Test
  void noCopyIsDecidedWhileAMapWaitsForAContainer() {
    ClusterSpec c =
        ClusterSpec.builder("two-fast-slots")
            .add(1, NodeSpec.builder("fast").cores(2).mapSlots(2).reduceSlots(1).memoryMb(8_000))
            .add(
                2, NodeSpec.builder("slow").cores(0.005).mapSlots(1).reduceSlots(0).memoryMb(4_000))
            .build();
    // 100 maps of about 1.2 core-s: the fast slots are busy for two minutes; a slow node's map
    // needs 200 s to start its JVM.
    JobSpec job = JobSpec.builder(SimulationTest.REDUCE_HEAVY, 100, 1, 1).replication(1).build();
    List<TaskRecord> maps =
        new Simulation(c, job, Method.STOCK, Platform.defaults())
            .run().tasks().stream().filter(t -> !t.reduce()).collect(Collectors.toList());

    List<TaskRecord> starved =
        maps.stream()
            .filter(t -> t.node().startsWith("slow") && t.start() < 5)
            .collect(Collectors.toList());
    assertEquals(2, starved.size(), "each slow node started one map");
    List<Double> copies = new ArrayList<Double>();
    for (TaskRecord original : starved) {
      copies.add(
          maps.stream()
              .filter(t -> t.task() == original.task() && t.start() > original.start())
              .findFirst()
              .orElseThrow(() -> new AssertionError("map " + original.task() + " got no copy"))
              .start());
    }
    Collections.sort(copies);
    double lastOriginal =
        maps.stream()
            .filter(t -> t.attempt().endsWith("_0"))
            .mapToDouble(TaskRecord::start)
            .max()
            .getAsDouble();
    assertTrue(
        copies.get(0) >= lastOriginal,
        "first copy at " + copies.get(0) + " s, the last original at " + lastOriginal + " s");
    // Decided 15 s apart, each copy then waits for a fast slot: at most one fast map's run longer
    // than the other; a copy decided while the first still waited behind the originals launches
    // sooner than that.
    double longestFastMap =
        maps.stream()
            .filter(t -> t.node().startsWith("fast"))
            .mapToDouble(t -> t.finish() - t.start())
            .max()
            .getAsDouble();
    assertTrue(
        copies.get(1) - copies.get(0) >= 15 - longestFastMap,
        "the second copy was decided after the first had its container, 15 s on: they launched "
            + (copies.get(1) - copies.get(0))
            + " s apart, a fast map runs up to "
            + longestFastMap
            + " s");
  }

  /** A 4-core node with 4 map slots, and slow nodes of one map slot each. */
  private static ClusterSpec fastAndSlow(
      int fastReduceSlots, int slowNodes, double slowCores, int slowReduceSlots) {
    return ClusterSpec.builder("fast-and-slow")
        .add(
            1,
            NodeSpec.builder("fast")
                .cores(4)
                .mapSlots(4)
                .reduceSlots(fastReduceSlots)
                .memoryMb(16_000))
        .add(
            slowNodes,
            NodeSpec.builder("slow")
                .cores(slowCores)
                .mapSlots(1)
                .reduceSlots(slowReduceSlots)
                .memoryMb(4_000))
        .build();
  }

  /** The shortest time from a map's launch to its copy's, infinity without copies. */
  private static double earliestCopy(ClusterSpec c, JobSpec job, Method method) {
    List<TaskRecord> maps =
        new Simulation(c, job, method, Platform.defaults())
            .run().tasks().stream().filter(t -> !t.reduce()).collect(Collectors.toList());
    double earliest = Double.POSITIVE_INFINITY;
    for (TaskRecord copy : maps) {
      for (TaskRecord original : maps) {
        if (copy.task() == original.task() && copy.start() > original.start()) {
          earliest = Math.min(earliest, copy.start() - original.start());
        }
      }
    }
    return earliest;
  }
}
