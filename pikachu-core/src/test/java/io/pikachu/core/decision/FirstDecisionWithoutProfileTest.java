package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.trace.TraceFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: on the five-node embedded cluster (one 1.0-core node with 3 map slots, two 0.6-core
 * nodes with 2, two one-slot 0.2-core nodes; `results/advisor/2026-11-29-five-nodes/`) advise's
 * replay measured each one-slot node at its first decision by one map in flight and split the two
 * equal nodes 1.3-5x apart, while the recorded controller took those nodes' speed from the node
 * profile. These are two of its recorded traces (reps 3 and 6, the two whose first decision used
 * the profile), replayed without the profile: what the plugin decides on a cluster that has none.
 * On this cluster it is not exposed: a small map reports progress 0 until it ends, so a one-slot
 * node is first measured by a map that has finished, as the multi-slot nodes are. Nothing in the
 * controller guards it otherwise (docs/controller.md, section 11).
 */
class FirstDecisionWithoutProfileTest {

  private static Decision firstWithoutProfile(String name) throws Exception {
    TraceFile trace =
        TraceFile.read(
            Path.of(
                FirstDecisionWithoutProfileTest.class
                    .getResource("/first-decision/" + name)
                    .toURI()));
    assertFalse(trace.header().profiled().isEmpty(), "recorded with a node profile");
    ControllerConfig config = ControllerConfig.fromMap(trace.header().config());
    JobController c =
        new JobController(config, trace.header().numReducers(), trace.header().slicingOrDefault());
    List<StatusReport> reports = trace.reports();
    for (StatusReport r : reports) {
      c.onReport(r);
      if (c.poll(r.timeMs()).isPresent()) {
        return c.decision().get();
      }
    }
    throw new AssertionError("no decision in " + name);
  }

  @Test
  void withoutTheProfileTheEqualOneSlotNodesStayOneClassAndPIsTheProfiledOne() throws Exception {
    // recorded with the profile: fast P 3.22 and 3.43, the one-slot nodes one class
    for (String name :
        List.of(
            "embedded-wordcount-five-one-slot-nodes-profiled-a.jsonl",
            "embedded-wordcount-five-one-slot-nodes-profiled-b.jsonl")) {
      Decision first = firstWithoutProfile(name);
      String why = name + ": " + first.summaryLine();
      assertEquals(DecisionStage.PROVISIONAL, first.stage(), why);
      assertFalse(first.rules().contains(JobController.PROFILE_RULE), why);
      assertEquals(3, first.classes().size(), why);
      ClassMeasurement slow = first.classes().get(2);
      assertEquals(2, slow.nodes().size(), "the two one-slot nodes in one class: " + why);
      double fast = first.classes().get(0).p();
      assertTrue(fast > 3.0 && fast < 3.8, why);
    }
  }
}
