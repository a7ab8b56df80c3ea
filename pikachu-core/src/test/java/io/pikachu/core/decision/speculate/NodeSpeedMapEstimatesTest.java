package io.pikachu.core.decision.speculate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.classify.NodeClassifier;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NodeSpeedMapEstimatesTest {

  private static NodeClasses classes(Map<String, Double> speeds) {
    return new NodeClassifier(Optional.empty(), 3, 1.3).classify(speeds.keySet(), speeds, Map.of());
  }

  @Test
  void aSlowNodesMapIsExpectedToTakeTheFastClassesTimeScaledBySpeed() {
    NodeSpeedMapEstimates e =
        NodeSpeedMapEstimates.of(
                classes(Map.of("fast:1", 4.0, "slow:2", 1.0, "slow:3", 1.05)),
                Map.of(
                    "fast:1", List.of(9_000L, 11_000L),
                    "slow:2", List.of(41_000L)))
            .orElseThrow();
    assertEquals(10_000, e.newAttemptMs(), "a copy is judged by the fast class's maps only");
    long onSlow = e.runtimeOn("slow:2").orElseThrow();
    assertTrue(onSlow > 37_000 && onSlow < 41_000, "about 4x the fast class: " + onSlow);
    assertFalse(e.runtimeOn("fast:1").isPresent(), "the fast class: Hadoop's own estimate");
    assertFalse(e.runtimeOn("unknown:9").isPresent(), "a node never measured: Hadoop's own");
  }

  @Test
  void oneClassOfNodesLeavesHadoopsSpeculatorAsItIs() {
    assertEquals(
        Optional.empty(),
        NodeSpeedMapEstimates.of(
            classes(Map.of("a:1", 1.0, "b:2", 1.1, "c:3", 0.95)), Map.of("a:1", List.of(10_000L))));
  }

  @Test
  void noEstimateBeforeTheFastestClassHasFinishedAMap() {
    assertEquals(
        Optional.empty(),
        NodeSpeedMapEstimates.of(
            classes(Map.of("fast:1", 4.0, "slow:2", 1.0)), Map.of("slow:2", List.of(40_000L))));
  }
}
