package io.pikachu.core.profile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.classify.NodeClassMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LayoutDecisionTest {

  private static JobLayout decide(Optional<NodeClassMap> admin, Map<String, Double> profiled) {
    return LayoutDecision.decide(admin, profiled, 3, 1.5, 10);
  }

  @Test
  void anAdminMapOfOneClassMeansNoBins() {
    JobLayout l = decide(Optional.of(NodeClassMap.parse("n1=big,n2=big,n3=big")), Map.of());
    assertFalse(l.bins(), l.why());
    assertTrue(l.why().startsWith(LayoutDecision.RULE), l.why());
  }

  @Test
  void aNodeTheOneClassAdminMapLeavesOutMeansBins() {
    JobLayout l =
        decide(
            Optional.of(NodeClassMap.parse("n1=big,n2=big")),
            Map.of("n1", 1.0, "n2", 1.0, "n9", 0.2));
    assertTrue(l.bins(), l.why());
    assertTrue(l.why().contains("n9"), l.why());
  }

  @Test
  void anAdminMapOfTwoClassesMeansBinsWhateverTheProfileSays() {
    JobLayout l =
        decide(
            Optional.of(NodeClassMap.parse("n1=big,n2=small")),
            Map.of("n1", 1.0, "n2", 1.0, "n3", 1.0));
    assertTrue(l.bins(), l.why());
  }

  @Test
  void aProfileOfEqualNodesMeansNoBins() {
    JobLayout l = decide(Optional.empty(), Map.of("n1", 1.0, "n2", 1.1, "n3", 0.95));
    assertFalse(l.bins(), l.why());
  }

  @Test
  void aProfileOfTwoClassesOrOfTooFewNodesMeansBins() {
    assertTrue(decide(Optional.empty(), Map.of("n1", 4.0, "n2", 1.0, "n3", 1.0)).bins());
    assertTrue(decide(Optional.empty(), Map.of("n1", 1.0)).bins());
    assertTrue(decide(Optional.empty(), Map.of()).bins());
  }
}
