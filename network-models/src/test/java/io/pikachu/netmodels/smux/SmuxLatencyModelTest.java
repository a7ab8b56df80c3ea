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
}
