package io.pikachu.netmodels.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.experiments.DrillSetup;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FlowRecord;
import io.pikachu.netmodels.sim.Simulator;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationTest {
  private static List<FlowRecord> finishedBy(long durationPs, long byPs) {
    DrillSetup small = DrillSetup.small().withDuration(durationPs);
    RunResult r =
        small.simulation(Scheme.parse("ecmp"), 0.9, 3, false).measure(0, Long.MAX_VALUE).run();
    return r.flows().stream().filter(f -> f.endPs() <= byPs).toList();
  }

  /**
   * The seed-002 length experiments read every shorter run out of one long run
   * (results/network-models/2026-11-27-drill-90): that holds only if the first D seconds of a
   * longer run are the run of length D, flow for flow. Arrivals come from their own stream in time
   * order, and nothing before D looks at the run's end.
   */
  @Test
  void aLongerRunBeginsAsTheShorterOne() {
    long d = 30 * Simulator.PS_PER_MS;
    List<FlowRecord> shorter = finishedBy(d, d);
    List<FlowRecord> longer = finishedBy(2 * d, d);
    assertTrue(shorter.size() > 100, "enough flows to compare: " + shorter.size());
    assertEquals(shorter, longer);
  }
}
