package io.pikachu.sim.model;

import java.util.Locale;

/**
 * One simulated node: its CPU (cores, each {@code coreSpeed} times a reference core), its map and
 * reduce slots, its memory and its network link. Immutable.
 */
public final class NodeSpec {
  private final String name;
  private final String label;
  private final double cores;
  private final double coreSpeed;
  private final int mapSlots;
  private final int reduceSlots;
  private final double memoryMb;
  private final double netMbPerS;

  /**
   * @param name unique node name
   * @param label the hardware class the cluster was built with (fast, slow, ...): for reports only,
   *     the controller classifies nodes itself
   * @param cores CPU cores (fractions allowed: a cgroup quota)
   * @param coreSpeed work per second of one core, in reference core-seconds
   * @param memoryMb memory per node, MB; each reducer gets a share for its in-memory merge
   * @param netMbPerS the node's link, MB/s each way
   */
  public NodeSpec(
      String name,
      String label,
      double cores,
      double coreSpeed,
      int mapSlots,
      int reduceSlots,
      double memoryMb,
      double netMbPerS) {
    if (name == null || name.trim().isEmpty()) {
      throw new IllegalArgumentException("a node needs a name");
    }
    if (!(cores > 0) || !(coreSpeed > 0) || !(memoryMb > 0) || !(netMbPerS > 0)) {
      throw new IllegalArgumentException(
          "node " + name + ": cores, core speed, memory and network must be positive");
    }
    if (mapSlots < 0 || reduceSlots < 0) {
      throw new IllegalArgumentException("node " + name + ": negative slots");
    }
    this.name = name;
    this.label = label;
    this.cores = cores;
    this.coreSpeed = coreSpeed;
    this.mapSlots = mapSlots;
    this.reduceSlots = reduceSlots;
    this.memoryMb = memoryMb;
    this.netMbPerS = netMbPerS;
  }

  public String name() {
    return name;
  }

  public String label() {
    return label;
  }

  public double cores() {
    return cores;
  }

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

  public double memoryMb() {
    return memoryMb;
  }

  public double netMbPerS() {
    return netMbPerS;
  }

  public NodeSpec withName(String newName) {
    return new NodeSpec(
        newName, label, cores, coreSpeed, mapSlots, reduceSlots, memoryMb, netMbPerS);
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s(%s: %.2f cores x %.2f, %d/%d slots)",
        name,
        label,
        cores,
        coreSpeed,
        mapSlots,
        reduceSlots);
  }
}
