package io.pikachu.benchsuite.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepRefinementTest {

  @Test
  void interiorBestGetsGeometricMidpointsToBothNeighbours() {
    List<Double> extra = SweepRefinement.around(Map.of(1.0, 100.0, 2.0, 90.0, 4.0, 95.0));
    assertEquals(List.of(1.41, 2.83), extra);
  }

  @Test
  void bestOnTheEdgeLooksOneStepBeyondIt() {
    assertEquals(
        List.of(2.83, 6.0), SweepRefinement.around(Map.of(1.0, 100.0, 2.0, 95.0, 4.0, 80.0)));
    assertEquals(
        List.of(0.67, 1.41), SweepRefinement.around(Map.of(1.0, 80.0, 2.0, 95.0, 4.0, 99.0)));
  }

  @Test
  void tooFewPointsToRefine() {
    assertTrue(SweepRefinement.around(Map.of(2.0, 90.0)).isEmpty());
  }
}
