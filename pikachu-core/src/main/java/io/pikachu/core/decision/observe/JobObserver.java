package io.pikachu.core.decision.observe;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.OptionalLong;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything the controller knows about one job, built from status reports in any order. Failed or
 * killed attempts are kept but ignored by the queries; a reducer is represented by its newest live
 * attempt.
 */
public final class JobObserver {

  private final int numReducers;

  /**
   * Sorted by attempt id, so that sums over attempts are bit-identical whatever order reports
   * arrive in.
   */
  private final Map<String, AttemptHistory> attempts = new TreeMap<>();

  /** Largest "maps completed" seen in a report received at each time. */
  private final TreeMap<Long, Integer> completedAt = new TreeMap<>();

  private long[] prefixTimes;
  private int[] prefixMax;
  private int totalMaps;
  private long latestMs = Long.MIN_VALUE;

  public JobObserver(int numReducers) {
    if (numReducers < 1) {
      throw new IllegalArgumentException(
          "a job to rebalance needs at least one reducer, got " + numReducers);
    }
    this.numReducers = numReducers;
  }

  public void accept(StatusReport r) {
    if (r.type() == TaskType.REDUCE && r.taskIndex() >= numReducers) {
      throw new IllegalArgumentException(
          "reducer index "
              + r.taskIndex()
              + " of "
              + r.attemptId()
              + " is outside 0.."
              + (numReducers - 1));
    }
    if (totalMaps != 0 && r.totalMaps() != totalMaps) {
      throw new IllegalArgumentException(
          "report of "
              + r.attemptId()
              + " says the job has "
              + r.totalMaps()
              + " maps, earlier reports said "
              + totalMaps);
    }
    totalMaps = r.totalMaps();
    attempts.computeIfAbsent(r.attemptId(), id -> new AttemptHistory(r)).add(r);
    completedAt.merge(r.timeMs(), r.mapsCompleted(), Math::max);
    prefixTimes = null;
    latestMs = Math.max(latestMs, r.timeMs());
  }

  public int numReducers() {
    return numReducers;
  }

  public int totalMaps() {
    return totalMaps;
  }

  public boolean isEmpty() {
    return attempts.isEmpty();
  }

  public long latestMs() {
    return latestMs;
  }

  /** T_1: when the first reducer attempt started. */
  public OptionalLong firstReducerMs() {
    return attempts.values().stream()
        .filter(a -> a.type() == TaskType.REDUCE)
        .mapToLong(AttemptHistory::startMs)
        .min();
  }

  /**
   * Maps completed in the job as known at {@code timeMs} (the largest count reported up to then).
   */
  public int mapsCompletedAt(long timeMs) {
    buildPrefix();
    int i = upperIndex(timeMs);
    return i < 0 ? 0 : prefixMax[i];
  }

  /** The first report time at which the job had completed at least {@code maps} maps. */
  public OptionalLong firstTimeWithCompleted(int maps) {
    buildPrefix();
    for (int i = 0; i < prefixTimes.length; i++) {
      if (prefixMax[i] >= maps) {
        return OptionalLong.of(prefixTimes[i]);
      }
    }
    return OptionalLong.empty();
  }

  public OptionalLong allMapsDoneMs() {
    return totalMaps == 0 ? OptionalLong.empty() : firstTimeWithCompleted(totalMaps);
  }

  /** Reducer index to its newest live attempt, for the reducers that have one. */
  public NavigableMap<Integer, AttemptHistory> liveReducers() {
    TreeMap<Integer, AttemptHistory> live = new TreeMap<>();
    for (AttemptHistory a : attempts.values()) {
      if (a.type() != TaskType.REDUCE || a.isDead()) {
        continue;
      }
      live.merge(a.taskIndex(), a, (x, y) -> y.startMs() >= x.startMs() ? y : x);
    }
    return Collections.unmodifiableNavigableMap(live);
  }

  public SortedSet<String> nodes() {
    TreeSet<String> nodes = new TreeSet<>();
    attempts.values().forEach(a -> nodes.add(a.node()));
    return nodes;
  }

  /** How many maps succeeded on each node: how much a node's speed rests on. */
  public Map<String, Integer> succeededMaps() {
    Map<String, Integer> maps = new TreeMap<>();
    for (AttemptHistory a : attempts.values()) {
      if (a.type() == TaskType.MAP && a.last().state() == AttemptState.SUCCEEDED) {
        maps.merge(a.node(), 1, Integer::sum);
      }
    }
    return maps;
  }

  /**
   * The CPU-seconds of each succeeded map attempt, by node: what one map costs there. Hadoop's
   * counter leaves out the JVM's start, so each is a little less than the map took. Nodes without a
   * succeeded map that reported CPU are absent.
   */
  public Map<String, List<Double>> succeededMapCpuSeconds() {
    Map<String, List<Double>> byNode = new TreeMap<>();
    for (AttemptHistory a : attempts.values()) {
      StatusReport last = a.last();
      if (a.type() == TaskType.MAP && last.state() == AttemptState.SUCCEEDED && last.cpuMs() > 0) {
        byNode.computeIfAbsent(a.node(), n -> new ArrayList<>()).add(last.cpuMs() / 1000.0);
      }
    }
    return byNode;
  }

  private MapCapacity capacity() {
    return new MapCapacity(attempts.values(), totalMaps, latestMs, firstReducerMs());
  }

  /**
   * Mean map progress rate (progress per second) of the live map attempts of each node, as Hadoop
   * and Tarazu measure it: progress over time since launch. Nodes that ran no measurable map are
   * absent.
   */
  public Map<String, Double> nodeMapRates() {
    return capacity().nodeMapRates();
  }

  /**
   * Map work each node gets done per second: the number of maps it runs at once (its peak while
   * maps waited) times the rate of one of its maps ({@link MapCapacity}).
   */
  public Map<String, Double> nodeMapCapacity() {
    return capacity().nodeMapCapacity();
  }

  /**
   * {@link #nodeMapCapacity()} as it stood at {@code asOfMs}, from the reports received by then.
   */
  public Map<String, Double> nodeMapCapacity(long asOfMs) {
    return capacity().nodeMapCapacity(asOfMs);
  }

  /**
   * How many maps each node runs at once, as {@link #nodeMapCapacity(long)} counts them at {@code
   * asOfMs} (its peak while maps waited for a container, else the typical peak).
   */
  public Map<String, Integer> nodeMapsAtOnce(long asOfMs) {
    return capacity().nodeMapsAtOnce(asOfMs);
  }

  /**
   * Each node's speed: its map capacity as of the launch of the first reducer, or, for a node whose
   * maps had reported no progress by then, as of its first map report with some; once known, it
   * stays ({@link MapCapacity}).
   */
  public Map<String, Double> nodeSpeeds() {
    return capacity().nodeSpeeds();
  }

  /** The largest number of map attempts seen running at once: the job's wave size. */
  public int peakConcurrentMaps() {
    return capacity().peakConcurrentMaps();
  }

  private void buildPrefix() {
    if (prefixTimes != null) {
      return;
    }
    prefixTimes = new long[completedAt.size()];
    prefixMax = new int[completedAt.size()];
    int i = 0;
    int max = 0;
    for (Map.Entry<Long, Integer> e : completedAt.entrySet()) {
      max = Math.max(max, e.getValue());
      prefixTimes[i] = e.getKey();
      prefixMax[i] = max;
      i++;
    }
  }

  /** Index of the last time at or before {@code timeMs}, or -1. */
  private int upperIndex(long timeMs) {
    int lo = 0;
    int hi = prefixTimes.length - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (prefixTimes[mid] <= timeMs) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}
