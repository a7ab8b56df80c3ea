package io.pikachu.core.decision.estimate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Partition ratios per class: the key share of one reducer of the class relative to one reducer of
 * the reference class (whose P is therefore 1). Classes without an estimate are absent.
 */
public record Ratios(String reference, Map<String, Double> p) {

  public Ratios {
    p = Collections.unmodifiableMap(new LinkedHashMap<>(p));
  }
}
