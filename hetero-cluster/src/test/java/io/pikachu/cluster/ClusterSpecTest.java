package io.pikachu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.cluster.ClusterSpec.SlotConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterSpecTest {

  @Test
  void configOneGivesEveryNodeTwoReduceSlotsAndMapSlotsBySpeed() {
    ClusterSpec spec = ClusterSpec.heterogeneous(1, 2, 0.25, 4, SlotConfig.CONFIG_1);
    NodeSpec fast = spec.nodes().get(0);
    NodeSpec slow = spec.nodes().get(1);
    assertEquals(1.0, fast.cpus(), 1e-9);
    assertEquals(4, fast.mapSlots());
    assertEquals(1, slow.mapSlots());
    assertTrue(spec.nodes().stream().allMatch(n -> n.reduceSlots() == 2));
  }

  @Test
  void configTwoGivesReduceSlotsProportionalToSpeed() {
    ClusterSpec spec = ClusterSpec.heterogeneous(2, 5, 0.2, 4, SlotConfig.CONFIG_2);
    assertEquals(4, spec.nodes().get(0).reduceSlots());
    assertEquals(1, spec.nodes().get(6).reduceSlots());
    assertEquals(2 * 4 + 5, spec.totalReduceSlots());
  }

  @Test
  void rejectsBadNodes() {
    assertThrows(IllegalArgumentException.class, () -> new NodeSpec("Fast", 1, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new NodeSpec("fast", 0, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new NodeSpec("fast", 1, 0, 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> new ClusterSpec(List.of(new NodeSpec("a", 1, 1, 1), new NodeSpec("a", 1, 1, 1))));
    assertThrows(
        IllegalArgumentException.class,
        () -> ClusterSpec.heterogeneous(0, 0, 1, 2, SlotConfig.CONFIG_1));
    var e = assertThrows(IllegalArgumentException.class, () -> SlotConfig.parse("config-9"));
    assertTrue(e.getMessage().contains("config-9"));
  }

  @Test
  void parsesNodeGroupsWithCountsAndComments() {
    ClusterSpec spec =
        ClusterSpec.parse("# the issue-34 cluster\n1xfast:1.2:4:2, 2xslow:0.15:1:2\nedge:0.5:2:0");
    assertEquals(
        List.of(
            new NodeSpec("fast-0", 1.2, 4, 2),
            new NodeSpec("slow-0", 0.15, 1, 2),
            new NodeSpec("slow-1", 0.15, 1, 2),
            new NodeSpec("edge", 0.5, 2, 0)),
        spec.nodes());
    assertTrue(spec.isHeterogeneous());
    assertEquals(
        ClusterSpec.heterogeneous(1, 2, 0.25, 4, SlotConfig.CONFIG_1),
        ClusterSpec.parse("1xfast:1.0:4:2;2xslow:0.25:1:2"));
  }

  @Test
  void equalNodesAreNotHeterogeneous() {
    assertEquals(false, ClusterSpec.parse("3xnode:0.5:2:2").isHeterogeneous());
  }

  @Test
  void aBadGroupIsNamedInTheError() {
    IllegalArgumentException shape =
        assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse("fast:1.2:4"));
    assertTrue(shape.getMessage().contains("'fast:1.2:4'"), shape.getMessage());
    IllegalArgumentException number =
        assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse("fast:one:4:2"));
    assertTrue(number.getMessage().contains("'fast:one:4:2'"), number.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse("0xfast:1:1:1"));
    assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse(" # nothing"));
  }
}
