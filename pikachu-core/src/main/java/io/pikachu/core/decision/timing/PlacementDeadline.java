package io.pikachu.core.decision.timing;

import io.pikachu.core.config.PikachuKeys;
import java.util.Collections;

/**
 * Not every reducer was placed within {@code pikachu.stabilisation.max-wait-ms} of the first one:
 * decide on the reducers that were.
 */
final class PlacementDeadline implements Trigger {

  static final String NAME = "placement-deadline";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Verdict check(Poll poll) {
    if (poll.now() < poll.deadline()) {
      return PASS;
    }
    return Fire.onPlacement(
        NAME,
        DecisionReason.TIMEOUT,
        Collections.singletonList(
            "only "
                + poll.live().size()
                + " of "
                + poll.job().numReducers()
                + " reducers started within "
                + poll.settings().maxWaitMs()
                + " ms ("
                + PikachuKeys.MAX_WAIT_MS.name()
                + ")"));
  }
}
