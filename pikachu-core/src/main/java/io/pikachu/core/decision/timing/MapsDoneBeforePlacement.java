package io.pikachu.core.decision.timing;

import io.pikachu.core.config.PikachuKeys;
import java.util.Collections;
import java.util.Optional;

/**
 * All maps finished before every reducer was placed on a measured node: once a reducer has copied
 * every map, or {@code pikachu.stabilisation.after-maps-wait-ms} has passed, each second of waiting
 * is a second added to the job, so decide on what is known.
 */
final class MapsDoneBeforePlacement implements Trigger {

  static final String NAME = "maps-done-before-placement";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Verdict check(Poll poll) {
    Optional<Integer> waiting =
        poll.allMapsDone().isPresent() ? poll.reducerWaitingForDecision() : Optional.empty();
    if (!poll.waitedAfterMaps() && !waiting.isPresent()) {
      return PASS;
    }
    String missing =
        poll.placed()
            ? "some reducer's node had no measured map"
            : "only "
                + poll.live().size()
                + " of "
                + poll.job().numReducers()
                + " reducers had"
                + " reported";
    String when =
        waiting.isPresent()
            ? " when reducer "
                + waiting.get()
                + " had fetched all its bins and was waiting for the decision"
            : " "
                + poll.settings().afterMapsWaitMs()
                + " ms later ("
                + PikachuKeys.AFTER_MAPS_WAIT_MS.name()
                + ")";
    return Fire.onPlacement(
        NAME,
        DecisionReason.ALL_MAPS_DONE,
        Collections.singletonList(
            "all maps finished and " + missing + when + "; deciding without them"));
  }
}
