package io.pikachu.core.decision.stabilise;

import io.pikachu.core.decision.classify.NodeClass;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.observe.AttemptHistory;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.observe.StatusReport;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Finds T_s and T_w of section 2.4.3.
 *
 * <p>T_s is the first report time, while maps are still running, at which some node class has
 * caught up: at least half of its reducers that have reported are within the caught-up tolerance of
 * the completed maps. In the paper's two-class case that is the fast class; when the fast nodes are
 * the bottleneck (Sort) it is the slow class, which is the one with spare capacity. T_w is the
 * first time the job has completed one more wave of maps than at T_s and every reducer that had
 * started by T_s has reported at least twice since.
 */
public final class StabilisationDetector {

  private final ReducerMetrics metrics;
  private final int configuredWaveMaps;

  /**
   * @param configuredWaveMaps maps per wave, or 0 to use the measured peak number of maps running
   *     at once
   */
  public StabilisationDetector(ReducerMetrics metrics, int configuredWaveMaps) {
    this.metrics = metrics;
    this.configuredWaveMaps = configuredWaveMaps;
  }

  public Stabilisation detect(JobObserver job, NodeClasses classes) {
    int wave = configuredWaveMaps > 0 ? configuredWaveMaps : Math.max(1, job.peakConcurrentMaps());
    Sweep sweep = findTs(job, classes);
    if (sweep == null) {
      return Stabilisation.of(
          OptionalLong.empty(), Collections.emptyList(), wave, 0, OptionalLong.empty());
    }
    int target = job.mapsCompletedAt(sweep.timeMs) + wave;
    OptionalLong waveDone =
        target <= job.totalMaps() ? job.firstTimeWithCompleted(target) : OptionalLong.empty();
    OptionalLong measurable = twoReportsAfter(job, sweep.timeMs);
    OptionalLong tw =
        waveDone.isPresent() && measurable.isPresent()
            ? OptionalLong.of(Math.max(waveDone.getAsLong(), measurable.getAsLong()))
            : OptionalLong.empty();
    return Stabilisation.of(OptionalLong.of(sweep.timeMs), sweep.classes, wave, target, tw);
  }

  /**
   * When every reducer that had started by T_s has reported twice after it. A wave of short maps
   * can pass within one report interval; without two intervals in the window a reducer's rate would
   * rest on a single pair of reports taken on either side of a burst of map completions.
   */
  private static OptionalLong twoReportsAfter(JobObserver job, long ts) {
    long latest = ts;
    for (AttemptHistory r : job.liveReducers().values()) {
      if (r.first().timeMs() > ts) {
        continue;
      }
      Iterator<Long> after = r.samples().tailMap(ts, false).keySet().iterator();
      if (!after.hasNext()) {
        return OptionalLong.empty();
      }
      after.next();
      if (!after.hasNext()) {
        return OptionalLong.empty();
      }
      latest = Math.max(latest, after.next());
    }
    return OptionalLong.of(latest);
  }

  private static final class Sweep {
    private final long timeMs;
    private final List<String> classes;

    Sweep(long timeMs, List<String> classes) {
      this.timeMs = timeMs;
      this.classes = classes;
    }

    long timeMs() {
      return timeMs;
    }

    List<String> classes() {
      return classes;
    }
  }

  /**
   * Sweeps all live reducers' reports in time order, keeping per class the counts of started and
   * caught-up.
   */
  private Sweep findTs(JobObserver job, NodeClasses classes) {
    Map<AttemptHistory, NodeClass> classOf = new HashMap<>();
    for (AttemptHistory r : job.liveReducers().values()) {
      classes.classOf(r.node()).ifPresent(c -> classOf.put(r, c));
    }
    List<Map.Entry<StatusReport, AttemptHistory>> events = new ArrayList<>();
    classOf
        .keySet()
        .forEach(
            r ->
                r.samples()
                    .values()
                    .forEach(s -> events.add(new AbstractMap.SimpleImmutableEntry<>(s, r))));
    events.sort(Comparator.comparingLong(e -> e.getKey().timeMs()));
    Map<NodeClass, int[]> counts = new HashMap<>(); // [reporting, caught up]
    Map<AttemptHistory, Boolean> state = new HashMap<>();
    for (int i = 0; i < events.size(); i++) {
      StatusReport s = events.get(i).getKey();
      AttemptHistory r = events.get(i).getValue();
      int[] c = counts.computeIfAbsent(classOf.get(r), k -> new int[2]);
      boolean now = metrics.caughtUpWhileMapsRun(s);
      Boolean before = state.put(r, now);
      c[0] += before == null ? 1 : 0;
      c[1] += (now ? 1 : 0) - (Boolean.TRUE.equals(before) ? 1 : 0);
      boolean lastAtThisTime =
          i + 1 == events.size() || events.get(i + 1).getKey().timeMs() > s.timeMs();
      if (!lastAtThisTime) {
        continue;
      }
      List<String> caught = new ArrayList<>();
      for (NodeClass nc : classes.classes()) {
        int[] n = counts.get(nc);
        if (n != null && n[1] > 0 && 2 * n[1] >= n[0]) {
          caught.add(nc.name());
        }
      }
      if (!caught.isEmpty()) {
        return new Sweep(s.timeMs(), caught);
      }
    }
    return null;
  }
}
