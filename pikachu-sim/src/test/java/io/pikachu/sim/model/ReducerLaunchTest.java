package io.pikachu.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class ReducerLaunchTest {

  @Test
  void measuresFromTheMapThatMetSlowStart() {
    double[] ends = {30, 10, 12, 11, 40};
    double[] reducers = {14.5, 13.0};
    // one map of five at 0.05: the first to end (10); at 0.5: the third (12)
    assertEquals(3.0, ReducerLaunch.delayAfterSlowStart(ends, reducers, 0.05).getAsDouble(), 1e-9);
    assertEquals(1.0, ReducerLaunch.delayAfterSlowStart(ends, reducers, 0.5).getAsDouble(), 1e-9);
  }

  @Test
  void noMeasurementWithoutReducers() {
    assertFalse(
        ReducerLaunch.delayAfterSlowStart(new double[] {5}, new double[0], 0.05).isPresent());
    assertFalse(
        ReducerLaunch.delayAfterSlowStart(new double[0], new double[] {4}, 0.05).isPresent());
  }

  /** A job whose own slow start was lower had its reducers before that map: as soon as allowed. */
  @Test
  void reducersBeforeThatMapLaunchAtOnce() {
    assertEquals(
        0.0,
        ReducerLaunch.delayAfterSlowStart(new double[] {5, 6}, new double[] {1}, 0.05)
            .getAsDouble());
  }
}
