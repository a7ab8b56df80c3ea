package io.pikachu.core.decision.estimate;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.decision.classify.NodeClass;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.observe.AttemptHistory;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.observe.StatusReport;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/** Measures each node class's reducers over a decision window [start, end]. */
public final class ClassMeasurer {

  private final ReducerMetrics metrics;

  public ClassMeasurer(ReducerMetrics metrics) {
    this.metrics = metrics;
  }

  /**
   * @param nodeSpeeds {@link JobObserver#nodeSpeeds()}, as the classes were formed from
   * @param window the measurement window, or empty to record node speeds and reducer placement only
   * @param measureEfficiency whether a class can have caught up (false when no class caught up
   *     before the window end while maps were running: then every class runs at its capacity and E
   *     = 1)
   * @param inForce the bin map the reducers fetched by in the window: each class records its
   *     reducers' share of the bins, by which equation 2.1 weighs its shuffle rate ({@link
   *     ClassMeasurement#workRate()})
   */
  public List<ClassMeasurement> measure(
      JobObserver job,
      NodeClasses classes,
      Map<String, Double> nodeSpeeds,
      Optional<long[]> window,
      boolean measureEfficiency,
      BinAllocation inForce,
      List<String> notes) {
    Map<Integer, AttemptHistory> live = job.liveReducers();
    Map<String, Double> perReducer = capacityPerReducer(nodeSpeeds, live);
    Map<String, Double> fairCpu =
        fairCpuShares(
            nodeSpeeds,
            live,
            job.succeededMapCpuSeconds(),
            job.nodeMapsAtOnce(window.map(w -> w[1]).orElse(job.latestMs())));
    ReducerCpuCeiling ceiling =
        ReducerCpuCeiling.measure(
            live,
            classes,
            metrics,
            job.succeededMapCpuSeconds(),
            window.map(w -> w[1]).orElse(job.latestMs()));
    List<ClassMeasurement> result = new ArrayList<>();
    Map<String, Double> uncapped = new HashMap<>();
    for (NodeClass c : classes.classes()) {
      List<Integer> reducers = new ArrayList<>();
      List<AttemptHistory> attempts = new ArrayList<>();
      List<Double> shares = new ArrayList<>();
      live.forEach(
          (index, attempt) -> {
            if (classes.classOf(attempt.node()).filter(c::equals).isPresent()) {
              reducers.add(index);
              attempts.add(attempt);
              shares.add((double) inForce.count(index) / inForce.binsPerReducer());
            }
          });
      List<Double> nodeShares = new ArrayList<>();
      List<Double> capacities = new ArrayList<>();
      for (AttemptHistory a : attempts) {
        Double share = perReducer.get(a.node());
        if (share != null) {
          nodeShares.add(share);
          capacities.add(ceiling.capacity(a.node(), share));
        }
      }
      Double capacity = mean(capacities);
      Double nodeShare = mean(nodeShares);
      if (capacity != null && capacity < nodeShare * (1 - 1e-9)) {
        // recorded only where the ceiling lowered the class's capacity (rule reducer-cpu-ceiling)
        uncapped.put(c.name(), nodeShare);
      }
      if (!window.isPresent() || attempts.isEmpty()) {
        result.add(placed(c, reducers, capacity).caughtUp(false).build());
        continue;
      }
      result.add(
          measureClass(
              c,
              reducers,
              capacity,
              attempts,
              shares,
              fairCpu,
              window.get()[0],
              window.get()[1],
              measureEfficiency,
              notes));
    }
    result.replaceAll(m -> m.withNodeShare(uncapped.get(m.name())));
    return result;
  }

  /**
   * Each reducer node's speed ({@link JobObserver#nodeSpeeds()}) shared among the reducers on the
   * node.
   */
  private static Map<String, Double> capacityPerReducer(
      Map<String, Double> nodeSpeeds, Map<Integer, AttemptHistory> live) {
    Map<String, Integer> reducersOnNode = reducersOnNode(live);
    Map<String, Double> perReducer = new HashMap<>();
    reducersOnNode.forEach(
        (node, count) -> {
          Double t = nodeSpeeds.get(node);
          if (t != null) {
            perReducer.put(node, t / count);
          }
        });
    return perReducer;
  }

  private static Map<String, Integer> reducersOnNode(Map<Integer, AttemptHistory> live) {
    Map<String, Integer> count = new HashMap<>();
    live.values().forEach(a -> count.merge(a.node(), 1, Integer::sum));
    return count;
  }

  /**
   * Each reducer node's even share of its CPU among the maps it runs at once and the reducers on
   * it, in CPU-seconds per second: the least a reducer short of CPU gets while the maps run. The
   * node's CPU is what its maps used, its map throughput (maps per second) times the CPU-seconds of
   * one of its maps (the median of its succeeded maps' counters). Nodes without both are absent.
   */
  private static Map<String, Double> fairCpuShares(
      Map<String, Double> nodeSpeeds,
      Map<Integer, AttemptHistory> live,
      Map<String, List<Double>> mapCpu,
      Map<String, Integer> mapsAtOnce) {
    Map<String, Integer> reducersOnNode = reducersOnNode(live);
    Map<String, Double> fair = new HashMap<>();
    reducersOnNode.forEach(
        (node, count) -> {
          Double speed = nodeSpeeds.get(node);
          List<Double> cpu = mapCpu.get(node);
          Integer maps = mapsAtOnce.get(node);
          if (speed != null && cpu != null && !cpu.isEmpty() && maps != null) {
            double nodeCpu = speed * median(cpu);
            if (nodeCpu > 0) {
              fair.put(node, nodeCpu / (maps + count));
            }
          }
        });
    return fair;
  }

  private ClassMeasurement measureClass(
      NodeClass c,
      List<Integer> reducers,
      Double capacity,
      List<AttemptHistory> attempts,
      List<Double> shares,
      Map<String, Double> fairCpu,
      long start,
      long end,
      boolean measureEfficiency,
      List<String> notes) {
    List<Double> rates = new ArrayList<>();
    List<Double> catchUps = new ArrayList<>();
    List<Double> steadies = new ArrayList<>();
    List<Double> efficiencies = new ArrayList<>();
    List<Double> ofFairShare = new ArrayList<>();
    int reporting = 0;
    int caughtUp = 0;
    int caughtUpAtFirstReport = 0;
    for (int i = 0; i < attempts.size(); i++) {
      AttemptHistory r = attempts.get(i);
      Optional<StatusReport> last = r.atOrBefore(end);
      if (!last.isPresent()) {
        continue; // started after the window
      }
      reporting++;
      metrics.shuffleRate(r, start, end).ifPresent(rates::add);
      Double fair = fairCpu.get(r.node());
      if (fair != null) {
        metrics.cpuUtilisation(r, start, end).ifPresent(u -> ofFairShare.add(u / fair));
      }
      boolean up = metrics.caughtUp(last.get()) || metrics.caughtUpWithin(r, start, end);
      if (!up || !measureEfficiency) {
        continue;
      }
      caughtUp++;
      OptionalLong caughtAt = metrics.catchUpMs(r, end);
      if (!caughtAt.isPresent()) {
        continue;
      }
      long t = caughtAt.getAsLong();
      if (t == r.first().timeMs()) {
        caughtUpAtFirstReport++;
      }
      OptionalDouble uCatch = metrics.peakCpuUtilisation(r, t);
      OptionalDouble uSteady = metrics.cpuUtilisation(r, Math.max(t, start), end);
      uCatch.ifPresent(catchUps::add);
      uSteady.ifPresent(steadies::add);
      if (uCatch.isPresent() && uSteady.isPresent() && uCatch.getAsDouble() > 0) {
        efficiencies.add(uSteady.getAsDouble() / uCatch.getAsDouble());
      }
    }
    boolean classCaughtUp = measureEfficiency && reporting > 0 && 2 * caughtUp >= reporting;
    Double efficiency = null;
    if (classCaughtUp) {
      if (efficiencies.isEmpty()) {
        notes.add(
            "class '"
                + c.name()
                + "' caught up but no reducer has CPU measurements on both sides "
                + "of catching up; E = 1");
      } else {
        efficiency = Math.min(1.0, median(efficiencies));
      }
    }
    if (efficiency != null && caughtUpAtFirstReport > 0) {
      notes.add(
          "class '"
              + c.name()
              + "': "
              + caughtUpAtFirstReport
              + " reducer(s) caught up by their first "
              + "report, so their CPU at T_s comes from a partly idle interval; E may be too high and P too low");
    }
    return placed(c, reducers, capacity)
        .shuffleRate(rates.isEmpty() ? null : median(rates))
        .cpuCatchUp(catchUps.isEmpty() ? null : median(catchUps))
        .cpuSteady(steadies.isEmpty() ? null : median(steadies))
        .efficiency(efficiency)
        .caughtUp(classCaughtUp)
        .binShare(median(shares))
        .cpuOfFairShare(ofFairShare.isEmpty() ? null : median(ofFairShare))
        .build();
  }

  /** What is known of a class before its shuffle is measured: its nodes and its reducers. */
  private static ImmutableClassMeasurement.Builder placed(
      NodeClass c, List<Integer> reducers, Double capacity) {
    return ClassMeasurement.builder()
        .name(c.name())
        .nodes(c.nodes())
        .speed(c.speed())
        .mapRate(c.mapRate())
        .reducers(reducers)
        .reducerCapacity(capacity);
  }

  private static Double mean(List<Double> values) {
    return values.isEmpty()
        ? null
        : values.stream().mapToDouble(Double::doubleValue).average().getAsDouble();
  }

  static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
