package io.pikachu.core.decision.timing;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * When an estimator decides: the ordered list of triggers tried at every poll. The first trigger
 * that does not pass settles the poll; when all pass, the controller waits.
 */
public enum DecisionTiming {
  /** Estimators that measure no shuffle (even, tarazu, fixed): once the reducers are placed. */
  AT_PLACEMENT(
      Collections.unmodifiableList(
          Arrays.asList(
              new SingleClass(),
              new ReducersPlaced(),
              new MapsDoneBeforePlacement(),
              new PlacementDeadline()))),
  /** Estimators that measure the shuffle (shuffle-rate, pikachu): at T_w, with fallbacks. */
  AFTER_STABILISATION(
      Collections.unmodifiableList(
          Arrays.asList(
              new SingleClass(),
              new Stabilised(),
              new MapsDoneFirst(),
              new StabilisationDeadline())));

  private final List<Trigger> triggers;

  DecisionTiming(List<Trigger> triggers) {
    this.triggers = triggers;
  }

  public List<Trigger> triggers() {
    return triggers;
  }

  /** The first trigger that fires at this poll, unless one says to wait first. */
  public Optional<Fire> check(Poll poll) {
    for (Trigger t : triggers) {
      Trigger.Verdict v = t.check(poll);
      if (v instanceof Fire) {
        return Optional.of((Fire) v);
      }
      if (v == Trigger.WAIT) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
