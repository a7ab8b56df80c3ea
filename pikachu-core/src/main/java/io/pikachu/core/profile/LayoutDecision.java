package io.pikachu.core.profile;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.classify.NodeClassMap;
import io.pikachu.core.decision.classify.NodeClassifier;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Rule {@code one-node-class}: no bins where no move can happen. Before any map runs, a job gets
 * bins unless its nodes are known to be of one class: from the admin's class map, when it names a
 * single class (and the profile knows no node it leaves out), or from the node profile, when it
 * knows at least {@value NodeProfile#MIN_NODES} nodes measured recently and they form one class by
 * the controller's own classification. Where the nodes turn out to differ after all (a node the
 * profile did not know), the job has lost nothing against stock: it runs as stock; its measurements
 * reach the profile for the next job.
 */
public final class LayoutDecision {

  public static final String RULE = "one-node-class";

  private LayoutDecision() {}

  /**
   * @param adminMap {@code pikachu.classes.map}, if set
   * @param profiled the profile's fresh relative speeds
   * @param binsPerReducer the job's bins per reducer, recorded in a layout with bins
   */
  public static JobLayout decide(
      Optional<NodeClassMap> adminMap,
      Map<String, Double> profiled,
      int maxClasses,
      double minSpeedRatio,
      int binsPerReducer) {
    Function<String, JobLayout> bins = why -> JobLayout.bins(why, binsPerReducer);
    if (adminMap.isPresent()) {
      Set<String> labels = new LinkedHashSet<>(adminMap.get().entries().values());
      Set<String> unlisted = new TreeSet<>();
      for (String node : profiled.keySet()) {
        if (!adminMap.get().classOf(node).isPresent()) {
          unlisted.add(node);
        }
      }
      if (!unlisted.isEmpty()) {
        // A node the admin left out forms a class of its own, of unknown speed.
        return bins.apply(
            "the node profile knows node(s) missing from "
                + PikachuKeys.NODE_CLASSES.name()
                + ": "
                + unlisted);
      }
      return labels.size() == 1
          ? JobLayout.stock(
              RULE
                  + ": "
                  + PikachuKeys.NODE_CLASSES.name()
                  + " names one class ("
                  + labels.iterator().next()
                  + "): no node is faster than another, so no bin would move")
          : bins.apply(PikachuKeys.NODE_CLASSES.name() + " names " + labels.size() + " classes");
    }
    if (profiled.size() < NodeProfile.MIN_NODES) {
      return bins.apply(
          "the node profile knows "
              + profiled.size()
              + " node(s): too few to say that the nodes are alike");
    }
    int classes =
        new NodeClassifier(Optional.<NodeClassMap>empty(), maxClasses, minSpeedRatio)
            .classify(profiled.keySet(), profiled, Collections.<String, Double>emptyMap())
            .classes()
            .size();
    return classes == 1
        ? JobLayout.stock(
            RULE
                + ": the node profile knows "
                + profiled.size()
                + " nodes, all of one class (speeds within a factor of "
                + minSpeedRatio
                + "): no bin would move")
        : bins.apply("the node profile knows " + classes + " node classes");
  }
}
