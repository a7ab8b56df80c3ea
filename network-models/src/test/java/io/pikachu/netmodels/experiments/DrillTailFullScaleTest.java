package io.pikachu.netmodels.experiments;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.experiments.DrillExperiments.Point;
import io.pikachu.netmodels.sim.Simulator;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 at 90% load with the measured flows given time to finish: the figures' window (flows
 * starting in [0.1, 0.7) s) and the run 1 s longer with flows still arriving ({@code drill-load
 * --tail 1s}), seed 1. The 1 s figures cut a flow off 0.3-0.9 s after it starts, and the flows cut
 * off are ECMP's slowest; the thesis's 30 s runs give nearly every logged flow seconds. With the
 * tail the model meets the notes' rows on ECMP's penalty (1.2-2.5) and on CU 10 us against ECMP (at
 * least 15% below), which the 1 s figures miss (docs/network-models/drill-spraying.md, experiment
 * 2). About 8 minutes of CPU: {@code mvn -B -pl network-models test -P netmodels-full}.
 */
@Tag("full")
class DrillTailFullScaleTest {
  private static List<Point> high;

  @BeforeAll
  static void run() {
    DrillSetup setup = DrillSetup.full().withTail(Simulator.PS_PER_S);
    DrillExperiments e = new DrillExperiments(setup, 1, 1, new Runner(2, null));
    high =
        e.points(
            new double[] {0.9},
            List.of(DrillExperiments.drill(), DrillExperiments.ecmp(), e.cu(10)),
            false);
  }

  private static double mean(int i) {
    return high.get(i).fct().meanMs();
  }

  @Test
  void ecmpPaysWhatTheNotesAskAtNinetyPercent() {
    double r = mean(1) / mean(0);
    assertTrue(r >= 1.2 && r <= 2.5, "ECMP / DRILL at 90%, flows given 1.3-1.9 s: " + r);
  }

  @Test
  void combinedUpdatesAtTenMicrosecondsStayWellBelowEcmp() {
    double below = 1 - mean(2) / mean(1);
    assertTrue(below >= 0.15, "CU 10 us below ECMP at 90%: " + below);
  }
}
