package io.pikachu.core.decision.classify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class NodeClassifierTest {

  private final NodeClassifier auto = new NodeClassifier(Optional.empty(), 4, 1.3);

  private static List<String> names(NodeClasses c) {
    return c.classes().stream().map(NodeClass::name).toList();
  }

  @Test
  void twoClearlyDifferentSpeedsGiveThePapersTwoClasses() {
    Map<String, Double> rates =
        Map.of("f1", 0.20, "f2", 0.21, "s1", 0.10, "s2", 0.098, "s3", 0.103);
    NodeClasses c = auto.classify(rates.keySet(), rates, rates);
    assertEquals(List.of("fast", "slow"), names(c));
    assertEquals(List.of("f1", "f2"), c.classes().get(0).nodes());
    assertEquals("slow", c.classOf("s2").orElseThrow().name());
  }

  @Test
  void equalSpeedsGiveOneClass() {
    Map<String, Double> rates = Map.of("a", 0.10, "b", 0.105, "c", 0.097, "d", 0.11);
    assertEquals(List.of("all"), names(auto.classify(rates.keySet(), rates, rates)));
  }

  @Test
  void threeSpeeds() {
    Map<String, Double> rates =
        Map.of("a", 0.3, "b1", 0.18, "b2", 0.17, "c1", 0.1, "c2", 0.1, "c3", 0.095);
    NodeClasses c = auto.classify(rates.keySet(), rates, rates);
    assertEquals(List.of("fast", "medium", "slow"), names(c));
    assertEquals(List.of("b1", "b2"), c.byName("medium").orElseThrow().nodes());
  }

  @Test
  void noisyTwoSpeedClusterIsStableAndDeterministic() {
    Random random = new Random(3);
    Map<String, Double> rates = new TreeMap<>();
    for (int i = 0; i < 20; i++) {
      rates.put("fast" + i, 0.2 * (1 + 0.1 * random.nextGaussian()));
      rates.put("slow" + i, 0.1 * (1 + 0.1 * random.nextGaussian()));
    }
    NodeClasses first = auto.classify(rates.keySet(), rates, rates);
    assertEquals(List.of("fast", "slow"), names(first));
    assertTrue(first.classes().get(0).nodes().stream().allMatch(n -> n.startsWith("fast")));
    assertEquals(first.classes(), auto.classify(rates.keySet(), rates, rates).classes());
  }

  @Test
  void maxClassesCapsTheSplit() {
    Map<String, Double> rates = Map.of("a", 0.4, "b", 0.2, "c", 0.1);
    assertEquals(
        2,
        new NodeClassifier(Optional.empty(), 2, 1.3)
            .classify(rates.keySet(), rates, rates)
            .classes()
            .size());
    assertEquals(
        1,
        new NodeClassifier(Optional.empty(), 1, 1.3)
            .classify(rates.keySet(), rates, rates)
            .classes()
            .size());
  }

  @Test
  void nodesWithoutMapsFormAnUnmeasuredClassListedLast() {
    Map<String, Double> rates = Map.of("f1", 0.2, "s1", 0.1);
    NodeClasses c = auto.classify(List.of("f1", "s1", "reduce-only"), rates, rates);
    assertEquals(List.of("fast", "slow", "unmeasured"), names(c));
    assertNull(c.byName("unmeasured").orElseThrow().mapRate());
  }

  @Test
  void adminMapGroupsAndMeasurementOrders() {
    NodeClassMap map = NodeClassMap.parse("s1=0,s2=0,f1=1");
    Map<String, Double> rates = Map.of("f1", 0.2, "s1", 0.1, "s2", 0.1);
    NodeClasses c =
        new NodeClassifier(Optional.of(map), 4, 1.3)
            .classify(List.of("f1", "s1", "s2", "x"), rates, rates);
    assertEquals(
        List.of("1", "0", "unlisted"), names(c), "label 1 measured faster; unlisted node last");
    assertTrue(c.notes().stream().anyMatch(n -> n.contains("x")));
  }
}
