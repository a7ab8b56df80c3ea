package io.pikachu.netmodels.experiments;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.experiments.DrillExperiments.Point;
import io.pikachu.netmodels.lb.Scheme;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's findings that the model meets at full scale, at the notes' tolerances: the scripts' 8
 * x 4 x 10 leaf-spine with 20 Gbps uplinks, 1 s of traffic, seed 1 (the committed figures' runs).
 * About 15 minutes of CPU: {@code mvn -B -pl network-models test -P netmodels-full}. ECMP's penalty
 * at 90% and CU against ECMP need the measured flows to finish: {@link DrillTailFullScaleTest}. The
 * rows the model misses (PPU's and CU's cost, the queue spread ratio) are explained by experiments
 * in docs/network-models/drill-spraying.md, not asserted.
 */
@Tag("full")
class DrillFullScaleTest {
  private static List<Point> high; // 90%
  private static List<Point> low; // 10%
  private static Point drill80; // 80%, queues sampled
  private static final int DRILL = 0;
  private static final int ECMP = 1;

  @BeforeAll
  static void run() {
    DrillExperiments e = new DrillExperiments(DrillSetup.full(), 1, 1, new Runner(2, null));
    Scheme drill = DrillExperiments.drill();
    Scheme ecmp = DrillExperiments.ecmp();
    Scheme ppu = Scheme.of(Scheme.Kind.PPU);
    high =
        e.points(
            new double[] {0.9},
            List.of(
                drill,
                ecmp,
                e.piu(0.1),
                e.piu(1),
                e.piu(10),
                e.piu(100),
                e.cu(0.1),
                e.cu(1),
                e.cu(10),
                ppu),
            false);
    low = e.points(new double[] {0.1}, List.of(drill, ecmp, e.piu(0.1), e.cu(0.1), e.cu(1)), false);
    drill80 = e.points(new double[] {0.8}, List.of(drill), true).get(0);
  }

  private static double vsDrill(List<Point> runs, int i) {
    return runs.get(i).fct().meanMs() / runs.get(DRILL).fct().meanMs();
  }

  @Test
  void drillMatchesEcmpAtTenPercentLoad() {
    double r = vsDrill(low, ECMP);
    assertTrue(Math.abs(r - 1) <= 0.10, "ECMP / DRILL at 10%: " + r);
  }

  @Test
  void periodicUpdatesCostWhatTheThesisSaysAtNinetyPercent() {
    double p1 = vsDrill(high, 3);
    double p10 = vsDrill(high, 4);
    double p100 = vsDrill(high, 5);
    String all = "PIU / DRILL at 90%: 1 us " + p1 + ", 10 us " + p10 + ", 100 us " + p100;
    assertTrue(p1 < p10 && p10 < p100, all);
    assertTrue(p1 <= 1.08, all);
    assertTrue(p10 >= 1.08 && p10 <= 1.40, all);
    assertTrue(p100 >= 1.4 && p100 <= 2.4, all);
  }

  @Test
  void updatesEveryMicrosecondOrFasterAreAsGoodAsFreshQueues() {
    for (int i : new int[] {2, 6, 7}) { // PIU 0.1 us, CU 0.1 us, CU 1 us at 90%
      double r = vsDrill(high, i);
      assertTrue(Math.abs(r - 1) <= 0.03, high.get(i).scheme().label() + " at 90%: " + r);
    }
    for (int i : new int[] {2, 3, 4}) { // the same at 10%
      double r = vsDrill(low, i);
      assertTrue(Math.abs(r - 1) <= 0.03, low.get(i).scheme().label() + " at 10%: " + r);
    }
  }

  @Test
  void combinedUpdatesAreAtMostAsBadAsEitherAlone() {
    double best = Math.min(high.get(4).fct().meanMs(), high.get(9).fct().meanMs());
    double cu = high.get(8).fct().meanMs();
    assertTrue(cu <= 1.02 * best, "CU 10 us " + cu + " ms against min(PIU 10 us, PPU) " + best);
  }

  @Test
  void spineQueuesSpreadFarMoreThanLeafQueuesUnderDrill() {
    double r = drill80.queueSpine() / drill80.queueLeaf();
    assertTrue(r >= 5, "spine / leaf queue std dev under DRILL at 80%: " + r);
  }
}
