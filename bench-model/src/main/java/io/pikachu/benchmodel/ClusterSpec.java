package io.pikachu.benchmodel;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The nodes of a cluster, named: what the embedded cluster starts, what a suite run's {@code
 * nodes.csv} describes, what the simulator simulates and what the advisor infers from a job
 * history. Factories build the paper's two slot layouts (section 2.3.1) and a cluster from text;
 * {@link #builder} builds node classes of several nodes each. Immutable.
 */
public final class ClusterSpec {
  private static final Pattern GROUP =
      Pattern.compile("(?:(\\d+)x)?([^:]+):([^:]+):([^:]+):([^:]+)");

  private final String label;
  private final List<NodeSpec> nodes;

  private ClusterSpec(String label, List<NodeSpec> nodes) {
    if (nodes == null || nodes.isEmpty()) {
      throw new IllegalArgumentException("a cluster needs at least one node");
    }
    Set<String> names = new HashSet<String>();
    for (NodeSpec n : nodes) {
      if (!names.add(n.name())) {
        throw new IllegalArgumentException("node names must be unique: " + n.name() + " twice");
      }
    }
    this.label = label;
    this.nodes = Collections.unmodifiableList(new ArrayList<NodeSpec>(nodes));
  }

  /** A cluster of the nodes given, in their order. */
  public static ClusterSpec of(String label, List<NodeSpec> nodes) {
    return new ClusterSpec(label, nodes);
  }

  /**
   * A builder of classes of nodes: {@code builder("paper-7").add(2, fast).add(5, slow).build()}.
   */
  public static Builder builder(String label) {
    return new Builder(label);
  }

  /**
   * Fast and slow nodes with map slots proportional to CPU (as in the paper and Tarazu): a slow
   * node has {@code slowCores} cores and one map slot, a fast node {@code slowCores * speedRatio}
   * cores and {@code speedRatio} map slots; reduce slots by {@code slots}. Nodes are named {@code
   * fast-<i>} and {@code slow-<i>}, of classes fast and slow; every core is a reference core.
   */
  public static ClusterSpec heterogeneous(
      int fastNodes, int slowNodes, double slowCores, int speedRatio, SlotConfig slots) {
    if (fastNodes < 0 || slowNodes < 0 || fastNodes + slowNodes == 0) {
      throw new IllegalArgumentException(
          "need a positive number of nodes, got " + fastNodes + " fast and " + slowNodes + " slow");
    }
    if (speedRatio < 1) {
      throw new IllegalArgumentException("speed ratio must be at least 1, got " + speedRatio);
    }
    return builder(slots.label())
        .add(
            fastNodes,
            NodeSpec.builder("fast")
                .cores(slowCores * speedRatio)
                .mapSlots(speedRatio)
                .reduceSlots(slots.reduceSlots(speedRatio)))
        .add(
            slowNodes,
            NodeSpec.builder("slow").cores(slowCores).mapSlots(1).reduceSlots(slots.reduceSlots(1)))
        .build();
  }

  /** Identical nodes {@code node-<i>}, for checking that Pikachu leaves such a cluster alone. */
  public static ClusterSpec homogeneous(int count, double cores, int mapSlots, int reduceSlots) {
    return builder("homogeneous")
        .add(
            count,
            NodeSpec.builder("node").cores(cores).mapSlots(mapSlots).reduceSlots(reduceSlots))
        .build();
  }

  /**
   * A cluster from text, so that a user can describe their own mix: node groups separated by
   * commas, semicolons, white space or new lines, each {@code [COUNTx]NAME:CORES:MAP_SLOTS:
   * REDUCE_SLOTS}; {@code #} starts a comment. A group of one node keeps its name; a group of COUNT
   * nodes names them NAME-0 .. NAME-(COUNT-1). NAME is the nodes' class. {@code 1xfast:1.2:4:2,
   * 2xslow:0.15:1:2} is one fast node of 1.2 cores with four map and two reduce slots beside two
   * slow ones.
   *
   * @throws IllegalArgumentException naming the group that is wrong and why
   */
  public static ClusterSpec parse(String text) {
    List<NodeSpec> nodes = new ArrayList<NodeSpec>();
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
    return new ClusterSpec("custom", nodes);
  }

  private static List<NodeSpec> parseGroup(String group) {
    Matcher m = GROUP.matcher(group);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "node group '" + group + "' is not [COUNTx]NAME:CORES:MAP_SLOTS:REDUCE_SLOTS");
    }
    int count;
    NodeSpec.Builder node;
    try {
      count = m.group(1) == null ? 1 : Integer.parseInt(m.group(1));
      node =
          NodeSpec.builder(m.group(2))
              .cores(Double.parseDouble(m.group(3)))
              .mapSlots(Integer.parseInt(m.group(4)))
              .reduceSlots(Integer.parseInt(m.group(5)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "node group '" + group + "': cores must be a number and slots whole numbers", e);
    }
    if (count < 1) {
      throw new IllegalArgumentException("node group '" + group + "': count must be at least 1");
    }
    try {
      if (m.group(1) == null) {
        return Collections.singletonList(node.build());
      }
      return new Builder("group").add(count, node).nodes;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("node group '" + group + "': " + e.getMessage(), e);
    }
  }

  public String label() {
    return label;
  }

  public List<NodeSpec> nodes() {
    return nodes;
  }

  /** This cluster under another label. */
  public ClusterSpec withLabel(String newLabel) {
    return new ClusterSpec(newLabel, nodes);
  }

  public int totalReduceSlots() {
    int n = 0;
    for (NodeSpec s : nodes) {
      n += s.reduceSlots();
    }
    return n;
  }

  public int totalMapSlots() {
    int n = 0;
    for (NodeSpec s : nodes) {
      n += s.mapSlots();
    }
    return n;
  }

  /** Whether its nodes differ in CPU: a cluster where Pikachu has something to balance. */
  public boolean isHeterogeneous() {
    for (NodeSpec n : nodes) {
      if (Double.compare(n.capacity(), nodes.get(0).capacity()) != 0) {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ClusterSpec
        && ((ClusterSpec) o).label.equals(label)
        && ((ClusterSpec) o).nodes.equals(nodes);
  }

  @Override
  public int hashCode() {
    return label.hashCode() * 31 + nodes.hashCode();
  }

  @Override
  public String toString() {
    return label + nodes;
  }

  /** Builds a cluster class by class; nodes keep the order they were added in. */
  public static final class Builder {
    private final String label;
    private final List<NodeSpec> nodes = new ArrayList<NodeSpec>();

    private Builder(String label) {
      this.label = label;
    }

    /**
     * {@code count} nodes like {@code node}, of its name's class, named {@code <name>-0} .. {@code
     * <name>-(count-1)}.
     */
    public Builder add(int count, NodeSpec.Builder node) {
      if (count < 0) {
        throw new IllegalArgumentException("a negative number of nodes: " + count);
      }
      NodeSpec template = node.build();
      for (int i = 0; i < count; i++) {
        nodes.add(
            template.toBuilder()
                .name(template.name() + "-" + i)
                .nodeClass(template.nodeClass())
                .build());
      }
      return this;
    }

    /** One node as it is. */
    public Builder add(NodeSpec node) {
      nodes.add(node);
      return this;
    }

    public ClusterSpec build() {
      return new ClusterSpec(label, nodes);
    }
  }
}
