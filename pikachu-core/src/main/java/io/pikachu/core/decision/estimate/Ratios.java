package io.pikachu.core.decision.estimate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Partition ratios per class: the key share of one reducer of the class relative to one reducer of
 * the reference class (whose P is therefore 1). Classes without an estimate are absent.
 *
 * @param rules the estimator's named rules that decided these ratios, in the order they fired
 */
public record Ratios(String reference, Map<String, Double> p, List<String> rules) {

  public Ratios {
    p = Collections.unmodifiableMap(new LinkedHashMap<>(p));
    rules = List.copyOf(rules);
  }

  public Ratios(String reference, Map<String, Double> p) {
    this(reference, p, List.of());
  }

  /** These ratios, with {@code rule} recorded as having decided them before the others. */
  public Ratios firedFirst(String rule) {
    List<String> all = new java.util.ArrayList<>();
    all.add(rule);
    all.addAll(rules);
    return new Ratios(reference, p, all);
  }
}
