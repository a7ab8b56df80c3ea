package io.pikachu.core.decision.timing;

import io.pikachu.core.decision.observe.AttemptHistory;
import java.util.Collections;
import java.util.Optional;

/**
 * Every reducer runs on one node, or on one node class that no later measurement can split: no
 * ratio between classes exists, so the map stays even, decided as soon as the reducers are placed.
 * Measured classes count only once every node has a speed: a node's speed is fixed by its first map
 * report after the first reducer starts, so the classes can no longer change.
 */
final class SingleClass implements Trigger {

  static final String NAME = "single-class";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Verdict check(Poll poll) {
    if (!poll.placed()) {
      return PASS;
    }
    boolean oneNode =
        poll.live().values().stream().map(AttemptHistory::node).distinct().count() <= 1;
    boolean settled =
        poll.settings().adminClasses() || poll.speeds().keySet().containsAll(poll.job().nodes());
    boolean oneClass =
        oneNode
            || (settled
                && poll.live().values().stream()
                        .map(r -> poll.classes().classOf(r.node()).get())
                        .distinct()
                        .count()
                    <= 1);
    if (!oneClass) {
      return PASS;
    }
    String where = oneNode ? "one node" : "one node class";
    return Fire.of(
        NAME,
        DecisionReason.SINGLE_CLASS,
        null,
        Optional.empty(),
        false,
        true,
        Collections.singletonList("every reducer runs on " + where + "; nothing to rebalance"));
  }
}
