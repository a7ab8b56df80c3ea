package io.pikachu.netmodels.experiments;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.experiments.DrillExperiments.Point;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's findings on the scaled-down fabric ({@link DrillSetup#small()}: 4 leaves, 4 spines, 5
 * hosts per leaf, 10 Gbps uplinks, update intervals stretched twice), 0.15 s of traffic. Means are
 * pooled over two seeds, and for a seed every scheme sees the same flows (the workload has its own
 * random streams), so ratios compare like with like.
 *
 * <p>These are direction tests: a 0.15 s run on the small fabric cannot reach the notes' magnitudes
 * (0.3 s of traffic: ECMP 1.09, PIU 100 us 1.20). The magnitudes are judged at full scale by the
 * tests of the netmodels-full profile; where the model misses a row (PPU's and CU's cost, the queue
 * spread ratio), docs/network-models/drill-spraying.md shows the experiment that explains it. Each
 * bound here fails if the direction it names is absent.
 */
class DrillFindingsTest {
  private static final long[] SEEDS = {1, 2};
  private static final List<List<Point>> high = new ArrayList<>(); // 90% load, per seed
  private static final List<List<Point>> low = new ArrayList<>(); // 10% load, per seed
  private static List<Point> queues; // 40% and 80%, seed 1, DRILL then ECMP

  // Order of the schemes at 90%.
  private static final int DRILL = 0;
  private static final int ECMP = 1;
  private static final int PIU1 = 2;
  private static final int PIU10 = 3;
  private static final int PIU100 = 4;
  private static final int PPU = 5;
  private static final int CU10 = 6;

  @BeforeAll
  static void run() {
    Runner runner = new Runner(2, null);
    DrillSetup setup = DrillSetup.small().withDuration(150 * Simulator.PS_PER_MS);
    Scheme drill = DrillExperiments.drill();
    Scheme ecmp = DrillExperiments.ecmp();
    Scheme ppu = Scheme.of(Scheme.Kind.PPU);
    for (long seed : SEEDS) {
      DrillExperiments e = new DrillExperiments(setup, seed, 1, runner);
      List<Scheme> at90 = List.of(drill, ecmp, e.piu(1), e.piu(10), e.piu(100), ppu, e.cu(10));
      high.add(e.points(new double[] {0.9}, at90, false));
      low.add(e.points(new double[] {0.1}, List.of(drill, ecmp, ppu), false));
    }
    queues =
        new DrillExperiments(setup, SEEDS[0], 1, runner)
            .points(new double[] {0.4, 0.8}, List.of(drill, ecmp), true);
  }

  /** Sum over seeds of the mean FCT of scheme number {@code i}. */
  private static double fct(List<List<Point>> runs, int i) {
    return runs.stream().mapToDouble(r -> r.get(i).fct().meanMs()).sum();
  }

  private static double vsDrill(List<List<Point>> runs, int i) {
    return fct(runs, i) / fct(runs, DRILL);
  }

  @Test
  void drillBeatsEcmpAtHighLoadAndMatchesItAtLowLoad() {
    double h = vsDrill(high, ECMP);
    // Direction: here 1.07 and 1.11 (seeds 1, 2). At full scale the notes' 1.2-2.5 is met only
    // when the measured flows get time to finish (--tail 1s: 1.258 +- 0.027 over 5 seeds; runs of
    // 1 s give 1.156): the docs' experiment 2 says why.
    assertTrue(h >= 1.03, "ECMP / DRILL at 90%: " + h);
    double l = vsDrill(low, ECMP);
    assertTrue(Math.abs(l - 1) <= 0.10, "ECMP / DRILL at 10%: " + l);
  }

  @Test
  void periodicUpdatesDegradeInTheOrderOfTheirInterval() {
    double p1 = vsDrill(high, PIU1);
    double p10 = vsDrill(high, PIU10);
    double p100 = vsDrill(high, PIU100);
    String all = "PIU / DRILL at 90%: 1 us " + p1 + ", 10 us " + p10 + ", 100 us " + p100;
    assertTrue(p1 < p10 && p10 < p100, all);
    assertTrue(p1 <= 1.08, all);
    // Direction: here 1.11, its worst queues still building when a 0.15 s run ends. The notes'
    // 1.4-2.4 (and 1.08-1.40 for 10 us) are asserted at full scale by DrillFullScaleTest.
    assertTrue(p100 >= 1.08, all);
  }

  /**
   * Not the thesis's finding: with the text's switch-level table, every packet a leaf receives from
   * spine s refreshes the entry of the uplink to s, so PPU and CU see nearly fresh queues and cost
   * nothing measurable (full scale: PPU 0.996 +- 0.005 at 90% over 5 seeds), where the thesis
   * reports +6.5% to +11%. This asserts our reading, so that a change to it is noticed; the docs'
   * experiment 4 compares it with the ns-2 patch's rule.
   */
  @Test
  void switchLevelPerPacketUpdatesLeaveQueuesFreshEnoughToCostNothing() {
    double ppuHigh = vsDrill(high, PPU);
    double ppuLow = fct(low, 2) / fct(low, DRILL);
    double cu10 = vsDrill(high, CU10);
    String all = "over DRILL: PPU at 90% " + ppuHigh + ", at 10% " + ppuLow + "; CU 10 us " + cu10;
    assertTrue(Math.abs(ppuHigh - 1) <= 0.03 && Math.abs(ppuLow - 1) <= 0.03, all);
    assertTrue(Math.abs(cu10 - 1) <= 0.03, all);
    // Direction of the thesis's headline: CU 10 us below ECMP (29% there; at full scale 20.7% with
    // the measured flows given 1 s more, 13.7% in runs of 1 s).
    assertTrue(fct(high, CU10) < fct(high, ECMP), "CU 10 us below ECMP");
  }

  @Test
  void combinedUpdatesAreAtMostAsBadAsEitherAlone() {
    double best = Math.min(fct(high, PIU10), fct(high, PPU));
    assertTrue(fct(high, CU10) <= 1.02 * best, "CU 10 us <= min(PIU 10 us, PPU) + 2%");
  }

  @Test
  void queuesAreFarMoreEvenUnderDrillThanUnderEcmpAndSpinesCarryTheRest() {
    Point drill40 = queues.get(0);
    Point ecmp40 = queues.get(1);
    Point drill80 = queues.get(2);
    Point ecmp80 = queues.get(3);
    double r40 = ecmp40.queueStd() / drill40.queueStd();
    double r80 = ecmp80.queueStd() / drill80.queueStd();
    // Direction: here 9.8 and 6.9. The notes' >= 20x is not met at full scale (8.2x, 3.5x): the
    // spine downlinks, which have no path choice, dominate the (leaf + spine) / 2 figure; the
    // docs' experiment 3 says why.
    assertTrue(r40 >= 5, "ECMP / DRILL queue std dev at 40%: " + r40);
    assertTrue(r80 >= 4, "ECMP / DRILL queue std dev at 80%: " + r80);
    double spineOverLeaf = drill80.queueSpine() / drill80.queueLeaf();
    assertTrue(spineOverLeaf >= 5, "spine / leaf std dev under DRILL at 80%: " + spineOverLeaf);
  }
}
