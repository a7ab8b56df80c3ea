package io.pikachu.cluster;

/**
 * One emulated node: its CPU budget (in cores of this machine) and its task slots.
 *
 * <p>Slots are YARN custom resources, so the scheduler itself enforces them the way Hadoop 1
 * enforced map and reduce slots on a TaskTracker (section 2.3.1 of the paper).
 */
public record NodeSpec(String name, double cpus, int mapSlots, int reduceSlots) {

  public NodeSpec {
    if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
      throw new IllegalArgumentException(
          "node name must be lower-case letters, digits and '-', starting with a letter: " + name);
    }
    if (!(cpus > 0) || cpus > 64) {
      throw new IllegalArgumentException("node " + name + ": cpus must be in (0, 64], got " + cpus);
    }
    if (mapSlots < 1 || reduceSlots < 0) {
      throw new IllegalArgumentException(
          "node "
              + name
              + ": needs at least one map slot and no negative reduce slots, got "
              + mapSlots
              + " map / "
              + reduceSlots
              + " reduce");
    }
  }
}
