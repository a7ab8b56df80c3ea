package io.pikachu.sim.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The nodes of a simulated cluster, with builders for the clusters the paper and the suite use. */
public final class SimCluster {
  /** 1 Gbps, as the paper's local cluster's switch. */
  public static final double GIGABIT_MB_PER_S = 125.0;

  private final String label;
  private final List<NodeSpec> nodes;

  public SimCluster(String label, List<NodeSpec> nodes) {
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("a cluster needs at least one node");
    }
    this.label = label;
    this.nodes = Collections.unmodifiableList(new ArrayList<NodeSpec>(nodes));
  }

  public String label() {
    return label;
  }

  public List<NodeSpec> nodes() {
    return nodes;
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

  /** The paper's slot configurations (section 2.3.1). */
  public enum Slots {
    /** 2 reduce slots on every node, as in Tarazu. */
    CONFIG_1,
    /** Reduce slots proportional to cores: 4 on fast, 1 on slow. */
    CONFIG_2
  }

  /**
   * Node classes with {@code count} nodes each, named {@code <label>-<i>}.
   *
   * @param classes one entry per class: label, count, cores, core speed, map slots, reduce slots,
   *     memory MB, network MB/s
   */
  public static SimCluster ofClasses(String label, List<NodeClassSpec> classes) {
    List<NodeSpec> nodes = new ArrayList<NodeSpec>();
    for (NodeClassSpec c : classes) {
      for (int i = 0; i < c.count; i++) {
        nodes.add(
            new NodeSpec(
                c.label + "-" + i,
                c.label,
                c.cores,
                c.coreSpeed,
                c.mapSlots,
                c.reduceSlots,
                c.memoryMb,
                c.netMbPerS));
      }
    }
    return new SimCluster(label, nodes);
  }

  /**
   * Section 2.3.1: 2 Opteron nodes (8 cores, 16 GB) and 5 Xeon nodes (2 cores, 2 GB) on a 1 Gbps
   * switch; 8 and 2 map slots.
   */
  public static SimCluster paperLocal(Slots slots) {
    return paperLocal(slots, 1.0);
  }

  /**
   * {@link #paperLocal(Slots)} with the fast nodes' cores {@code fastCoreSpeed} times as fast as
   * the slow nodes' (the paper gives no figure; its Fig. 2.2 text implies about 2.85, section 3 of
   * docs/simulator.md).
   */
  public static SimCluster paperLocal(Slots slots, double fastCoreSpeed) {
    List<NodeClassSpec> c = new ArrayList<NodeClassSpec>();
    c.add(
        new NodeClassSpec(
            "fast",
            2,
            8,
            fastCoreSpeed,
            8,
            slots == Slots.CONFIG_1 ? 2 : 4,
            16_384,
            GIGABIT_MB_PER_S));
    c.add(
        new NodeClassSpec(
            "slow", 5, 2, 1.0, 2, slots == Slots.CONFIG_1 ? 2 : 1, 2_048, GIGABIT_MB_PER_S));
    return ofClasses("paper-7-" + (slots == Slots.CONFIG_1 ? "config-1" : "config-2"), c);
  }

  /**
   * Section 2.6's EC2 cluster: 20 m1.xlarge (4 cores of 2 ECU, 15 GB) and 40 m1.small (1 core of 1
   * ECU, 1.7 GB); 8 and 2 map slots, as on the local cluster. EC2's "moderate" and "high" network
   * of that generation is taken as 1 Gbps for both.
   */
  public static SimCluster paperEc2(Slots slots) {
    List<NodeClassSpec> c = new ArrayList<NodeClassSpec>();
    c.add(
        new NodeClassSpec(
            "fast", 20, 4, 2.0, 8, slots == Slots.CONFIG_1 ? 2 : 4, 15_360, GIGABIT_MB_PER_S));
    c.add(
        new NodeClassSpec(
            "slow", 40, 1, 1.0, 2, slots == Slots.CONFIG_1 ? 2 : 1, 1_740, GIGABIT_MB_PER_S));
    return ofClasses("ec2-60-" + (slots == Slots.CONFIG_1 ? "config-1" : "config-2"), c);
  }

  /** One class of nodes for {@link #ofClasses}. */
  public static final class NodeClassSpec {
    final String label;
    final int count;
    final double cores;
    final double coreSpeed;
    final int mapSlots;
    final int reduceSlots;
    final double memoryMb;
    final double netMbPerS;

    public NodeClassSpec(
        String label,
        int count,
        double cores,
        double coreSpeed,
        int mapSlots,
        int reduceSlots,
        double memoryMb,
        double netMbPerS) {
      this.label = label;
      this.count = count;
      this.cores = cores;
      this.coreSpeed = coreSpeed;
      this.mapSlots = mapSlots;
      this.reduceSlots = reduceSlots;
      this.memoryMb = memoryMb;
      this.netMbPerS = netMbPerS;
    }
  }

  @Override
  public String toString() {
    return label + nodes;
  }
}
