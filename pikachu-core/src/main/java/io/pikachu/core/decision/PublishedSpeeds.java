package io.pikachu.core.decision;

import io.pikachu.core.decision.estimate.ClassMeasurement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rule {@code node-keeps-class-speed}: once a bin map has been published, a node that has no
 * measured speed now (it ran no map, or none with progress) but belonged to a class of that map
 * takes that class's speed. The map was built on it, and a node that ran no map since is no
 * evidence that it changed; left unknown, the node would form a class of its own and leave the
 * estimator without a basis just when the correction is made.
 */
final class PublishedSpeeds {

  static final String RULE = "node-keeps-class-speed";

  private PublishedSpeeds() {}

  /**
   * @param measured node speeds measured in this job ({@code JobObserver#nodeSpeeds()})
   * @param nodes every node seen in the job
   * @param published the classes of the bin map in force, with the speeds it was built on
   * @param notes and {@code rules} receive what applied
   * @return {@code measured} plus a speed for each node that has none but had a class in {@code
   *     published}
   */
  static Map<String, Double> fill(
      Map<String, Double> measured,
      Collection<String> nodes,
      List<ClassMeasurement> published,
      List<String> notes,
      List<String> rules) {
    Map<String, Double> speeds = new TreeMap<>(measured);
    List<String> carried = new ArrayList<>();
    for (String node : nodes) {
      if (speeds.containsKey(node)) {
        continue;
      }
      for (ClassMeasurement c : published) {
        if (c.speed() != null && c.nodes().contains(node)) {
          speeds.put(node, c.speed());
          carried.add(String.format(Locale.ROOT, "%s (class '%s')", node, c.name()));
          break;
        }
      }
    }
    if (!carried.isEmpty()) {
      rules.add(RULE);
      notes.add(
          "node(s) without a measured speed keep the speed of their class in the published map: "
              + carried);
    }
    return speeds;
  }
}
