package io.pikachu.core.decision.estimate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * D2 (Tarazu): P_c = map progress rate of class c / map progress rate of the slowest class,
 * measured when the reducers start. The slowest class is the one with the lowest map throughput
 * (how classes are ranked); the ratio is of per-task map progress rates, which is what Tarazu
 * measures. Classes whose nodes ran no measurable map get no estimate.
 */
public final class TarazuEstimator implements PartitionRatioEstimator {

  @Override
  public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
    ClassMeasurement slowest = null;
    for (ClassMeasurement c : classes) {
      if (c.mapRate() != null && c.speed() != null && (slowest == null || c.slowerThan(slowest))) {
        slowest = c;
      }
    }
    Map<String, Double> p = new LinkedHashMap<>();
    if (slowest == null) {
      notes.add("tarazu: no node ran a measurable map, so no class has a map progress rate");
      return Ratios.of("", p);
    }
    for (ClassMeasurement c : classes) {
      if (c.mapRate() != null) {
        p.put(c.name(), c.mapRate() / slowest.mapRate());
      } else if (c.hasReducers()) {
        notes.add("tarazu: class '" + c.name() + "' has no map progress rate");
      }
    }
    return Ratios.of(slowest.name(), p);
  }
}
