package io.pikachu.core.decision.timing;

import io.pikachu.core.config.PikachuKeys;
import java.util.Collections;
import java.util.Optional;

/**
 * T_w (or T_s) was not seen within {@code pikachu.stabilisation.max-wait-ms} of the first reducer's
 * start, while maps still run: decide on the window up to now.
 */
final class StabilisationDeadline implements Trigger {

  static final String NAME = "stabilisation-deadline";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Verdict check(Poll poll) {
    if (poll.now() < poll.deadline()) {
      return PASS;
    }
    MeasuredWindow w = MeasuredWindow.of(poll);
    return Fire.of(
        NAME,
        DecisionReason.TIMEOUT,
        poll.stabilisation(),
        Optional.of(new long[] {w.start(), poll.now()}),
        w.efficiency(),
        false,
        Collections.singletonList(
            w.missing()
                + " not seen within "
                + poll.settings().maxWaitMs()
                + " ms ("
                + PikachuKeys.MAX_WAIT_MS.name()
                + "); deciding on "
                + w.describe(poll.now())));
  }
}
