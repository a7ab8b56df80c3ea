package io.pikachu.netmodels.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FlowSizesTest {
  /**
   * The mean sets every seed's flow arrival rate, so a faster integration must give the very same
   * double as the plain one (each point's segment searched from the start, summed as a double), or
   * every figure would move.
   */
  @Test
  void meanIsBitForBitThePlainIntegration() {
    for (FlowSizes f : new FlowSizes[] {FlowSizes.webSearchDrill(), FlowSizes.dataMining()}) {
      assertEquals(plainMean(f), f.meanBytes(), 0.0, f.name());
    }
    FlowSizes steps =
        new FlowSizes(
            "steps", new double[] {1, 1, 7, 7, 90}, new double[] {0, 0.25, 0.25, 0.9, 1}, false, 3);
    assertEquals(plainMean(steps), steps.meanBytes(), 0.0);
  }

  /** The integration as it was written before: a fresh search per point and a double sum. */
  private static double plainMean(FlowSizes f) {
    int steps = 2_000_000;
    double sum = 0;
    for (int s = 0; s < steps; s++) {
      double u = (s + 0.5) / steps;
      sum += f.units(u);
    }
    return sum / steps * f.unitBytes();
  }
}
