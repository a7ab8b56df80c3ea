package io.pikachu.core.decision.estimate;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * P from the CPU a reducer can expect on its node: each reducer node's speed (map throughput before
 * the reducers competed) shared among the reducers on it ({@link
 * ClassMeasurement#reducerCapacity()}), relative to the class where that share is smallest. The
 * basis of P when the shuffle rates measure the maps rather than the reducers, because the work
 * that then differs between classes is merging and reducing, CPU-bound on the reducer's node. It
 * needs nothing that is only known after the maps.
 */
public final class ReducerCapacityEstimator implements PartitionRatioEstimator {

  static final String NAME = "reducer-capacity";

  private final String label;

  /**
   * @param label the estimator named in notes
   */
  public ReducerCapacityEstimator(String label) {
    this.label = label;
  }

  @Override
  public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
    List<ClassMeasurement> hosting =
        classes.stream().filter(ClassMeasurement::hasReducers).collect(Collectors.toList());
    Map<String, Double> p = new LinkedHashMap<>();
    if (hosting.isEmpty()) {
      notes.add(label + ": no class hosts reducers");
      return Ratios.of("", p, Collections.singletonList(NAME));
    }
    if (hosting.stream().anyMatch(c -> c.reducerCapacity() == null || c.reducerCapacity() <= 0)) {
      notes.add(label + ": some class has no measured node capacity; no basis for P other than 1");
      hosting.forEach(c -> p.put(c.name(), 1.0));
      // classes come fastest first
      return Ratios.of(
          hosting.get(hosting.size() - 1).name(),
          p,
          Collections.unmodifiableList(Arrays.asList(NAME, Ratios.NO_BASIS)));
    }
    ClassMeasurement reference =
        hosting.stream().min(Comparator.comparingDouble(ClassMeasurement::reducerCapacity)).get();
    double ref = reference.reducerCapacity();
    hosting.forEach(c -> p.put(c.name(), c.reducerCapacity() / ref));
    List<String> capped =
        hosting.stream()
            .filter(c -> c.nodeShare() != null)
            .map(
                c ->
                    String.format(
                        Locale.ROOT,
                        "'%s' %.3f instead of %.3f",
                        c.name(),
                        c.reducerCapacity(),
                        c.nodeShare()))
            .collect(Collectors.toList());
    if (capped.isEmpty()) {
      return Ratios.of(reference.name(), p, Collections.singletonList(NAME));
    }
    notes.add(
        label
            + ": "
            + ReducerCpuCeiling.NAME
            + ": a reducer can use fewer cores than its share of its node, so its capacity is what"
            + " the cores one reducer was seen to use do on that node: "
            + capped);
    return Ratios.of(
        reference.name(),
        p,
        Collections.unmodifiableList(Arrays.asList(NAME, ReducerCpuCeiling.NAME)));
  }
}
