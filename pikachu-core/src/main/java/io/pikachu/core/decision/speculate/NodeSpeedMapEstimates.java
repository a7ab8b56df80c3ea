package io.pikachu.core.decision.speculate;

import io.pikachu.core.decision.classify.NodeClass;
import io.pikachu.core.decision.classify.NodeClasses;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Rule {@value #RULE}: how long a map takes on each class of node, from the maps the job's fastest
 * class finished and the classes' measured speeds, for Hadoop's speculator. Its own estimates use
 * one job-wide mean, so on mixed nodes a copy is judged by what an average node would take, while
 * the copy's container is freed, at the end of the map phase, by a node of the fastest class (the
 * nodes that finish their maps first). With these estimates a map running on a slow node is copied
 * as soon as a fast node would finish it first, as LATE copies the task with the longest time left,
 * and before the slow attempt has reported any progress; Hadoop's caps on how many copies and how
 * often still apply. One class of nodes: no estimate, so the speculator stays exactly Hadoop's.
 */
public final class NodeSpeedMapEstimates {

  public static final String RULE = "map-copy-by-node-speed";

  private final NodeClasses classes;
  private final NodeClass fastest;
  private final long fastMapMs;

  private NodeSpeedMapEstimates(NodeClasses classes, NodeClass fastest, long fastMapMs) {
    this.classes = classes;
    this.fastest = fastest;
    this.fastMapMs = fastMapMs;
  }

  /**
   * @param classes the nodes grouped by measured speed, as the controller groups them
   * @param completedMapMs each node's finished map attempts' run times, launch to finish
   * @return empty unless there are at least two classes of known speed and the fastest has finished
   *     a map
   */
  public static Optional<NodeSpeedMapEstimates> of(
      NodeClasses classes, Map<String, ? extends Collection<Long>> completedMapMs) {
    // fastest first, classes of unknown speed last
    List<NodeClass> all = classes.classes();
    if (all.size() < 2 || !measured(all.get(0)) || !measured(all.get(1))) {
      return Optional.empty();
    }
    NodeClass fastest = all.get(0);
    long sum = 0;
    int n = 0;
    for (String node : fastest.nodes()) {
      Collection<Long> runs = completedMapMs.get(node);
      if (runs == null) {
        continue;
      }
      for (long ms : runs) {
        sum += ms;
        n++;
      }
    }
    return n == 0
        ? Optional.empty()
        : Optional.of(new NodeSpeedMapEstimates(classes, fastest, Math.max(1, sum / n)));
  }

  /** A new attempt's run time: the mean of the fastest class's finished maps. */
  public long newAttemptMs() {
    return fastMapMs;
  }

  /**
   * A map's run time on {@code node}: the fastest class's, scaled by the speeds; empty for a node
   * of the fastest class or of no measured speed (Hadoop's own estimate stands).
   */
  public OptionalLong runtimeOn(String node) {
    Optional<NodeClass> c = classes.classOf(node);
    if (!c.isPresent() || c.get().name().equals(fastest.name()) || !measured(c.get())) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.round(fastMapMs * fastest.speed() / c.get().speed()));
  }

  private static boolean measured(NodeClass c) {
    return c.speed() != null && c.speed() > 0;
  }

  public String fastestClass() {
    return fastest.name();
  }
}
