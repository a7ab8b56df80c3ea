package io.pikachu.cluster;

import java.util.List;
import java.util.Locale;

/** The nodes of an embedded cluster. Factories build the two slot layouts of section 2.3.1. */
public record ClusterSpec(List<NodeSpec> nodes) {

  /**
   * Reduce slots per node: Config-1 gives every node two, Config-2 makes them proportional to
   * speed.
   */
  public enum SlotConfig {
    CONFIG_1,
    CONFIG_2;

    public static SlotConfig parse(String text) {
      return switch (text.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "")) {
        case "1", "config1" -> CONFIG_1;
        case "2", "config2" -> CONFIG_2;
        default ->
            throw new IllegalArgumentException(
                "slot configuration must be config-1 or config-2, got '" + text + "'");
      };
    }
  }

  public ClusterSpec {
    if (nodes == null || nodes.isEmpty()) {
      throw new IllegalArgumentException("a cluster needs at least one node");
    }
    nodes = List.copyOf(nodes);
    long distinct = nodes.stream().map(NodeSpec::name).distinct().count();
    if (distinct != nodes.size()) {
      throw new IllegalArgumentException("node names must be unique: " + nodes);
    }
  }

  /**
   * Fast and slow nodes with map slots proportional to CPU (as in the paper and Tarazu): a slow
   * node has {@code slowCpus} cores and one map slot, a fast node {@code slowCpus * speedRatio}
   * cores and {@code speedRatio} map slots. Config-2 gives reduce slots in the same proportion (the
   * paper's 4 and 1 for a speed ratio of 4).
   */
  public static ClusterSpec heterogeneous(
      int fastNodes, int slowNodes, double slowCpus, int speedRatio, SlotConfig slots) {
    if (fastNodes < 0 || slowNodes < 0 || fastNodes + slowNodes == 0) {
      throw new IllegalArgumentException(
          "need a positive number of nodes, got " + fastNodes + " fast and " + slowNodes + " slow");
    }
    if (speedRatio < 1) {
      throw new IllegalArgumentException("speed ratio must be at least 1, got " + speedRatio);
    }
    var list = new java.util.ArrayList<NodeSpec>();
    for (int i = 0; i < fastNodes; i++) {
      list.add(
          new NodeSpec(
              "fast-" + i,
              slowCpus * speedRatio,
              speedRatio,
              slots == SlotConfig.CONFIG_1 ? 2 : speedRatio));
    }
    for (int i = 0; i < slowNodes; i++) {
      list.add(new NodeSpec("slow-" + i, slowCpus, 1, slots == SlotConfig.CONFIG_1 ? 2 : 1));
    }
    return new ClusterSpec(list);
  }

  /** Identical nodes, for checking that Pikachu leaves a homogeneous cluster alone. */
  public static ClusterSpec homogeneous(int count, double cpus, int mapSlots, int reduceSlots) {
    var list = new java.util.ArrayList<NodeSpec>();
    for (int i = 0; i < count; i++) {
      list.add(new NodeSpec("node-" + i, cpus, mapSlots, reduceSlots));
    }
    return new ClusterSpec(list);
  }

  public int totalReduceSlots() {
    return nodes.stream().mapToInt(NodeSpec::reduceSlots).sum();
  }
}
