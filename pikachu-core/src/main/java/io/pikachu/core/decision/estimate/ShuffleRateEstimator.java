package io.pikachu.core.decision.estimate;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * D3 and D3' (equation 2.1 generalised to k classes):
 *
 * <pre>  P_c = (S_c / E_c) / (S_ref / E_ref)</pre>
 *
 * where S is a class's shuffle rate over the decision window and E its CPU efficiency (1 for a
 * class that did not catch up, or always 1 for D3). The reference is the class with the slowest
 * nodes among the classes that host reducers with a measured shuffle rate. With two classes, the
 * fast one caught up and the slow one overloaded, this is exactly P = S_fa / S_sl * 1 / E_fa. Where
 * equation 2.1 has no basis, because no class fell behind the maps or a class idled once caught up,
 * {@code pikachu} sets P from the CPU a reducer can expect on its node instead
 * (ClassMeasurement#reducerCapacity).
 */
public final class ShuffleRateEstimator implements PartitionRatioEstimator {

  /**
   * Lowest CPU efficiency from which equation 2.1 extrapolates. Below it a class's reducers nearly
   * idle once caught up, so S / E claims a potential many times the observed rate (P = 10.5 on one
   * recorded Config-1 run, from E = 0.0 over a 6 s window) that no measurement backs; ten times the
   * observed rate is already far beyond the ratios the paper measured.
   */
  public static final double MIN_EFFICIENCY = 0.1;

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

  /** D3': shuffle rates corrected by CPU efficiency. */
  public static ShuffleRateEstimator pikachu() {
    return new ShuffleRateEstimator(true, "pikachu");
  }

  @Override
  public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
    if (useEfficiency && noClassOverloaded(classes)) {
      notes.add(
          label
              + ": no class fell behind the maps (the shuffle rates measure the maps, not the "
              + "reducers), so P follows each reducer's share of its node's map throughput before the reducers "
              + "started");
      return fromReducerCapacity(classes, notes);
    }
    if (useEfficiency) {
      for (ClassMeasurement c : classes) {
        if (c.hasReducers() && c.efficiency() != null && c.efficiency() < MIN_EFFICIENCY) {
          notes.add(
              label
                  + ": class '"
                  + c.name()
                  + "' nearly idled after catching up (E = "
                  + String.format(Locale.ROOT, "%.3f", c.efficiency())
                  + " < "
                  + MIN_EFFICIENCY
                  + "), so equation 2.1 has no measured potential; P follows each reducer's share of its "
                  + "node's map throughput before the reducers started");
          return fromReducerCapacity(classes, notes);
        }
      }
    }
    ClassMeasurement reference = null;
    for (ClassMeasurement c : classes) {
      if (c.hasReducers() && potential(c) != null && potential(c) > 0 && slower(c, reference)) {
        reference = c;
      }
    }
    Map<String, Double> p = new LinkedHashMap<>();
    if (reference == null) {
      notes.add(label + ": no class has reducers with a measured shuffle rate");
      return new Ratios("", p);
    }
    double ref = potential(reference);
    for (ClassMeasurement c : classes) {
      Double pot = potential(c);
      if (pot != null) {
        double ratio = pot / ref;
        if (useEfficiency && ratio < 1 && c.caughtUp() && !reference.caughtUp()) {
          // A class that kept pace copies at the rate the maps complete; a class that lags can copy
          // faster than that only while it drains a backlog from a late start, which measures
          // neither
          // class's capacity. An overloaded reference falls behind instead and cannot outpace it.
          notes.add(
              label
                  + ": class '"
                  + c.name()
                  + "' kept up with the maps while '"
                  + reference.name()
                  + "' lagged yet copied faster ("
                  + String.format(Locale.ROOT, "%.3f", ratio)
                  + "), so '"
                  + reference.name()
                  + "' was draining a late start: P = 1 for '"
                  + c.name()
                  + "'");
          ratio = 1.0;
        }
        p.put(c.name(), ratio);
      } else if (c.hasReducers()) {
        notes.add(label + ": class '" + c.name() + "' has reducers but no measured shuffle rate");
      }
    }
    return new Ratios(reference.name(), p);
  }

  /**
   * Equation 2.1 compares a class that kept up with the maps against one that could not. A class
   * that lags yet copies at least as fast as a class that kept pace is draining a backlog from a
   * late start (its reducer JVMs came up after most maps), not falling behind: an overloaded class
   * copies slower than the maps complete. When no class was seen falling behind, every shuffle rate
   * measures the map completions, not what the reducers could take, and the work that differs
   * between classes comes after the shuffle: merging and reducing, which is CPU-bound on the
   * reducer's node. So P follows the CPU a reducer can expect there
   * (ClassMeasurement#reducerCapacity).
   */
  private static boolean noClassOverloaded(List<ClassMeasurement> classes) {
    List<ClassMeasurement> hosting =
        classes.stream().filter(ClassMeasurement::hasReducers).toList();
    OptionalDouble pace =
        hosting.stream()
            .filter(c -> c.shuffleRate() != null && c.caughtUp())
            .mapToDouble(ClassMeasurement::shuffleRate)
            .max();
    return hosting.size() > 1
        && pace.isPresent()
        && hosting.stream()
            .allMatch(
                c ->
                    c.shuffleRate() == null
                        || c.caughtUp()
                        || c.shuffleRate() >= pace.getAsDouble());
  }

  private Ratios fromReducerCapacity(List<ClassMeasurement> classes, List<String> notes) {
    List<ClassMeasurement> hosting =
        classes.stream().filter(ClassMeasurement::hasReducers).toList();
    Map<String, Double> p = new LinkedHashMap<>();
    if (hosting.stream().anyMatch(c -> c.reducerCapacity() == null || c.reducerCapacity() <= 0)) {
      notes.add(label + ": some class has no measured node capacity; no basis for P other than 1");
      hosting.forEach(c -> p.put(c.name(), 1.0));
      return new Ratios(hosting.get(hosting.size() - 1).name(), p); // classes come fastest first
    }
    ClassMeasurement reference =
        hosting.stream()
            .min(Comparator.comparingDouble(ClassMeasurement::reducerCapacity))
            .orElseThrow();
    double ref = reference.reducerCapacity();
    hosting.forEach(c -> p.put(c.name(), c.reducerCapacity() / ref));
    return new Ratios(reference.name(), p);
  }

  private Double potential(ClassMeasurement c) {
    return useEfficiency ? c.potentialRate() : c.shuffleRate();
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
