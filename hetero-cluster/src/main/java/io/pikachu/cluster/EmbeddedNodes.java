package io.pikachu.cluster;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.NodeSpec;

/**
 * What the embedded cluster can emulate of a {@link ClusterSpec}: nodes named as YARN and the CPU
 * limiters accept them, a CPU budget of this machine's cores (speed 1: a faster core cannot be
 * emulated, only more of them), and at least one map slot.
 */
final class EmbeddedNodes {
  static final double MAX_CORES = 64;

  private EmbeddedNodes() {}

  /**
   * @throws IllegalArgumentException naming the first node the embedded cluster cannot start
   */
  static void check(ClusterSpec spec) {
    for (NodeSpec n : spec.nodes()) {
      check(n);
    }
  }

  static void check(NodeSpec n) {
    if (!n.name().matches("[a-z][a-z0-9-]*")) {
      throw new IllegalArgumentException(
          "node name must be lower-case letters, digits and '-', starting with a letter: "
              + n.name());
    }
    if (n.cores() > MAX_CORES) {
      throw new IllegalArgumentException(
          "node " + n.name() + ": cpus must be in (0, " + (int) MAX_CORES + "], got " + n.cores());
    }
    if (n.coreSpeed() != 1) {
      throw new IllegalArgumentException(
          "node "
              + n.name()
              + ": the embedded cluster's cores are this machine's (speed 1), got core speed "
              + n.coreSpeed()
              + "; give the node more cores instead");
    }
    if (n.mapSlots() < 1) {
      throw new IllegalArgumentException(
          "node "
              + n.name()
              + ": needs at least one map slot and no negative reduce slots, got "
              + n.mapSlots()
              + " map / "
              + n.reduceSlots()
              + " reduce");
    }
  }
}
