package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where to look for Optimal after the grid: around the fastest grid point, the geometric midpoints
 * to its neighbours, or one step beyond the grid's edge when the best point is on it (P is a ratio,
 * so the grid is thought of on a log scale).
 */
public final class SweepRefinement {
  static final double EDGE_STEP = 1.5;

  private SweepRefinement() {}

  /** The extra P values to try, given the median job time of every grid point measured so far. */
  public static List<Double> around(Map<Double, Double> secondsByP) {
    if (secondsByP.size() < 2) {
      return List.of();
    }
    TreeMap<Double, Double> grid = new TreeMap<>(secondsByP);
    double best = grid.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow().getKey();
    List<Double> extra = new ArrayList<>();
    Double below = grid.lowerKey(best);
    Double above = grid.higherKey(best);
    extra.add(below == null ? best / EDGE_STEP : Math.sqrt(below * best));
    extra.add(above == null ? best * EDGE_STEP : Math.sqrt(above * best));
    return extra.stream()
        .map(p -> Method.fixed(p).fixedP())
        .filter(p -> !grid.containsKey(p))
        .toList();
  }
}
