package io.pikachu.core.decision.classify;

import java.util.List;

/**
 * A group of nodes treated as equally fast.
 *
 * @param name class name ("fast", "slow", ... or the admin's label)
 * @param nodes its nodes, sorted
 * @param speed mean map throughput of its measured nodes (map work done per second), by which
 *     classes are formed and ranked; null if none was measured
 * @param mapRate mean per-task map progress rate of its measured nodes (progress per second),
 *     Tarazu's measure; null if none was measured. With map slots proportional to cores it is the
 *     same on fast and slow nodes, so it must not rank classes.
 */
public record NodeClass(String name, List<String> nodes, Double speed, Double mapRate) {

  public NodeClass {
    nodes = List.copyOf(nodes);
  }
}
