package io.pikachu.netmodels.experiments;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.experiments.DrillExperiments.Point;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's PIU 100 us at 90% load, judged as the other 90% rows are: the figures' window (flows
 * starting in [0.1, 0.7) s), the run 1 s longer with flows still arriving ({@code drill-load --tail
 * 1s}), and over seeds 1-5, because one seed's ratio moves by about 0.1 (2.26-2.47) around the
 * notes' 2.4. The thesis's 30 s runs leave out only the flows still running at the end, which are
 * few of those that started in its 29 s; of the run lengths the figures use, 2 s leaves out the
 * fewest of the window's flows (2.4-2.8% of PIU 100 us's against 6.3% in 1 s runs, seed 1), so the
 * row is judged there (docs/network-models/drill-spraying.md, experiment 2). The mean over the five
 * seeds is 2.392, inside 1.4-2.4 by 0.3%. About 20 minutes of CPU: {@code mvn -B -pl network-models
 * test -P netmodels-full -Dtest=DrillPiuTailFullScaleTest}.
 */
@Tag("full")
class DrillPiuTailFullScaleTest {
  private static final int SEEDS = 5;
  private static final List<Double> ratios = new ArrayList<>();

  @BeforeAll
  static void run() {
    DrillSetup setup = DrillSetup.full().withTail(Simulator.PS_PER_S);
    for (long seed = 1; seed <= SEEDS; seed++) {
      DrillExperiments e = new DrillExperiments(setup, seed, 1, new Runner(2, null));
      List<Point> p =
          e.points(new double[] {0.9}, List.of(DrillExperiments.drill(), e.piu(100)), false);
      ratios.add(p.get(1).fct().meanMs() / p.get(0).fct().meanMs());
    }
  }

  @Test
  void piuAtOneHundredMicrosecondsCostsWhatTheNotesAskOverFiveSeeds() {
    double mean = ratios.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    assertTrue(
        mean >= 1.4 && mean <= 2.4,
        "PIU 100 us / DRILL at 90%, seeds 1-5: " + ratios + ", mean " + mean);
  }
}
