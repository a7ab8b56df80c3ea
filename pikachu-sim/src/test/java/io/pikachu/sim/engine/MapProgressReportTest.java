package io.pikachu.sim.engine;

import static io.pikachu.sim.engine.SimulationTest.REDUCE_HEAVY;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.core.decision.Decision;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import org.junit.jupiter.api.Test;

/**
 * {@link Platform#mapProgressWhileRunning()}: with running maps reporting no progress, as the
 * embedded cluster's small maps were recorded doing, the controller measures a one-slot node only
 * by a map that finished there, so its first decision comes no earlier than each reducer node's
 * first finished map; with progress reported it measures such a node by its map in flight, earlier.
 */
class MapProgressReportTest {

  /** One 4-slot node and two one-slot nodes of a fifth of its cores, a reducer on each. */
  private static ClusterSpec fiveToOne() {
    return ClusterSpec.builder("one-slot")
        .add(1, NodeSpec.builder("fast").cores(1.0).mapSlots(4).reduceSlots(1).memoryMb(8_000))
        .add(2, NodeSpec.builder("slow").cores(0.2).mapSlots(1).reduceSlots(1).memoryMb(4_000))
        .build();
  }

  /** Seconds from the first decision to the latest of the reducer nodes' first finished maps. */
  private static double decidedBeforeEveryReducerNodeFinishedAMap(boolean progress) {
    JobSpec job = JobSpec.builder(REDUCE_HEAVY, 16, 8, 3).replication(1).build();
    // reducers placed 1.5 s after slow start, while the one-slot nodes' first maps still run: the
    // moment this test is about (with the default 3 s they are placed just after those maps end)
    Platform p =
        Platform.defaults().toBuilder()
            .mapProgressWhileRunning(progress)
            .reducerLaunchDelayS(1.5)
            .build();
    SimResult r = new Simulation(fiveToOne(), job, Method.TWO_STAGE, p).run();
    Decision first = r.decisions().versions().get(0);
    double decided = ControllerFeed.seconds(first.decidedAtMs());
    double lastFirstFinish = 0;
    for (TaskRecord reducer : r.reducers()) {
      double firstFinish = Double.MAX_VALUE;
      for (TaskRecord t : r.tasks()) {
        if (!t.reduce() && t.succeeded() && t.node().equals(reducer.node())) {
          firstFinish = Math.min(firstFinish, t.finish());
        }
      }
      lastFirstFinish = Math.max(lastFirstFinish, firstFinish);
    }
    return lastFirstFinish - decided;
  }

  @Test
  void withoutProgressAOneSlotNodeIsMeasuredByAFinishedMap() {
    double hidden = decidedBeforeEveryReducerNodeFinishedAMap(false);
    double reported = decidedBeforeEveryReducerNodeFinishedAMap(true);
    assertTrue(hidden <= 0, "decided " + hidden + " s before a reducer node had finished a map");
    assertTrue(reported > 0, "with progress, decided on a map in flight: " + reported + " s early");
  }
}
