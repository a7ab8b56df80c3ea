package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.RunNode;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Figs. 2.5 and 2.6 from a run's recorded trace: per node class, how far its reducers have shuffled
 * (mean of maps copied / total maps) next to how far the maps are (completed / total), and how much
 * CPU its reducers use (mean over its reducers of CPU time per wall-clock time between consecutive
 * reports of an attempt, in cores). Times are seconds from the first report. The series are sampled
 * on a fixed grid rather than at every report, so a long job's SVG stays small and every class is
 * evaluated at the same instants.
 */
final class TraceSeries {
  /** A value at a time, in seconds from the trace's first report. */
  record Point(double seconds, double value) {}

  static final String UNKNOWN_CLASS = "unknown";
  private static final int GRID_POINTS = 400;

  /** Finer than the task reports (Hadoop sends one every few seconds) would only repeat values. */
  private static final long MIN_STEP_MS = 1000;

  private final long startMs;
  private final List<Point> mapsCompleted = new ArrayList<>();
  private final Map<String, List<Point>> shuffled = new LinkedHashMap<>();
  private final Map<String, List<Point>> cpu = new LinkedHashMap<>();
  private final Set<String> unknownNodes = new LinkedHashSet<>();

  private TraceSeries(long startMs) {
    this.startMs = startMs;
  }

  /**
   * @param nodes the run's nodes.csv: trace reports name nodes by YARN node id, which it maps to a
   *     class
   */
  static TraceSeries of(List<StatusReport> reports, List<RunNode> nodes) {
    List<StatusReport> sorted =
        reports.stream().sorted(Comparator.comparingLong(StatusReport::timeMs)).toList();
    if (sorted.isEmpty()) {
      return new TraceSeries(0);
    }
    TraceSeries series = new TraceSeries(sorted.get(0).timeMs());
    Map<String, String> classOf = new LinkedHashMap<>();
    for (RunNode n : nodes) {
      classOf.putIfAbsent(n.nodeId(), n.nodeClass());
      classOf.putIfAbsent(n.name(), n.nodeClass());
      // Fix the legend's order to nodes.csv's (fast before slow) whatever report comes first.
      series.shuffled.putIfAbsent(n.nodeClass(), new ArrayList<>());
      series.cpu.putIfAbsent(n.nodeClass(), new ArrayList<>());
    }
    Map<String, List<StatusReport>> attempts = new LinkedHashMap<>();
    for (StatusReport r : sorted) {
      if (r.type() == TaskType.REDUCE) {
        attempts.computeIfAbsent(r.attemptId(), a -> new ArrayList<>()).add(r);
        if (!classOf.containsKey(r.node())) {
          series.unknownNodes.add(r.node());
        }
      }
    }
    series.sample(sorted, new ArrayList<>(attempts.values()), classOf);
    series.shuffled.values().removeIf(List::isEmpty);
    series.cpu.values().removeIf(List::isEmpty);
    return series;
  }

  private void sample(
      List<StatusReport> sorted, List<List<StatusReport>> attempts, Map<String, String> classOf) {
    long endMs = sorted.get(sorted.size() - 1).timeMs();
    long step = Math.max(MIN_STEP_MS, (endMs - startMs + GRID_POINTS - 1) / GRID_POINTS);
    // Index per attempt of its last report at or before the grid time; -1 before its first.
    int[] last = new int[attempts.size()];
    Arrays.fill(last, -1);
    int nextReport = 0;
    double maps = Double.NaN;
    for (long t = startMs; ; t = Math.min(t + step, endMs)) {
      for (; nextReport < sorted.size() && sorted.get(nextReport).timeMs() <= t; nextReport++) {
        StatusReport r = sorted.get(nextReport);
        if (r.totalMaps() > 0) {
          // A report can carry a count older than one already seen; completed maps never go down.
          double done = (double) r.mapsCompleted() / r.totalMaps();
          maps = Double.isNaN(maps) ? done : Math.max(maps, done);
        }
      }
      if (!Double.isNaN(maps)) {
        mapsCompleted.add(new Point(seconds(t), maps));
      }
      Map<String, double[]> shuffleSums = new LinkedHashMap<>();
      Map<String, double[]> cpuSums = new LinkedHashMap<>();
      for (int a = 0; a < attempts.size(); a++) {
        List<StatusReport> reports = attempts.get(a);
        while (last[a] + 1 < reports.size() && reports.get(last[a] + 1).timeMs() <= t) {
          last[a]++;
        }
        if (last[a] < 0) {
          continue;
        }
        StatusReport now = reports.get(last[a]);
        String cls = classOf.getOrDefault(now.node(), UNKNOWN_CLASS);
        // A failed or killed attempt's copies are lost: it no longer counts towards its class's
        // progress.
        if (!now.state().isDead() && now.totalMaps() > 0) {
          add(shuffleSums, cls, (double) now.mapsCopied() / now.totalMaps());
        }
        // The CPU rate at t is that of the interval between the reports around t (ending exactly at
        // t if a report
        // falls on it); an attempt that ended has no interval after its last report and drops out.
        int end = now.timeMs() == t ? last[a] : last[a] + 1;
        if (end >= 1 && end < reports.size()) {
          StatusReport from = reports.get(end - 1);
          StatusReport to = reports.get(end);
          long dt = to.timeMs() - from.timeMs();
          long dcpu = to.cpuMs() - from.cpuMs();
          if (dt > 0 && dcpu >= 0) {
            add(cpuSums, cls, (double) dcpu / dt);
          }
        }
      }
      addMeans(shuffled, shuffleSums, t);
      addMeans(cpu, cpuSums, t);
      if (t >= endMs) {
        break;
      }
    }
  }

  private static void add(Map<String, double[]> sums, String cls, double value) {
    double[] sum = sums.computeIfAbsent(cls, c -> new double[2]);
    sum[0] += value;
    sum[1]++;
  }

  private void addMeans(Map<String, List<Point>> series, Map<String, double[]> sums, long t) {
    sums.forEach(
        (cls, sum) ->
            series
                .computeIfAbsent(cls, c -> new ArrayList<>())
                .add(new Point(seconds(t), sum[0] / sum[1])));
  }

  double seconds(long timeMs) {
    return (timeMs - startMs) / 1000.0;
  }

  /** The job's completed maps as a fraction of its maps. */
  List<Point> mapsCompleted() {
    return mapsCompleted;
  }

  /** Per node class, the mean fraction of map outputs its reducers have copied. */
  Map<String, List<Point>> shuffled() {
    return shuffled;
  }

  /** Per node class, the mean CPU use of its running reducers, in cores. */
  Map<String, List<Point>> cpu() {
    return cpu;
  }

  /**
   * Nodes the trace names that nodes.csv does not: their reducers are charted as class "unknown".
   */
  Set<String> unknownNodes() {
    return unknownNodes;
  }

  boolean isEmpty() {
    return mapsCompleted.isEmpty() && shuffled.isEmpty() && cpu.isEmpty();
  }
}
