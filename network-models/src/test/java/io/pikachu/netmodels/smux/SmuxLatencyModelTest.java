package io.pikachu.netmodels.smux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SmuxLatencyModelTest {
  private final SmuxLatencyModel model = SmuxLatencyModel.paper();

  @Test
  void calibratedToSection322() {
    assertEquals(3.6, model.capacityGbps(), 1e-9, "300K packets/s of 1500 bytes");
    assertEquals(196, model.perSmux(0).medianMicros(), 0.5, "median at no load");
  }

  @Test
  void latencyGrowsWithLoadAndSaturatesAtTheBuffer() {
    double previous = 0;
    for (double gbps = 0.5; gbps <= 7.2; gbps += 0.5) {
      double m = model.perSmux(gbps).medianMicros();
      assertTrue(
          m >= previous - 1e-6,
          "median fell from " + previous + " to " + m + " at " + gbps + " Gbps");
      previous = m;
    }
    SmuxLatencyModel.Result overloaded = model.perSmux(36);
    // Ten times overloaded: the buffer is full, a packet waits ~K/mu = 6.8 ms and most arrivals are
    // dropped.
    assertEquals(196 + 2048 / 0.3, overloaded.medianMicros(), 20);
    assertTrue(overloaded.dropRate() > 0.85);
    assertTrue(model.perSmux(1.8).dropRate() < 1e-9);
  }

  @Test
  void spreadPathHasFigure31sNoLoadQuantilesAndTheSameQueue() {
    SmuxLatencyModel spread = SmuxLatencyModel.paperSpread();
    assertTrue(spread.spreadPath() && !model.spreadPath());
    assertEquals(196, spread.quantileMicros(0, 0.5), 0.5, "no-load median (section 3.2.2)");
    assertEquals(1000, spread.quantileMicros(0, 0.9), 2, "no-load 90th percentile");
    assertEquals(model.capacityGbps(), spread.capacityGbps(), 1e-12);
    // The fixed model's median is its d0 plus the sojourn's median, for any quantile call.
    assertEquals(model.perSmux(1.2).medianMicros(), model.quantileMicros(1.2, 0.5), 1e-6);
    // Queueing still adds: a near-saturated SMux is slower than an idle one, in the median and
    // the mean, and ten times overloaded the full buffer dominates as in the fixed model.
    assertTrue(spread.perSmux(3.5).medianMicros() > spread.perSmux(0).medianMicros() + 50);
    assertTrue(spread.perSmux(1.2).meanMicros() > spread.perSmux(0).meanMicros());
    assertEquals(model.perSmux(36).dropRate(), spread.perSmux(36).dropRate(), 1e-12, "same queue");
    assertTrue(spread.perSmux(36).medianMicros() > 2048 / 0.3);
  }
}
