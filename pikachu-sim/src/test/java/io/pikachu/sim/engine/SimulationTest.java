package io.pikachu.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.core.decision.Decision;
import io.pikachu.sim.model.AppProfile;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationTest {

  /** A CPU-heavy reduce side: the imbalance Pikachu exists for. */
  static final AppProfile REDUCE_HEAVY =
      AppProfile.builder("reduce-heavy")
          .mapStartCoreS(1.0)
          .mapCpuPerMb(0.2)
          .mapOutputRatio(1.0)
          .mapSpillCpuPerMb(0.02)
          .reduceStartCoreS(1.0)
          .shuffleCpuPerMb(0.05)
          .sortCpuPerMb(0.05)
          .reduceCpuPerMb(0.3)
          .build();

  static ClusterSpec twoClasses(double fastCores, int fastMapSlots, double slowCores) {
    return ClusterSpec.builder("test")
        .add(
            1,
            NodeSpec.builder("fast")
                .cores(fastCores)
                .mapSlots(fastMapSlots)
                .reduceSlots(2)
                .memoryMb(16_000))
        .add(
            2, NodeSpec.builder("slow").cores(slowCores).mapSlots(2).reduceSlots(2).memoryMb(4_000))
        .build();
  }

  static SimResult run(ClusterSpec c, JobSpec j, Method m) {
    return new Simulation(c, j, m, Platform.defaults()).run();
  }

  @Test
  void everyTaskRunsOnceAndEveryByteIsShuffled() {
    ClusterSpec c = twoClasses(2, 2, 2);
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 24, 16, 6).replication(1).build();
    SimResult r = run(c, job, Method.STOCK);
    long maps = r.tasks().stream().filter(t -> !t.reduce() && t.succeeded()).count();
    assertEquals(24, maps);
    assertEquals(6, r.reducers().size());
    assertEquals(24 * 16.0, r.shuffledMb(), 1e-6);
    assertTrue(r.mapPhaseSeconds() < r.jobSeconds());
    assertTrue(r.firstReducerStart() < r.mapPhaseSeconds());
    assertNull(r.decisions());
    for (TaskRecord t : r.reducers()) {
      assertTrue(t.start() <= t.shuffleDone() && t.shuffleDone() <= t.sortDone());
      assertTrue(t.sortDone() <= t.finish() && t.finish() <= r.jobSeconds());
    }
  }

  /**
   * Hadoop asks for reducers only once slow start is met, so they come a request's round trip after
   * that map, not a container delay (a map on a freed slot had its request waiting).
   */
  @Test
  void theFirstReducersLaunchTheirOwnDelayAfterTheMapThatMetSlowStart() {
    ClusterSpec c = twoClasses(2, 2, 2);
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 24, 16, 6).replication(1).build();
    Platform p =
        Platform.defaults().toBuilder().containerDelayS(0.5).reducerLaunchDelayS(4.0).build();
    SimResult r = new Simulation(c, job, Method.STOCK, p).run();
    // slow start 0.05 of 24 maps: the second map to end
    double metSlowStart =
        r.tasks().stream()
            .filter(t -> !t.reduce() && t.succeeded())
            .mapToDouble(TaskRecord::finish)
            .sorted()
            .skip(1)
            .findFirst()
            .getAsDouble();
    for (TaskRecord t : r.reducers()) {
      assertEquals(metSlowStart + 4.0, t.start(), 1e-9);
    }
  }

  @Test
  void onEqualNodesEveryReducerEndsAtAboutTheSameTime() {
    ClusterSpec c = twoClasses(2, 2, 2);
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 24, 16, 6).replication(1).build();
    SimResult r = run(c, job, Method.STOCK);
    double min = Double.MAX_VALUE;
    double max = 0;
    for (TaskRecord t : r.reducers()) {
      min = Math.min(min, t.finish());
      max = Math.max(max, t.finish());
    }
    assertTrue(max - min < 0.1 * r.reduceTailSeconds() + 1, min + " " + max);
  }

  @Test
  void slowNodesReducersFinishLaterUnderStock() {
    ClusterSpec c = twoClasses(8, 8, 1);
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 48, 16, 6).replication(1).build();
    SimResult r = run(c, job, Method.STOCK);
    double[] fast = r.stagesByLabel().get("fast");
    double[] slow = r.stagesByLabel().get("slow");
    assertNotNull(fast);
    assertTrue(slow[2] + slow[3] > 1.5 * (fast[2] + fast[3]), fast[3] + " vs " + slow[3]);
  }

  @Test
  void twoStageRebalancesTowardTheFastNodeAndShortensTheJob() {
    ClusterSpec c = twoClasses(2, 8, 0.5);
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 48, 16, 6).replication(1).build();
    SimResult stock = run(c, job, Method.STOCK);
    SimResult two = run(c, job, Method.TWO_STAGE);
    assertNotNull(two.decisions());
    Decision last = two.decisions().last();
    assertTrue(last.isFinal());
    assertTrue(last.rebalanced(), String.valueOf(last.notes()));
    assertEquals(4.0, two.appliedRatio("fast", "slow"), 0.5);
    assertTrue(
        two.jobSeconds() < 0.8 * stock.jobSeconds(),
        two.jobSeconds() + " vs " + stock.jobSeconds());
    assertEquals(48 * 16.0, sumHeld(two), 1e-6);
  }

  @Test
  void aFixedRatioOfOneKeepsStocksPlacement() {
    ClusterSpec c = twoClasses(8, 8, 1);
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 48, 16, 6).replication(1).build();
    SimResult fixed = run(c, job, Method.fixed(1.0));
    assertTrue(!fixed.decisions().last().rebalanced());
    assertEquals(0.0, fixed.refetchedMb(), 1e-9);
  }

  @Test
  void moreReducersThanSlotsRunInWavesAsSlotsFreeUp() {
    ClusterSpec c = twoClasses(2, 2, 2); // 6 reduce slots
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 24, 16, 15).replication(1).build();
    for (Method m : new Method[] {Method.STOCK, Method.TWO_STAGE}) {
      SimResult r = run(c, job, m);
      assertEquals(15, r.reducers().size(), m.label());
      assertEquals(24 * 16.0, r.shuffledMb() - r.refetchedMb(), 1e-6, m.label());
      // At no time more reducers on a node than its slots: each later reducer takes a freed slot.
      for (String node : new String[] {"fast-0", "slow-0", "slow-1"}) {
        List<TaskRecord> on = new ArrayList<>();
        for (TaskRecord t : r.reducers()) {
          if (t.node().equals(node)) {
            on.add(t);
          }
        }
        for (TaskRecord t : on) {
          long running =
              on.stream().filter(o -> o.start() <= t.start() && t.start() < o.finish()).count();
          assertTrue(running <= 2, node + " runs " + running + " reducers at " + t.start());
        }
      }
      double firstEnd = r.reducers().stream().mapToDouble(TaskRecord::finish).min().getAsDouble();
      long late = r.reducers().stream().filter(t -> t.start() >= firstEnd).count();
      assertEquals(15 - 6, late, m.label() + ": the second wave starts as the first ends");
    }
  }

  @Test
  void aReplayPlacesEachReducerOnTheNodeItRanOn() {
    ClusterSpec c = twoClasses(2, 2, 2);
    List<String> at = List.of("slow-1", "slow-1", "fast-0", "nowhere");
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 12, 16, 4).replication(1).reducerNodes(at).build();
    SimResult r = run(c, job, Method.STOCK);
    for (TaskRecord t : r.reducers()) {
      if (t.task() < 3) {
        assertEquals(at.get(t.task()), t.node(), "reducer " + t.task());
      }
    }
    assertEquals(4, r.reducers().size(), "an unknown node's reducer takes a free slot");
    assertThrows(
        IllegalArgumentException.class,
        () -> JobSpec.builder(REDUCE_HEAVY, 12, 16, 4).reducerNodes(List.of("fast-0")));
  }

  @Test
  void aClusterWithoutReduceSlotsIsRefused() {
    ClusterSpec c =
        ClusterSpec.builder("maps-only").add(2, NodeSpec.builder("n").cores(2).mapSlots(2)).build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> run(c, JobSpec.builder(REDUCE_HEAVY, 4, 16, 2).build(), Method.STOCK));
    assertTrue(e.getMessage().contains("no reduce slot"), e.getMessage());
  }

  @Test
  void aJobWithoutReducersIsRefusedWithAReason() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JobSpec.builder(REDUCE_HEAVY, 4, 16, 0));
    assertTrue(e.getMessage().contains("no reducers"));
  }

  @Test
  void sharesAreMaxMinFair() {
    double[] a = Simulation.waterFill(new double[] {0.1, 1, 1, 0}, 1.0);
    assertEquals(0.1, a[0], 1e-12);
    assertEquals(0.45, a[1], 1e-12);
    assertEquals(0.45, a[2], 1e-12);
    assertEquals(0.0, a[3], 1e-12);
  }

  private static double sumHeld(SimResult r) {
    double s = 0;
    for (TaskRecord t : r.reducers()) {
      s += t.heldMb();
    }
    return s;
  }
}
