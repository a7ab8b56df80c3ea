package io.pikachu.core.profile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.classify.NodeClassMap;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LayoutDecisionTest {

  private static final Rebalancing.Enabled BINS =
      Rebalancing.Enabled.of(
          Slicing.HASH, "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner");

  /** The layout's verdict, with the methods the tests read. */
  private record Verdict(Rebalancing r) {
    boolean bins() {
      return r.equals(BINS);
    }

    String why() {
      return r instanceof Rebalancing.SteppedAside s ? s.detail() : "bins";
    }
  }

  private static Verdict decide(Optional<NodeClassMap> admin, Map<String, Double> profiled) {
    return new Verdict(LayoutDecision.decide(BINS, admin, profiled, 3, 1.5));
  }

  @Test
  void anAdminMapOfOneClassMeansNoBins() {
    Verdict l = decide(Optional.of(NodeClassMap.parse("n1=big,n2=big,n3=big")), Map.of());
    assertFalse(l.bins(), l.why());
    assertTrue(l.why().startsWith(LayoutDecision.RULE), l.why());
    assertTrue(
        ((Rebalancing.SteppedAside) l.r()).why() == Rebalancing.AsideReason.ONE_NODE_CLASS,
        l.why());
  }

  @Test
  void aNodeTheOneClassAdminMapLeavesOutMeansBins() {
    Verdict l =
        decide(
            Optional.of(NodeClassMap.parse("n1=big,n2=big")),
            Map.of("n1", 1.0, "n2", 1.0, "n9", 0.2));
    assertTrue(l.bins(), l.why());
  }

  @Test
  void anAdminMapOfTwoClassesMeansBinsWhateverTheProfileSays() {
    Verdict l =
        decide(
            Optional.of(NodeClassMap.parse("n1=big,n2=small")),
            Map.of("n1", 1.0, "n2", 1.0, "n3", 1.0));
    assertTrue(l.bins(), l.why());
  }

  @Test
  void aProfileOfEqualNodesMeansNoBins() {
    Verdict l = decide(Optional.empty(), Map.of("n1", 1.0, "n2", 1.1, "n3", 0.95));
    assertFalse(l.bins(), l.why());
  }

  @Test
  void aProfileOfTwoClassesOrOfTooFewNodesMeansBins() {
    assertTrue(decide(Optional.empty(), Map.of("n1", 4.0, "n2", 1.0, "n3", 1.0)).bins());
    assertTrue(decide(Optional.empty(), Map.of("n1", 1.0)).bins());
    assertTrue(decide(Optional.empty(), Map.of()).bins());
  }
}
