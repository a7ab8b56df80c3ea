package io.pikachu.core.decision.estimate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Equation 2.1 generalised to k classes:
 *
 * <pre>  P_c = (S_c / E_c) / (S_ref / E_ref)</pre>
 *
 * where S is a class's shuffle rate over the decision window and E its CPU efficiency (1 for a
 * class that did not catch up). The reference is the class with the slowest nodes among the classes
 * that host reducers with a measured shuffle rate. With two classes, the fast one caught up and the
 * slow one overloaded, this is exactly P = S_fa / S_sl * 1 / E_fa.
 *
 * <p>As an estimator of its own ({@code shuffle-rate}, D3) it uses the observed rates only (every E
 * = 1); {@link PikachuEstimator} (D3') uses it with E.
 */
public final class ShuffleRateEstimator implements PartitionRatioEstimator {

  static final String NAME = "equation-2.1";

  private final boolean useEfficiency;
  private final String label;

  private ShuffleRateEstimator(boolean useEfficiency, String label) {
    this.useEfficiency = useEfficiency;
    this.label = label;
  }

  /** D3: observed shuffle rates only. */
  public static ShuffleRateEstimator observedRates() {
    return new ShuffleRateEstimator(false, "shuffle-rate");
  }

  /** Equation 2.1 with the efficiency E, as D3' applies it once its fallbacks stand aside. */
  static ShuffleRateEstimator withEfficiency() {
    return new ShuffleRateEstimator(true, "pikachu");
  }

  @Override
  public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
    List<String> rules = new ArrayList<>(Collections.singletonList(NAME));
    ClassMeasurement reference = null;
    for (ClassMeasurement c : classes) {
      if (c.hasReducers() && potential(c) != null && potential(c) > 0 && slower(c, reference)) {
        reference = c;
      }
    }
    Map<String, Double> p = new LinkedHashMap<>();
    if (reference == null) {
      notes.add(label + ": no class has reducers with a measured shuffle rate");
      return Ratios.of("", p, rules);
    }
    double ref = potential(reference);
    for (ClassMeasurement c : classes) {
      Double pot = potential(c);
      if (pot != null) {
        double ratio = pot / ref;
        if (useEfficiency && DrainingLateStart.applies(c, reference, ratio, notes)) {
          ratio = 1.0;
          if (!rules.contains(DrainingLateStart.NAME)) {
            rules.add(DrainingLateStart.NAME);
          }
        }
        p.put(c.name(), ratio);
      } else if (c.hasReducers()) {
        notes.add(label + ": class '" + c.name() + "' has reducers but no measured shuffle rate");
      }
    }
    return Ratios.of(reference.name(), p, rules);
  }

  private Double potential(ClassMeasurement c) {
    return useEfficiency ? c.potentialRate() : c.workRate();
  }

  /** Slower nodes first; among classes of unknown node speed, the lower potential rate. */
  private boolean slower(ClassMeasurement c, ClassMeasurement current) {
    if (current == null) {
      return true;
    }
    if (c.speed() != null && current.speed() != null) {
      return c.slowerThan(current);
    }
    if (c.speed() != null || current.speed() != null) {
      return c.speed() != null;
    }
    return potential(c) < potential(current);
  }
}
