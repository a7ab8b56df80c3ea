package io.pikachu.core.decision.estimate;

import io.pikachu.core.value.ValueType;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/**
 * Partition ratios per class: the key share of one reducer of the class relative to one reducer of
 * the reference class (whose P is therefore 1). Classes without an estimate are absent.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code rules}: the estimator's named rules that decided these ratios, in the order they
 *       fired
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class Ratios {

  /**
   * The rule an estimator records when it had nothing to estimate from and gave every class P = 1:
   * not a measurement of equal classes, so it may not correct a published map.
   */
  public static final String NO_BASIS = "no-basis";

  public abstract String reference();

  public abstract Map<String, Double> p();

  public abstract List<String> rules();

  public static Ratios of(String reference, Map<String, Double> p, List<String> rules) {
    return ImmutableRatios.of(reference, p, rules);
  }

  public static Ratios of(String reference, Map<String, Double> p) {
    return of(reference, p, Collections.<String>emptyList());
  }

  /** Whether these ratios rest on a measurement rather than on {@link #NO_BASIS}. */
  public boolean hasBasis() {
    return !rules().contains(NO_BASIS);
  }

  /** These ratios, with {@code rule} recorded as having decided them before the others. */
  public Ratios firedFirst(String rule) {
    List<String> all = new java.util.ArrayList<>();
    all.add(rule);
    all.addAll(rules());
    return of(reference(), p(), all);
  }
}
