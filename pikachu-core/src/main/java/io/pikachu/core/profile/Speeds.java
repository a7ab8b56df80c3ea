package io.pikachu.core.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Bringing node speeds measured in different units (jobs, profiles) into one. */
public final class Speeds {
  private Speeds() {}

  /**
   * The factor that brings {@code speeds} into the units of {@code reference}: the median over the
   * nodes both know of reference / speed; where none is shared, the ratio of their medians (the
   * nodes of both are taken as typical of the cluster); 1 where either is empty.
   */
  public static double scale(Map<String, Double> speeds, Map<String, Double> reference) {
    List<Double> ratios = new ArrayList<>();
    speeds.forEach(
        (node, s) -> {
          Double r = reference.get(node);
          if (r != null && s > 0 && r > 0) {
            ratios.add(r / s);
          }
        });
    if (!ratios.isEmpty()) {
      return median(ratios);
    }
    if (speeds.isEmpty() || reference.isEmpty()) {
      return 1;
    }
    return median(new ArrayList<>(reference.values())) / median(new ArrayList<>(speeds.values()));
  }

  /**
   * {@code measured} plus, for each of {@code nodes} it lacks, the speed {@code prior} gives it,
   * brought into {@code measured}'s units.
   */
  public static Map<String, Double> fill(
      Map<String, Double> measured, Iterable<String> nodes, Map<String, Double> prior) {
    Map<String, Double> speeds = new TreeMap<>(measured);
    double toMeasured = measured.isEmpty() ? 1 : scale(prior, measured);
    for (String node : nodes) {
      Double p = prior.get(node);
      if (!speeds.containsKey(node) && p != null) {
        speeds.put(node, p * toMeasured);
      }
    }
    return speeds;
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
