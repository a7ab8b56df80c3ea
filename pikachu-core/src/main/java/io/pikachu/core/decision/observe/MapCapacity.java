package io.pikachu.core.decision.observe;

import io.pikachu.core.time.Overlap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * How fast each node does map work, read from a job's map attempts: the measurement behind node
 * speeds (docs/controller.md, section 2). {@link JobObserver} keeps the reports; this reads them.
 */
final class MapCapacity {

  /**
   * The share of a map's progress that Hadoop gives to reading its input when the job has reducers.
   */
  private static final double MAP_PHASE_SHARE = 2 / 3.0;

  private final Collection<AttemptHistory> attempts;
  private final int totalMaps;
  private final long latestMs;
  private final OptionalLong firstReducerMs;

  MapCapacity(
      Collection<AttemptHistory> attempts,
      int totalMaps,
      long latestMs,
      OptionalLong firstReducerMs) {
    this.attempts = attempts;
    this.totalMaps = totalMaps;
    this.latestMs = latestMs;
    this.firstReducerMs = firstReducerMs;
  }

  /**
   * Mean map progress rate (progress per second) of the live map attempts of each node, as Hadoop
   * and Tarazu measure it: progress over time since launch. Nodes that ran no measurable map are
   * absent.
   */
  Map<String, Double> nodeMapRates() {
    Map<String, double[]> sums = new HashMap<>();
    for (AttemptHistory a : attempts) {
      if (a.type() != TaskType.MAP || a.isDead()) {
        continue;
      }
      double rate = mapProgressRate(a);
      if (Double.isFinite(rate) && rate > 0) {
        double[] s = sums.computeIfAbsent(a.node(), n -> new double[2]);
        s[0] += rate;
        s[1]++;
      }
    }
    Map<String, Double> rates = new TreeMap<>();
    sums.forEach((node, s) -> rates.put(node, s[0] / s[1]));
    return rates;
  }

  /**
   * Map work each node gets done per second: the number of maps it runs at once (its peak so far)
   * times the rate of one of its maps. Unlike {@link #nodeMapRates()} this sees a node's capacity:
   * with map slots proportional to cores, as on the paper's clusters, a fast node's map tasks run
   * no faster than a slow node's, but it runs more of them at once.
   */
  Map<String, Double> nodeMapCapacity() {
    return nodeMapCapacity(Long.MAX_VALUE);
  }

  /**
   * Each node's speed: its map capacity as of the launch of the first reducer, or, for a node whose
   * maps had reported no progress by then, as of its first map report with some. Until then the
   * maps have the nodes to themselves. Measured later, capacity is skewed: reducer JVMs starting
   * beside the maps take CPU from them, proportionally more on a slow node. Once a node has a
   * speed, later reports do not change it: not even the death of the attempts it was measured by (a
   * slow node's only map, killed when a speculative copy elsewhere won, still measured the node
   * while it ran, and forgetting it would make the node unknown just when the maps end).
   */
  Map<String, Double> nodeSpeeds() {
    Map<String, Double> now = nodeMapCapacity();
    OptionalLong t1 = firstReducerMs;
    if (!t1.isPresent()) {
      return new TreeMap<>(now);
    }
    Map<String, Double> early = nodeMapCapacity(t1.getAsLong());
    // Only nodes without a speed at T_1 need their first progress, so only their reports are
    // walked; attempts that died since count, as they were alive at that report.
    Map<String, Long> firstProgress = new HashMap<>();
    for (AttemptHistory a : attempts) {
      if (a.type() == TaskType.MAP && !early.containsKey(a.node())) {
        a.samples().values().stream()
            .filter(r -> r.progress() > 0 && !r.state().isDead())
            .findFirst()
            .ifPresent(r -> firstProgress.merge(a.node(), r.timeMs(), Math::min));
      }
    }
    Map<String, Double> speeds = new TreeMap<>(early);
    firstProgress.forEach(
        (node, at) -> {
          Double then = nodeMapCapacity(at).get(node);
          if (then != null) {
            speeds.put(node, then);
          }
        });
    now.forEach(speeds::putIfAbsent);
    return speeds;
  }

  /**
   * {@link #nodeMapCapacity()} as it stood at {@code asOfMs}, from the reports received by then. A
   * map's rate is 1 / its duration once it has succeeded; a node's rate is the mean over its
   * succeeded maps, or, while it has none, over its running maps, each the share of its input read
   * over its age. Running maps are a fallback because their progress misleads near the end: Hadoop
   * reports a map with reducers as 2/3 done once it has read its input and holds it there while the
   * map merges its spills, and small maps have been seen reporting 0 three quarters into their
   * life. Summing such progress, as an earlier version did, read a fast node whose four maps were
   * all ending as 3.3 slow nodes' worth against 4. The price is a small bias: the first of a wave
   * to succeed are its quicker maps (docs/controller.md, section 2, has the replayed figures).
   */
  Map<String, Double> nodeMapCapacity(long asOfMs) {
    Map<String, List<AttemptHistory>> byNode = mapsByNode(asOfMs);
    Map<String, Integer> atOnce = mapsAtOnce(byNode, asOfMs);
    Map<String, Double> capacity = new TreeMap<>();
    byNode.forEach(
        (node, maps) -> {
          double rate = meanMapRate(maps, asOfMs);
          if (rate > 0) {
            capacity.put(node, rate * atOnce.get(node));
          }
        });
    return capacity;
  }

  /**
   * How many maps each node runs at once as {@link #nodeMapCapacity(long)} counts them at {@code
   * asOfMs}: its peak while maps waited, or the typical peak of the nodes seen full.
   */
  Map<String, Integer> nodeMapsAtOnce(long asOfMs) {
    return mapsAtOnce(mapsByNode(asOfMs), asOfMs);
  }

  private Map<String, List<AttemptHistory>> mapsByNode(long asOfMs) {
    Map<String, List<AttemptHistory>> byNode = new TreeMap<>();
    for (AttemptHistory a : attempts) {
      if (a.type() == TaskType.MAP && a.atOrBefore(asOfMs).isPresent()) {
        byNode.computeIfAbsent(a.node(), n -> new ArrayList<>()).add(a);
      }
    }
    return byNode;
  }

  private Map<String, Integer> mapsAtOnce(Map<String, List<AttemptHistory>> byNode, long asOfMs) {
    Map<String, Integer> full = concurrencyWhileMapsWaited(byNode, asOfMs);
    List<Integer> known =
        full.values().stream().filter(k -> k > 0).sorted().collect(Collectors.toList());
    int typical = known.isEmpty() ? 1 : known.get(known.size() / 2);
    Map<String, Integer> atOnce = new TreeMap<>();
    full.forEach((node, k) -> atOnce.put(node, k > 0 ? k : typical));
    return atOnce;
  }

  /**
   * The most maps each node ran at once while some map of the job waited for a container: a node is
   * known to be full only then. Once every map has started, how many run where is the scheduler's
   * placement (YARN packs a small job onto few nodes), not the nodes' capacity, and two equal nodes
   * would look unequal. Maps that all started before any finished ran in one wave: none of them
   * waited for a container, only for the scheduler's next heartbeat, so no node is known to be
   * full. A node never seen full counts as 0; its caller takes the typical count of the nodes that
   * were, so equal nodes stay equal, and a job whose maps ran in one wave is compared by its maps'
   * rates alone.
   */
  private Map<String, Integer> concurrencyWhileMapsWaited(
      Map<String, List<AttemptHistory>> byNode, long asOfMs) {
    Map<Integer, Long> firstLaunch = new HashMap<>();
    long firstSuccess = Long.MAX_VALUE;
    for (List<AttemptHistory> maps : byNode.values()) {
      for (AttemptHistory a : maps) {
        firstLaunch.merge(a.taskIndex(), a.startMs(), Math::min);
        StatusReport last = a.atOrBefore(asOfMs).get();
        if (last.state() == AttemptState.SUCCEEDED) {
          firstSuccess = Math.min(firstSuccess, last.timeMs());
        }
      }
    }
    long lastLaunch = firstLaunch.values().stream().mapToLong(Long::longValue).max().orElse(asOfMs);
    long waitedUntil;
    if (firstLaunch.size() < totalMaps) {
      waitedUntil = asOfMs; // maps are waiting now
    } else if (lastLaunch > firstSuccess) {
      waitedUntil = lastLaunch; // the last map to start waited for a container to free up
    } else {
      waitedUntil = Long.MIN_VALUE; // one wave: no map waited for a container
    }
    Map<String, Integer> full = new TreeMap<>();
    byNode.forEach((node, maps) -> full.put(node, peakConcurrent(maps, asOfMs, waitedUntil)));
    return full;
  }

  private static double meanMapRate(List<AttemptHistory> maps, long asOfMs) {
    double[] succeeded = new double[2];
    double[] running = new double[2];
    for (AttemptHistory a : maps) {
      StatusReport last = a.atOrBefore(asOfMs).get();
      if (last.state().isDead() || last.timeMs() <= a.startMs()) {
        continue;
      }
      boolean done = last.state() == AttemptState.SUCCEEDED;
      double inputRead = done ? 1 : Math.min(1, last.progress() / MAP_PHASE_SHARE);
      if (inputRead > 0) {
        double[] sum = done ? succeeded : running;
        sum[0] += inputRead * 1000.0 / (last.timeMs() - a.startMs());
        sum[1]++;
      }
    }
    double[] use = succeeded[1] > 0 ? succeeded : running;
    return use[1] > 0 ? use[0] / use[1] : 0;
  }

  private static double mapProgressRate(AttemptHistory a) {
    StatusReport last = a.last();
    if (a.hasLaunchTime() && last.timeMs() > a.startMs()) {
      return last.progress() * 1000.0 / (last.timeMs() - a.startMs());
    }
    StatusReport first = a.first();
    if (last.timeMs() > first.timeMs()) {
      return (last.progress() - first.progress()) * 1000.0 / (last.timeMs() - first.timeMs());
    }
    return Double.NaN;
  }

  /**
   * The largest number of map attempts seen running at once: the job's wave size. An attempt runs
   * from its launch (or first report) to its last report if it has ended, else to the latest report
   * of the job.
   */
  int peakConcurrentMaps() {
    return peakConcurrent(
        attempts.stream().filter(a -> a.type() == TaskType.MAP).collect(Collectors.toList()),
        Long.MAX_VALUE);
  }

  /**
   * The most of {@code maps} running at once up to {@code asOfMs}, counting an attempt's reports up
   * to then.
   */
  private int peakConcurrent(List<AttemptHistory> maps, long asOfMs) {
    return peakConcurrent(maps, asOfMs, Long.MAX_VALUE);
  }

  /** {@link #peakConcurrent(List, long)} counting only the time before {@code untilMs}. */
  private int peakConcurrent(List<AttemptHistory> maps, long asOfMs, long untilMs) {
    List<long[]> spans = new ArrayList<>();
    for (AttemptHistory a : maps) {
      Optional<StatusReport> last = a.atOrBefore(asOfMs);
      if (last.isPresent() && a.startMs() < untilMs) {
        boolean ended = last.get().state().isDead() || last.get().state() == AttemptState.SUCCEEDED;
        long end = ended ? last.get().timeMs() : Math.min(latestMs, asOfMs);
        spans.add(new long[] {a.startMs(), Math.min(end, untilMs)});
      }
    }
    return Overlap.peak(
        spans.stream().mapToLong(x -> x[0]).toArray(),
        spans.stream().mapToLong(x -> x[1]).toArray());
  }
}
