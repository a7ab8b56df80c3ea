package io.pikachu.core.decision.estimate;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * P from configuration, for sweeps: the fastest class gets P, the slowest 1. With more than two
 * classes the classes between get P^((k-1-i)/(k-1)) by speed rank i (fastest i = 0), evenly spaced
 * on a log scale. Classes of unknown speed rank as the slowest.
 */
public final class FixedEstimator implements PartitionRatioEstimator {

  private final double fixedP;

  public FixedEstimator(double fixedP) {
    this.fixedP = fixedP;
  }

  @Override
  public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
    List<ClassMeasurement> ranked =
        classes.stream()
            .filter(c -> c.speed() != null)
            .sorted(Comparator.comparing(ClassMeasurement::speed).reversed())
            .collect(Collectors.toList());
    int k = ranked.size();
    Map<String, Double> p = new LinkedHashMap<>();
    for (int i = 0; i < k; i++) {
      p.put(ranked.get(i).name(), k == 1 ? 1.0 : Math.pow(fixedP, (double) (k - 1 - i) / (k - 1)));
    }
    classes.stream().filter(c -> c.speed() == null).forEach(c -> p.put(c.name(), 1.0));
    String reference =
        k > 0 ? ranked.get(k - 1).name() : classes.isEmpty() ? "" : classes.get(0).name();
    return Ratios.of(reference, p);
  }
}
