package io.pikachu.cluster;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.benchmodel.SlotConfig;
import org.junit.jupiter.api.Test;

class EmbeddedNodesTest {

  @Test
  void thePapersLayoutsAndParsedClustersCanBeStarted() {
    EmbeddedNodes.check(ClusterSpec.heterogeneous(1, 2, 0.25, 4, SlotConfig.CONFIG_1));
    EmbeddedNodes.check(ClusterSpec.parse("1xfast:1.2:4:2, 2xslow:0.15:1:2, edge:0.5:2:0"));
  }

  @Test
  void nodesItCannotEmulateAreRefusedByName() {
    assertRefused(NodeSpec.builder("Fast").cores(1).mapSlots(1).reduceSlots(1), "Fast");
    assertRefused(NodeSpec.builder("fast").cores(1).mapSlots(0).reduceSlots(1), "map slot");
    assertRefused(NodeSpec.builder("big").cores(65).mapSlots(1), "(0, 64]");
    assertRefused(NodeSpec.builder("quick").coreSpeed(2).mapSlots(1), "core speed 2.0");
  }

  private static void assertRefused(NodeSpec.Builder node, String says) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> EmbeddedNodes.check(node.build()));
    assertTrue(e.getMessage().contains(says), e.getMessage());
  }
}
