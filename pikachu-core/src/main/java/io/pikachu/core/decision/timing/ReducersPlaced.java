package io.pikachu.core.decision.timing;

import java.util.Collections;

/**
 * Estimators that measure no shuffle decide once every reducer has started and every reducer's node
 * has a measured speed: a reducer's share follows its node's class, so deciding before its node has
 * a measured map would give it the slowest share by default. That holds for admin-given classes
 * too: the admin groups the nodes, the measurement ranks and weighs the groups.
 */
final class ReducersPlaced implements Trigger {

  static final String NAME = "reducers-placed";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Verdict check(Poll poll) {
    return poll.placed() && everyReducerNodeMeasured(poll)
        ? Fire.onPlacement(NAME, DecisionReason.REDUCERS_PLACED, Collections.emptyList())
        : PASS;
  }

  /**
   * Admin-given classes group the nodes, but the share of a class still follows its measured speed,
   * so they wait for a measured map too.
   */
  static boolean everyReducerNodeMeasured(Poll poll) {
    return poll.live().values().stream()
        .allMatch(r -> poll.classes().classOf(r.node()).map(c -> c.speed() != null).orElse(false));
  }
}
