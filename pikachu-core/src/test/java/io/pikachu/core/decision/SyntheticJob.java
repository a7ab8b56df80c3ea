package io.pikachu.core.decision;

import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.Reports;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A small discrete-time model of a MapReduce job on a heterogeneous cluster that emits the status
 * reports an AM would receive. Map slots pull maps from one queue (so fast nodes run more maps, as
 * in section 2.3.2); each reducer copies completed map outputs at up to its node's shuffle
 * capacity; its CPU utilisation is proportional to the fraction of that capacity it uses. The true
 * partition ratio of two classes is therefore the ratio of their shuffle capacities, which equation
 * 2.1 should recover and D3 (observed rates) should not.
 */
public final class SyntheticJob {

  static final long STEP_MS = 100;

  record Node(
      String id, double mapSpeed, int mapSlots, double shuffleCapacity, double cpuAtCapacity) {}

  private record ReducerSpec(
      int index, String node, double startFraction, long killAtMs, String restartNode) {}

  private final Map<String, Node> nodes = new LinkedHashMap<>();
  private final List<ReducerSpec> reducers = new ArrayList<>();
  private int totalMaps = 400;
  private double baseMapSeconds = 10;
  private double slowstart = 0.05;
  private long reportIntervalMs = 3000;
  private double noise = 0.5;
  private long seed = 1;
  private long tailMs = 15_000;
  private boolean speculateMaps;
  private final Map<String, Long> firstReportDelayMs = new LinkedHashMap<>();
  private final Map<String, Long> mapStartMs = new LinkedHashMap<>();
  private final Map<String, Double> mapCpuCores = new LinkedHashMap<>();

  public SyntheticJob node(
      String id, double mapSpeed, int mapSlots, double shuffleCapacity, double cpuAtCapacity) {
    nodes.put(id, new Node(id, mapSpeed, mapSlots, shuffleCapacity, cpuAtCapacity));
    return this;
  }

  public SyntheticJob maps(int total, double baseSeconds) {
    this.totalMaps = total;
    this.baseMapSeconds = baseSeconds;
    return this;
  }

  public SyntheticJob reducer(String node) {
    return lateReducer(node, slowstart);
  }

  /** A reducer that starts only once {@code startFraction} of the maps have completed. */
  public SyntheticJob lateReducer(String node, double startFraction) {
    reducers.add(new ReducerSpec(reducers.size(), node, startFraction, -1, null));
    return this;
  }

  /**
   * A reducer whose first attempt is killed at {@code killAtMs} and rerun on {@code restartNode}.
   */
  public SyntheticJob killedReducer(String node, long killAtMs, String restartNode) {
    reducers.add(new ReducerSpec(reducers.size(), node, slowstart, killAtMs, restartNode));
    return this;
  }

  /**
   * Once no map waits, a free slot copies the running map that would end last if a copy there would
   * end sooner, as Hadoop's speculator does (one copy per map); the first attempt of a map to end
   * wins and the other is killed. A slow node's only map can so end killed: the node ran no map.
   */
  public SyntheticJob speculateMaps() {
    this.speculateMaps = true;
    return this;
  }

  /**
   * Reducers on {@code node} send their first status report {@code delayMs} after launch instead of
   * one report interval: a reducer JVM on a 0.25-core node of the embedded cluster took 20 s. Until
   * then the controller knows the reducer from the AM adapter's launch report (phase STARTING).
   */
  public SyntheticJob firstReducerReportAfter(String node, long delayMs) {
    firstReportDelayMs.put(node, delayMs);
    return this;
  }

  /**
   * Maps on {@code node} spend {@code delayMs} starting their JVM before they read input or report
   * (about 20 s on a 0.15-core node of the embedded cluster): until then the job cannot measure the
   * node.
   */
  public SyntheticJob mapStartOn(String node, long delayMs) {
    mapStartMs.put(node, delayMs);
    return this;
  }

  /**
   * Maps on {@code node} report a CPU counter: {@code cores} CPU-seconds per second from the end of
   * their JVM start (as Hadoop's counter, which leaves the start out). Without it maps report no
   * CPU, as the recorded synthetic traces do.
   */
  public SyntheticJob mapCpu(String node, double cores) {
    mapCpuCores.put(node, cores);
    return this;
  }

  public SyntheticJob noise(double noise) {
    this.noise = noise;
    return this;
  }

  public SyntheticJob seed(long seed) {
    this.seed = seed;
    return this;
  }

  public int numReducers() {
    return reducers.size();
  }

  Node node(String id) {
    return nodes.get(id);
  }

  private static final class RunningMap {
    int index;
    int attempt;
    String node;
    long launch;
    long duration;
    long nextReport;
  }

  private static final class RunningReducer {
    ReducerSpec spec;
    String node;
    int attempt;
    long launch = -1;
    double copied;
    double share = 1.0;
    double cpuMs;
    long nextReport;
    boolean done;
  }

  /**
   * What the job's reducers own, in closed loop with a controller: every report goes to it as it is
   * made, and each step asks it for every reducer's share of the bins.
   */
  public interface Feedback {
    Feedback NONE =
        new Feedback() {
          @Override
          public void report(StatusReport r) {}

          @Override
          public double share(int reducer, long t) {
            return 1.0;
          }
        };

    void report(StatusReport r);

    /** Reducer {@code reducer}'s bins at time {@code t}, relative to the even map's. */
    double share(int reducer, long t);
  }

  /**
   * Runs the job until every reducer has copied every map output (plus a short tail) and returns
   * the reports; every reducer owns the even share of the bins throughout.
   */
  public List<StatusReport> run() {
    return run(Feedback.NONE);
  }

  /**
   * Runs the job in closed loop: a reducer with share s copies a map's output in s times the time
   * it takes under the even map, and a reducer that gains bins must copy its gained part of every
   * map it had copied again.
   */
  public List<StatusReport> run(Feedback feedback) {
    Random random = new Random(seed);
    List<StatusReport> out =
        new ArrayList<>() {
          @Override
          public boolean add(StatusReport r) {
            feedback.report(r);
            return super.add(r);
          }
        };
    Deque<Integer> queue = new ArrayDeque<>();
    for (int i = 0; i < totalMaps; i++) {
      queue.add(i);
    }
    Map<String, List<RunningMap>> slots = new LinkedHashMap<>();
    nodes.keySet().forEach(n -> slots.put(n, new ArrayList<>()));
    List<RunningReducer> rs = new ArrayList<>();
    for (ReducerSpec spec : reducers) {
      RunningReducer r = new RunningReducer();
      r.spec = spec;
      r.node = spec.node();
      rs.add(r);
    }
    int completed = 0;
    long allDoneAt = -1;
    for (long t = 0; ; t += STEP_MS) {
      // Maps: finish, report, refill slots.
      for (Map.Entry<String, List<RunningMap>> e : slots.entrySet()) {
        for (var it = e.getValue().iterator(); it.hasNext(); ) {
          RunningMap m = it.next();
          if (t >= m.launch + m.duration) {
            completed++;
            out.add(mapReport(t, m, 1.0, AttemptState.SUCCEEDED, completed));
            it.remove();
            killOtherAttempts(slots, m, t, completed, out);
          } else if (t >= m.nextReport) {
            out.add(
                mapReport(
                    t, m, (double) (t - m.launch) / m.duration, AttemptState.RUNNING, completed));
            m.nextReport += reportIntervalMs;
          }
        }
      }
      for (Map.Entry<String, List<RunningMap>> e : slots.entrySet()) {
        Node node = nodes.get(e.getKey());
        while (e.getValue().size() < node.mapSlots() && !queue.isEmpty()) {
          e.getValue().add(launch(queue.poll(), 0, node, t, random));
        }
        if (speculateMaps && queue.isEmpty() && e.getValue().size() < node.mapSlots()) {
          RunningMap straggler = copyable(slots, node, t);
          if (straggler != null) {
            e.getValue().add(launch(straggler.index, 1, node, t, random));
          }
        }
      }
      if (completed == totalMaps && allDoneAt < 0) {
        allDoneAt = t;
      }
      // Reducers: start, copy, burn CPU, report.
      boolean allCopied = true;
      for (RunningReducer r : rs) {
        if (r.launch < 0) {
          if (completed >= r.spec.startFraction() * totalMaps) {
            r.launch = t;
            r.nextReport = t + firstReportDelayMs.getOrDefault(r.node, reportIntervalMs);
            if (firstReportDelayMs.containsKey(r.node)) {
              // The AM adapter's report of an attempt it launched, before the attempt reports.
              out.add(launchReport(t, r, completed));
            }
          } else {
            allCopied = false;
            continue;
          }
        }
        if (r.spec.killAtMs() >= 0 && r.attempt == 0 && t >= r.spec.killAtMs()) {
          out.add(reduceReport(t, r, AttemptState.KILLED, completed));
          r.attempt = 1;
          r.node = r.spec.restartNode();
          r.launch = t;
          r.copied = 0;
          r.cpuMs = 0;
          r.nextReport = t + reportIntervalMs;
        }
        Node node = nodes.get(r.node);
        double share = feedback.share(r.spec.index(), t);
        if (share > r.share) {
          r.copied *= r.share / share; // the gained bins of copied maps are fetched again
        }
        r.share = share;
        double capacity = node.shuffleCapacity() * STEP_MS / 1000.0 / share;
        double step = Math.min(capacity, completed - r.copied);
        r.copied += step;
        double cpuNoise = 1 + noise * 0.3 * (random.nextDouble() - 0.5);
        r.cpuMs += node.cpuAtCapacity() * (step / capacity) * STEP_MS * cpuNoise;
        if (t >= r.nextReport && !r.done) {
          boolean finished = r.copied >= totalMaps - 1e-9;
          out.add(reduceReport(t, r, AttemptState.RUNNING, completed));
          r.nextReport += reportIntervalMs;
          r.done = finished;
        }
        allCopied &= r.done;
      }
      if (allCopied && allDoneAt >= 0 && t >= allDoneAt + tailMs) {
        return out;
      }
      if (t > 3_600_000) {
        throw new IllegalStateException(
            "synthetic job did not finish within an hour of simulated time");
      }
    }
  }

  private RunningMap launch(int index, int attempt, Node node, long t, Random random) {
    RunningMap m = new RunningMap();
    m.index = index;
    m.attempt = attempt;
    m.node = node.id();
    m.launch = t;
    double jitter = 1 + noise * (random.nextDouble() - 0.5);
    long start = mapStartMs.getOrDefault(node.id(), 0L);
    m.duration =
        start + Math.max(STEP_MS, Math.round(baseMapSeconds * 1000 / node.mapSpeed() * jitter));
    m.nextReport = t + start + reportIntervalMs;
    return m;
  }

  /** The running map that would end last, if a copy on {@code node} would end before it. */
  private RunningMap copyable(Map<String, List<RunningMap>> slots, Node node, long t) {
    RunningMap last = null;
    for (List<RunningMap> running : slots.values()) {
      for (RunningMap m : running) {
        boolean copied =
            slots.values().stream()
                .flatMap(List::stream)
                .anyMatch(o -> o != m && o.index == m.index);
        if (!copied && (last == null || m.launch + m.duration > last.launch + last.duration)) {
          last = m;
        }
      }
    }
    long copyEnds = t + Math.round(baseMapSeconds * 1000 / node.mapSpeed());
    return last != null && !last.node.equals(node.id()) && copyEnds < last.launch + last.duration
        ? last
        : null;
  }

  private void killOtherAttempts(
      Map<String, List<RunningMap>> slots,
      RunningMap winner,
      long t,
      int completed,
      List<StatusReport> out) {
    for (List<RunningMap> running : slots.values()) {
      for (var it = running.iterator(); it.hasNext(); ) {
        RunningMap m = it.next();
        if (m.index == winner.index) {
          out.add(
              mapReport(
                  t, m, (double) (t - m.launch) / m.duration, AttemptState.KILLED, completed));
          it.remove();
        }
      }
    }
  }

  private StatusReport mapReport(
      long t, RunningMap m, double progress, AttemptState state, int completed) {
    long running = t - m.launch - mapStartMs.getOrDefault(m.node, 0L);
    long cpuMs = Math.round(Math.max(0, running) * mapCpuCores.getOrDefault(m.node, 0.0));
    return Reports.map(
            t, String.format("attempt_sim_m_%06d_%d", m.index, m.attempt), m.index, m.node)
        .state(state)
        .cpuMs(cpuMs)
        .progress(Math.min(1.0, progress))
        .mapsCompleted(completed)
        .totalMaps(totalMaps)
        .launchTimeMs(m.launch)
        .build();
  }

  private StatusReport launchReport(long t, RunningReducer r, int completed) {
    return Reports.reduce(
            t,
            String.format("attempt_sim_r_%06d_%d", r.spec.index(), r.attempt),
            r.spec.index(),
            r.node)
        .phase(TaskPhase.STARTING)
        .mapsCompleted(completed)
        .totalMaps(totalMaps)
        .launchTimeMs(t)
        .build();
  }

  private StatusReport reduceReport(long t, RunningReducer r, AttemptState state, int completed) {
    int copied = (int) Math.floor(r.copied + 1e-9);
    TaskPhase phase = copied >= totalMaps ? TaskPhase.SORT : TaskPhase.SHUFFLE;
    return Reports.reduce(
            t,
            String.format("attempt_sim_r_%06d_%d", r.spec.index(), r.attempt),
            r.spec.index(),
            r.node)
        .phase(phase)
        .state(state)
        .progress(copied / (3.0 * totalMaps))
        .mapsCopied(copied)
        .mapsCompleted(completed)
        .totalMaps(totalMaps)
        .cpuMs(Math.round(r.cpuMs))
        .launchTimeMs(r.launch)
        .build();
  }
}
