package io.pikachu.benchmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSpecTest {

  private static NodeSpec node(String name, String nodeClass, double cores, int map, int reduce) {
    return NodeSpec.builder(name)
        .nodeClass(nodeClass)
        .cores(cores)
        .mapSlots(map)
        .reduceSlots(reduce)
        .build();
  }

  @Test
  void configOneGivesEveryNodeTwoReduceSlotsAndMapSlotsBySpeed() {
    ClusterSpec spec = ClusterSpec.heterogeneous(1, 2, 0.25, 4, SlotConfig.CONFIG_1);
    NodeSpec fast = spec.nodes().get(0);
    NodeSpec slow = spec.nodes().get(1);
    assertEquals(1.0, fast.cores(), 1e-9);
    assertEquals(4, fast.mapSlots());
    assertEquals(1, slow.mapSlots());
    assertEquals("fast", fast.nodeClass());
    assertEquals("slow-0", slow.name());
    assertEquals("config-1", spec.label());
    assertTrue(spec.nodes().stream().allMatch(n -> n.reduceSlots() == 2));
  }

  @Test
  void configTwoGivesReduceSlotsProportionalToSpeed() {
    ClusterSpec spec = ClusterSpec.heterogeneous(2, 5, 0.2, 4, SlotConfig.CONFIG_2);
    assertEquals(4, spec.nodes().get(0).reduceSlots());
    assertEquals(1, spec.nodes().get(6).reduceSlots());
    assertEquals(2 * 4 + 5, spec.totalReduceSlots());
    assertEquals(2 * 4 + 5, spec.totalMapSlots());
  }

  @Test
  void rejectsBadNodes() {
    assertThrows(IllegalArgumentException.class, () -> node("fast", "fast", 0, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> node("fast", "fast", 1, -1, 1));
    assertThrows(IllegalArgumentException.class, () -> NodeSpec.builder(" ").cores(1).build());
    assertThrows(
        IllegalArgumentException.class, () -> NodeSpec.builder("fast").coreSpeed(0).build());
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> ClusterSpec.of("x", List.of(node("a", "a", 1, 1, 1), node("a", "a", 1, 1, 1))));
    assertTrue(twice.getMessage().contains("a twice"), twice.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> ClusterSpec.heterogeneous(0, 0, 1, 2, SlotConfig.CONFIG_1));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SlotConfig.parse("config-9"));
    assertTrue(e.getMessage().contains("config-9"));
  }

  @Test
  void parsesNodeGroupsWithCountsAndComments() {
    ClusterSpec spec =
        ClusterSpec.parse("# the issue-34 cluster\n1xfast:1.2:4:2, 2xslow:0.15:1:2\nedge:0.5:2:0");
    assertEquals(
        List.of(
            node("fast-0", "fast", 1.2, 4, 2),
            node("slow-0", "slow", 0.15, 1, 2),
            node("slow-1", "slow", 0.15, 1, 2),
            node("edge", "edge", 0.5, 2, 0)),
        spec.nodes());
    assertTrue(spec.isHeterogeneous());
    assertEquals(
        ClusterSpec.heterogeneous(1, 2, 0.25, 4, SlotConfig.CONFIG_1).nodes(),
        ClusterSpec.parse("1xfast:1.0:4:2;2xslow:0.25:1:2").nodes());
  }

  @Test
  void equalNodesAreNotHeterogeneousButFasterCoresAre() {
    assertFalse(ClusterSpec.parse("3xnode:0.5:2:2").isHeterogeneous());
    ClusterSpec fasterCores =
        ClusterSpec.builder("speed")
            .add(1, NodeSpec.builder("fast").cores(2).coreSpeed(2))
            .add(1, NodeSpec.builder("slow").cores(2))
            .build();
    assertTrue(fasterCores.isHeterogeneous());
    assertEquals(4.0, fasterCores.nodes().get(0).capacity(), 1e-12);
  }

  @Test
  void aBuilderNamesEachClassesNodesInOrder() {
    ClusterSpec c =
        ClusterSpec.builder("paper")
            .add(2, NodeSpec.builder("fast").cores(8).mapSlots(8).reduceSlots(2).memoryMb(16_384))
            .add(1, NodeSpec.builder("slow").cores(2).mapSlots(2).reduceSlots(2))
            .build();
    assertEquals("fast-1", c.nodes().get(1).name());
    assertEquals("fast", c.nodes().get(1).nodeClass());
    assertEquals(16_384, c.nodes().get(1).memoryMb(), 0);
    assertEquals(NodeSpec.DEFAULT_MEMORY_MB, c.nodes().get(2).memoryMb(), 0);
    assertEquals(NodeSpec.GIGABIT_MB_PER_S, c.nodes().get(2).netMbPerS(), 0);
  }

  @Test
  void aBadGroupIsNamedInTheError() {
    IllegalArgumentException shape =
        assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse("fast:1.2:4"));
    assertTrue(shape.getMessage().contains("'fast:1.2:4'"), shape.getMessage());
    IllegalArgumentException number =
        assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse("fast:one:4:2"));
    assertTrue(number.getMessage().contains("'fast:one:4:2'"), number.getMessage());
    IllegalArgumentException zero =
        assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse("2xfast:0:1:1"));
    assertTrue(zero.getMessage().contains("'2xfast:0:1:1'"), zero.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse("0xfast:1:1:1"));
    assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse(" # nothing"));
  }
}
