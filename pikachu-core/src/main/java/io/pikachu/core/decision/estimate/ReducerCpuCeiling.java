package io.pikachu.core.decision.estimate;

import io.pikachu.core.decision.classify.NodeClass;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.observe.AttemptHistory;
import io.pikachu.core.decision.observe.ReducerMetrics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rule {@code reducer-cpu-ceiling}: a reducer's capacity is its share of its node's map throughput,
 * but never more than the cores one reducer can use. A node with more cores than its reducers can
 * use (the paper's 8-core nodes with 2 reduce slots: 4 cores per reducer) would otherwise get the
 * share of reducers that use 1.2 of them, and its reducers become the job's tail.
 *
 * <p>In the units of node speed (map work per second), c cores of a node do c / m maps' worth of
 * work per second, where m is the CPU-seconds one map costs there (the median of its maps' CPU
 * counters). So a reducer's capacity is min(node speed / reducers on the node, c / m). A node whose
 * maps reported no CPU has no ceiling. Hadoop's counter leaves out the JVM's start, so m is a
 * little low and the ceiling a little high: the rule errs toward the node share.
 *
 * <p>c is what one reducer was seen to use: the highest, over the classes, of the median over a
 * class's reducers of their peak CPU utilisation; and at least one core, which a reducer's merge
 * and reduce (one thread) can use before any reducer was measured. It is taken up to the end of the
 * decision window, so the two-stage provisional map assumes one core and its correction uses what
 * the reducers showed.
 */
final class ReducerCpuCeiling {

  static final String NAME = "reducer-cpu-ceiling";

  /** Cores one reducer is taken to use until some class's reducers are seen using more. */
  static final double ASSUMED_CORES = 1.0;

  private final double cores;
  private final Map<String, Double> mapCpuSeconds;

  private ReducerCpuCeiling(double cores, Map<String, Double> mapCpuSeconds) {
    this.cores = cores;
    this.mapCpuSeconds = mapCpuSeconds;
  }

  /**
   * @param live each reducer's live attempt
   * @param mapCpu the CPU-seconds of each node's succeeded maps ({@code
   *     JobObserver#succeededMapCpuSeconds()})
   * @param untilMs the end of the decision window: reducer CPU is measured up to then
   */
  static ReducerCpuCeiling measure(
      Map<Integer, AttemptHistory> live,
      NodeClasses classes,
      ReducerMetrics metrics,
      Map<String, List<Double>> mapCpu,
      long untilMs) {
    double seen = ASSUMED_CORES;
    for (NodeClass c : classes.classes()) {
      List<Double> peaks = new ArrayList<>();
      for (AttemptHistory r : live.values()) {
        if (classes.classOf(r.node()).filter(c::equals).isPresent()) {
          metrics.peakCpuUtilisation(r, untilMs).ifPresent(peaks::add);
        }
      }
      if (!peaks.isEmpty()) {
        seen = Math.max(seen, ClassMeasurer.median(peaks));
      }
    }
    Map<String, Double> perMap = new HashMap<>();
    mapCpu.forEach((node, cpu) -> perMap.put(node, ClassMeasurer.median(cpu)));
    return new ReducerCpuCeiling(seen, perMap);
  }

  /** Cores one reducer was taken to use. */
  double cores() {
    return cores;
  }

  /**
   * A reducer's capacity on {@code node}: {@code nodeShare} (its node's speed over the reducers on
   * it), or the map work per second the ceiling's cores do on that node where that is less.
   */
  double capacity(String node, double nodeShare) {
    Double m = mapCpuSeconds.get(node);
    return m == null || m <= 0 ? nodeShare : Math.min(nodeShare, cores / m);
  }
}
