package io.pikachu.core.decision.timing;

import io.pikachu.core.decision.stabilise.Stabilisation;
import java.util.Collections;
import java.util.Optional;

/**
 * The paper's moment (section 2.4.3): T_s, when a class first caught up with the completed maps,
 * and T_w, one wave of maps later. Decide on the window [T_s, T_w], with E measured.
 */
final class Stabilised implements Trigger {

  static final String NAME = "stabilised";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Verdict check(Poll poll) {
    Stabilisation st = poll.stabilisation();
    if (!st.twMs().isPresent()) {
      return PASS;
    }
    long ts = st.tsMs().getAsLong();
    return Fire.of(
        NAME,
        DecisionReason.STABILISED,
        st,
        Optional.of(new long[] {ts, st.twMs().getAsLong()}),
        true,
        false,
        Collections.singletonList(
            "T_s when class(es) "
                + st.caughtUpAtTs()
                + " caught up; T_w after "
                + st.waveMaps()
                + " more maps"));
  }
}
