package io.pikachu.core.decision.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * All maps finished before T_w (or T_s) was seen: decide on the window up to the last map. A
 * reducer not yet measured by then (a late start on a slow node) is measured on the shuffle-only
 * stage, up to now; the controller waits for it only until a reducer has copied every map (its
 * final merge then waits for the decision), {@code pikachu.stabilisation.after-maps-wait-ms} has
 * passed, or the deadline.
 */
final class MapsDoneFirst implements Trigger {

  static final String NAME = "maps-done-first";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Verdict check(Poll poll) {
    OptionalLong done = poll.allMapsDone();
    if (!done.isPresent() || done.getAsLong() > poll.now()) {
      return PASS;
    }
    MeasuredWindow w = MeasuredWindow.of(poll);
    List<String> notes = new ArrayList<>();
    long end = done.getAsLong();
    if (!poll.everyReducerMeasured(w.start(), end)) {
      end = poll.now(); // measure the shuffle-only stage of reducers that started late
      if (!poll.everyReducerMeasured(w.start(), end)
          && poll.now() < poll.deadline()
          && !poll.waitedAfterMaps()) {
        Optional<Integer> waiting = poll.reducerWaitingForDecision();
        if (!waiting.isPresent()) {
          return WAIT;
        }
        notes.add(
            "reducer "
                + waiting.get()
                + " had fetched all its bins from every map and was waiting for the decision; not"
                + " waiting longer for unmeasured reducers");
      }
    }
    notes.add(
        "all maps finished before " + w.missing() + " was seen; deciding on " + w.describe(end));
    return Fire.of(
        NAME,
        DecisionReason.ALL_MAPS_DONE,
        poll.stabilisation(),
        Optional.of(new long[] {w.start(), end}),
        w.efficiency(),
        false,
        notes);
  }
}
