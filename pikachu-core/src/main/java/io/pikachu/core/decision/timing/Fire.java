package io.pikachu.core.decision.timing;

import io.pikachu.core.decision.stabilise.Stabilisation;
import io.pikachu.core.value.Nullable;
import io.pikachu.core.value.ValueType;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A trigger fired: decide now.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code rule}: the trigger's name
 *   <li>{@code reason}: the reason recorded in the decision
 *   <li>{@code stabilisation}: T_s and T_w as seen, or null for triggers that do not measure the
 *       shuffle
 *   <li>{@code window}: the measurement window [start, end], or empty to decide on node speeds and
 *       placement only
 *   <li>{@code efficiency}: whether a class can have caught up in the window, so that E is measured
 *   <li>{@code nothingToBalance}: no ratio between classes exists: the map stays even, whatever the
 *       estimator
 *   <li>{@code notes}: why, in words
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class Fire implements Trigger.Verdict {

  public abstract String rule();

  public abstract DecisionReason reason();

  @Nullable
  public abstract Stabilisation stabilisation();

  public abstract Optional<long[]> window();

  public abstract boolean efficiency();

  public abstract boolean nothingToBalance();

  public abstract List<String> notes();

  public static Fire of(
      String rule,
      DecisionReason reason,
      @Nullable Stabilisation stabilisation,
      Optional<long[]> window,
      boolean efficiency,
      boolean nothingToBalance,
      List<String> notes) {
    return ImmutableFire.of(
        rule, reason, stabilisation, window, efficiency, nothingToBalance, notes);
  }

  static Fire onPlacement(String rule, DecisionReason reason, List<String> notes) {
    return of(rule, reason, null, Optional.<long[]>empty(), false, false, notes);
  }
}
