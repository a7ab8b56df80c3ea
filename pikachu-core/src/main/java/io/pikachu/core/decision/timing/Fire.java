package io.pikachu.core.decision.timing;

import io.pikachu.core.decision.stabilise.Stabilisation;
import java.util.List;
import java.util.Optional;

/**
 * A trigger fired: decide now.
 *
 * @param rule the trigger's name
 * @param reason the reason recorded in the decision
 * @param stabilisation T_s and T_w as seen, or null for triggers that do not measure the shuffle
 * @param window the measurement window [start, end], or empty to decide on node speeds and
 *     placement only
 * @param efficiency whether a class can have caught up in the window, so that E is measured
 * @param nothingToBalance no ratio between classes exists: the map stays even, whatever the
 *     estimator
 * @param notes why, in words
 */
public record Fire(
    String rule,
    DecisionReason reason,
    Stabilisation stabilisation,
    Optional<long[]> window,
    boolean efficiency,
    boolean nothingToBalance,
    List<String> notes)
    implements Trigger.Verdict {

  public Fire {
    notes = List.copyOf(notes);
  }

  static Fire onPlacement(String rule, DecisionReason reason, List<String> notes) {
    return new Fire(rule, reason, null, Optional.empty(), false, false, notes);
  }
}
