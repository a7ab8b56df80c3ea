package io.pikachu.benchmodel;

import java.util.Locale;
import java.util.Objects;

/**
 * One node of a cluster: its CPU (cores, each {@code coreSpeed} times a reference core), its map
 * and reduce slots, its memory and its network link, and the hardware class it belongs to. The
 * embedded cluster ({@code hetero-cluster}) uses the cores and slots (all its cores are this
 * machine's, speed 1); the simulator all of it. Immutable; build with {@link #builder}.
 */
public final class NodeSpec {
  /** 1 Gbps, as the paper's local cluster's switch, in MB/s. */
  public static final double GIGABIT_MB_PER_S = 125.0;

  /** Memory when nothing says otherwise: ample for a reducer's in-memory merge. */
  public static final double DEFAULT_MEMORY_MB = 8192;

  private final String name;
  private final String nodeClass;
  private final double cores;
  private final double coreSpeed;
  private final int mapSlots;
  private final int reduceSlots;
  private final double memoryMb;
  private final double netMbPerS;

  private NodeSpec(Builder b) {
    if (b.name == null || b.name.trim().isEmpty()) {
      throw new IllegalArgumentException("a node needs a name");
    }
    if (!(b.cores > 0) || !(b.coreSpeed > 0) || !(b.memoryMb > 0) || !(b.netMbPerS > 0)) {
      throw new IllegalArgumentException(
          "node " + b.name + ": cores, core speed, memory and network must be positive");
    }
    if (b.mapSlots < 0 || b.reduceSlots < 0) {
      throw new IllegalArgumentException("node " + b.name + ": negative slots");
    }
    this.name = b.name;
    this.nodeClass = b.nodeClass == null ? b.name : b.nodeClass;
    this.cores = b.cores;
    this.coreSpeed = b.coreSpeed;
    this.mapSlots = b.mapSlots;
    this.reduceSlots = b.reduceSlots;
    this.memoryMb = b.memoryMb;
    this.netMbPerS = b.netMbPerS;
  }

  /** A node named {@code name}: one core of speed 1, no slots, default memory, 1 Gbps. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  public Builder toBuilder() {
    return new Builder(name)
        .nodeClass(nodeClass)
        .cores(cores)
        .coreSpeed(coreSpeed)
        .mapSlots(mapSlots)
        .reduceSlots(reduceSlots)
        .memoryMb(memoryMb)
        .netMbPerS(netMbPerS);
  }

  public String name() {
    return name;
  }

  /**
   * The hardware class it was built as (fast, slow, ...): for reports only; the controller
   * classifies nodes itself.
   */
  public String nodeClass() {
    return nodeClass;
  }

  /** CPU cores (fractions allowed: a cgroup quota). */
  public double cores() {
    return cores;
  }

  /** Work per second of one core, in reference core-seconds. */
  public double coreSpeed() {
    return coreSpeed;
  }

  /** Reference core-seconds of work the node does per second. */
  public double capacity() {
    return cores * coreSpeed;
  }

  public int mapSlots() {
    return mapSlots;
  }

  public int reduceSlots() {
    return reduceSlots;
  }

  /** Memory per node, MB; each reducer gets a share for its in-memory merge. */
  public double memoryMb() {
    return memoryMb;
  }

  /** The node's link, MB/s each way. */
  public double netMbPerS() {
    return netMbPerS;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof NodeSpec)) {
      return false;
    }
    NodeSpec n = (NodeSpec) o;
    return name.equals(n.name)
        && nodeClass.equals(n.nodeClass)
        && Double.compare(cores, n.cores) == 0
        && Double.compare(coreSpeed, n.coreSpeed) == 0
        && mapSlots == n.mapSlots
        && reduceSlots == n.reduceSlots
        && Double.compare(memoryMb, n.memoryMb) == 0
        && Double.compare(netMbPerS, n.netMbPerS) == 0;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, nodeClass, cores, coreSpeed, mapSlots, reduceSlots);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s(%s: %.2f cores x %.2f, %d/%d slots)",
        name,
        nodeClass,
        cores,
        coreSpeed,
        mapSlots,
        reduceSlots);
  }

  /** Builder of {@link NodeSpec}; every setter is named after the field it sets. */
  public static final class Builder {
    private String name;
    private String nodeClass;
    private double cores = 1;
    private double coreSpeed = 1;
    private int mapSlots;
    private int reduceSlots;
    private double memoryMb = DEFAULT_MEMORY_MB;
    private double netMbPerS = GIGABIT_MB_PER_S;

    private Builder(String name) {
      this.name = name;
    }

    public Builder name(String v) {
      name = v;
      return this;
    }

    /** Default: the node's name. */
    public Builder nodeClass(String v) {
      nodeClass = v;
      return this;
    }

    public Builder cores(double v) {
      cores = v;
      return this;
    }

    /** Default 1: a reference core. */
    public Builder coreSpeed(double v) {
      coreSpeed = v;
      return this;
    }

    public Builder mapSlots(int v) {
      mapSlots = v;
      return this;
    }

    public Builder reduceSlots(int v) {
      reduceSlots = v;
      return this;
    }

    /** Default {@link #DEFAULT_MEMORY_MB}. */
    public Builder memoryMb(double v) {
      memoryMb = v;
      return this;
    }

    /** Default {@link #GIGABIT_MB_PER_S}. */
    public Builder netMbPerS(double v) {
      netMbPerS = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the node when a value is out of range
     */
    public NodeSpec build() {
      return new NodeSpec(this);
    }
  }
}
