package io.pikachu.core.decision.classify;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A partition of the job's nodes into classes, fastest class first (classes of unknown speed last).
 */
public final class NodeClasses {

  private final List<NodeClass> classes;
  private final Map<String, NodeClass> byNode = new HashMap<>();
  private final List<String> notes;

  NodeClasses(List<NodeClass> classes, List<String> notes) {
    List<NodeClass> sorted = new ArrayList<>(classes);
    sorted.sort(
        Comparator.comparing((NodeClass c) -> c.speed() == null)
            .thenComparing(c -> c.speed() == null ? 0.0 : -c.speed())
            .thenComparing(NodeClass::name));
    this.classes = Collections.unmodifiableList(sorted);
    for (NodeClass c : sorted) {
      c.nodes().forEach(n -> byNode.put(n, c));
    }
    this.notes = Collections.unmodifiableList(new ArrayList<>(notes));
  }

  /** Fastest first. */
  public List<NodeClass> classes() {
    return classes;
  }

  public Optional<NodeClass> classOf(String node) {
    return Optional.ofNullable(byNode.get(node));
  }

  public Optional<NodeClass> byName(String name) {
    return classes.stream().filter(c -> c.name().equals(name)).findFirst();
  }

  /** How the classes were formed, and anything surprising (unlisted or unmeasured nodes). */
  public List<String> notes() {
    return notes;
  }

  @Override
  public String toString() {
    return classes.toString();
  }
}
