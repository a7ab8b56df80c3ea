package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.experiments.DrillExperiments.Point;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.sim.Simulator;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The notes' seed-002 findings measured with one seed at full scale, as the committed figures run
 * it: the scripts' fabric, runs of 2 s whose measured flows (those starting in [0.1, 0.7) s) get 1
 * s more to finish ({@code --tail 1s}, why: docs' experiment 2); the queue rows from runs without
 * the tail ({@link #queueSetup}). Every run goes through the run cache, so the {@code fidelity}
 * command can be stopped and resumed. 17 runs a seed.
 */
public final class DrillFindings {
  private DrillFindings() {}

  /**
   * The setup every seed-002 row is judged on: full scale with the tail, or the tests' small one.
   */
  public static DrillSetup setup(boolean small) {
    return small
        ? DrillSetup.small().withDuration(150 * Simulator.PS_PER_MS)
        : DrillSetup.full().withTail(Simulator.PS_PER_S);
  }

  /**
   * The setup the queue rows are judged on. Queues are sampled in the measurement window, which the
   * tail does not move, and the first D seconds of a longer run are the run of length D ({@code
   * SimulationTest}): runs without the tail give the same figures to the last digit for half the
   * work.
   */
  public static DrillSetup queueSetup(boolean small) {
    return small ? setup(true) : DrillSetup.full();
  }

  /** One seed's measures by row id. */
  public static Map<String, Double> measure(long seed, boolean small, Path cache, Runner runner) {
    DrillExperiments e = new DrillExperiments(setup(small), seed, 1, runner);
    if (cache != null) e.withCache(cache);
    Scheme drill = DrillExperiments.drill();
    Scheme ecmp = DrillExperiments.ecmp();
    Scheme ppu = Scheme.of(Scheme.Kind.PPU);
    List<Scheme> at90 =
        List.of(
            drill,
            ecmp,
            e.piu(0.1),
            e.piu(1),
            e.piu(10),
            e.piu(100),
            ppu,
            e.cu(0.1),
            e.cu(1),
            e.cu(10));
    List<Point> h = e.points(new double[] {0.9}, at90, false);
    List<Point> l = e.points(new double[] {0.1}, List.of(drill, ecmp, ppu), false);
    DrillExperiments eq = new DrillExperiments(queueSetup(small), seed, 1, runner);
    if (cache != null) eq.withCache(cache);
    List<Point> q = eq.points(new double[] {0.4, 0.8}, List.of(drill, ecmp), true);
    double d90 = h.get(0).fct().meanMs();
    double d10 = l.get(0).fct().meanMs();
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("002-ecmp-90", h.get(1).fct().meanMs() / d90);
    m.put("002-ecmp-10", l.get(1).fct().meanMs() / d10);
    double p1 = h.get(3).fct().meanMs() / d90;
    double p10 = h.get(4).fct().meanMs() / d90;
    double p100 = h.get(5).fct().meanMs() / d90;
    m.put("002-piu-order", p1 < p10 && p10 < p100 ? 1.0 : 0.0);
    m.put("002-piu1-90", p1);
    m.put("002-piu10-90", p10);
    m.put("002-piu100-90", p100);
    m.put("002-piu0.1-90", h.get(2).fct().meanMs() / d90);
    m.put("002-cu0.1-90", h.get(7).fct().meanMs() / d90);
    m.put("002-cu1-90", h.get(8).fct().meanMs() / d90);
    m.put("002-ppu-10", l.get(2).fct().meanMs() / d10);
    m.put("002-ppu-90", h.get(6).fct().meanMs() / d90);
    double cu10 = h.get(9).fct().meanMs();
    m.put("002-cu10-90", cu10 / d90);
    m.put("002-cu10-vs-ecmp", 100 * (1 - cu10 / h.get(1).fct().meanMs()));
    m.put("002-cu-le-min", cu10 / Math.min(h.get(4).fct().meanMs(), h.get(6).fct().meanMs()));
    m.put("002-queue-40", q.get(1).queueStd() / q.get(0).queueStd());
    m.put("002-queue-80", q.get(3).queueStd() / q.get(2).queueStd());
    m.put("002-spine-leaf-80", q.get(2).queueSpine() / q.get(2).queueLeaf());
    return m;
  }
}
