package io.pikachu.core.profile;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.classify.NodeClassMap;
import io.pikachu.core.decision.classify.NodeClassifier;
import io.pikachu.core.partitioning.Rebalancing;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

  private static final Logger LOG = LoggerFactory.getLogger(LayoutDecision.class);

  private LayoutDecision() {}

  /**
   * @param bins how the job's partitions would be cut, as its rules allow
   * @param adminMap {@code pikachu.classes.map}, if set
   * @param profiled the profile's fresh relative speeds
   * @return {@code bins}, or why the job runs as stock ({@link
   *     Rebalancing.AsideReason#ONE_NODE_CLASS})
   */
  public static Rebalancing decide(
      Rebalancing.Enabled bins,
      Optional<NodeClassMap> adminMap,
      Map<String, Double> profiled,
      int maxClasses,
      double minSpeedRatio) {
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
        return bins(
            bins,
            "the node profile knows node(s) missing from "
                + PikachuKeys.NODE_CLASSES.name()
                + ": "
                + unlisted);
      }
      return labels.size() == 1
          ? oneClass(
              PikachuKeys.NODE_CLASSES.name()
                  + " names one class ("
                  + labels.iterator().next()
                  + "): no node is faster than another, so no bin would move")
          : bins(bins, PikachuKeys.NODE_CLASSES.name() + " names " + labels.size() + " classes");
    }
    if (profiled.size() < NodeProfile.MIN_NODES) {
      return bins(
          bins,
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
        ? oneClass(
            "the node profile knows "
                + profiled.size()
                + " nodes, all of one class (speeds within a factor of "
                + minSpeedRatio
                + "): no bin would move")
        : bins(bins, "the node profile knows " + classes + " node classes");
  }

  private static Rebalancing bins(Rebalancing.Enabled bins, String why) {
    LOG.info("Pikachu: bins for this job: {}", why);
    return bins;
  }

  private static Rebalancing oneClass(String why) {
    return Rebalancing.SteppedAside.of(Rebalancing.AsideReason.ONE_NODE_CLASS, RULE + ": " + why);
  }
}
