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

  /**
   * A cluster from text, so that a user can describe their own mix: node groups separated by
   * commas, semicolons, white space or new lines, each {@code [COUNTx]NAME:CORES:MAP_SLOTS:
   * REDUCE_SLOTS}; {@code #} starts a comment. A group of one node keeps its name; a group of COUNT
   * nodes names them NAME-0 .. NAME-(COUNT-1). {@code 1xfast:1.2:4:2, 2xslow:0.15:1:2} is one fast
   * node of 1.2 cores with four map and two reduce slots beside two slow ones.
   *
   * @throws IllegalArgumentException naming the group that is wrong and why
   */
  public static ClusterSpec parse(String text) {
    List<NodeSpec> nodes = new java.util.ArrayList<>();
    for (String line : text.split("\\R")) {
      int comment = line.indexOf('#');
      String body = comment < 0 ? line : line.substring(0, comment);
      for (String group : body.trim().split("[,;\\s]+")) {
        if (!group.isEmpty()) {
          nodes.addAll(parseGroup(group));
        }
      }
    }
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException(
          "a cluster description needs at least one node group"
              + " [COUNTx]NAME:CORES:MAP_SLOTS:REDUCE_SLOTS, got '"
              + text.trim()
              + "'");
    }
    return new ClusterSpec(nodes);
  }

  private static List<NodeSpec> parseGroup(String group) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?:(\\d+)x)?([^:]+):([^:]+):([^:]+):([^:]+)")
            .matcher(group);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "node group '" + group + "' is not [COUNTx]NAME:CORES:MAP_SLOTS:REDUCE_SLOTS");
    }
    try {
      int count = m.group(1) == null ? 1 : Integer.parseInt(m.group(1));
      if (count < 1) {
        throw new IllegalArgumentException("node group '" + group + "': count must be at least 1");
      }
      double cpus = Double.parseDouble(m.group(3));
      int mapSlots = Integer.parseInt(m.group(4));
      int reduceSlots = Integer.parseInt(m.group(5));
      List<NodeSpec> nodes = new java.util.ArrayList<>();
      for (int i = 0; i < count; i++) {
        String name = count == 1 && m.group(1) == null ? m.group(2) : m.group(2) + "-" + i;
        nodes.add(new NodeSpec(name, cpus, mapSlots, reduceSlots));
      }
      return nodes;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "node group '" + group + "': cores must be a number and slots whole numbers", e);
    }
  }

  /** Whether its nodes differ in CPU: a cluster where Pikachu has something to balance. */
  public boolean isHeterogeneous() {
    return nodes.stream().mapToDouble(NodeSpec::cpus).distinct().count() > 1;
  }

  public int totalReduceSlots() {
    return nodes.stream().mapToInt(NodeSpec::reduceSlots).sum();
  }
}
