package io.pikachu.core.decision.estimate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** D1, stock Hadoop: P = 1 for every class. */
public final class EvenEstimator implements PartitionRatioEstimator {

  @Override
  public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
    Map<String, Double> p = new LinkedHashMap<>();
    classes.forEach(c -> p.put(c.name(), 1.0));
    return Ratios.of(classes.isEmpty() ? "" : classes.get(classes.size() - 1).name(), p);
  }
}
