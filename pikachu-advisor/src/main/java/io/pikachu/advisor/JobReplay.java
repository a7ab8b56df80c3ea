package io.pikachu.advisor;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.sim.calib.RunPlugin;
import io.pikachu.sim.calib.Stats;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.engine.Simulation;
import io.pikachu.sim.model.AppProfile;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import io.pikachu.sim.model.ReducerLaunch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;

/**
 * Replays one job in the simulator, as it ran and as it would have run the other way: a stock job
 * with Pikachu's two-stage controller, a job that ran under Pikachu as stock.
 *
 * <p>From the history alone: each node's slots (the most attempts of a kind it ran at once), its
 * map throughput (slots over the median duration of its maps that ended before the first reducer
 * started, or else of those launched before it, or else of all its maps), and its per-core speed
 * (the median CPU per input MB of all maps over that of its own: a faster core spends less CPU on
 * the same bytes); its capacity is the throughput times a map's work, its cores that capacity over
 * its per-core speed. Speeds within {@link #EQUAL_SPEED_BAND} of the median are taken as equal (the
 * counters' own scatter). The job's maps' input, output ratio, and CPU per MB of maps and reducers
 * (counters, at the reference speed; a job with bins also gives its reducers' fixed CPU, {@link
 * ReducerCpu}); the AM's start and the container delay and the first reducers' launch delay ({@link
 * ReducerLaunch}). Two costs no history shows, a map's and a reducer's JVM start, are fitted so
 * that the simulated job as it ran matches the measured one (its time, map phase and reduce tail).
 * Then the other way runs; the prediction is the measured time scaled by the simulated ratio.
 */
public final class JobReplay {

  /** A reducer's share of its per-MB CPU spent copying, as fitted on the embedded cluster. */
  static final double SHUFFLE_SHARE = 0.06;

  /** Simulations the fit may run per job. */
  static final int FIT_EVALUATIONS = 40;

  /** Node memory when the history cannot tell (it never does): ample, so no extra disk merge. */
  static final double MEMORY_MB = 8192;

  /** Network when the history cannot tell: 1 Gbps. */
  static final double NET_MB_PER_S = 125;

  /**
   * Per-core speeds within this share of the median are one speed: the maps' CPU counters on one
   * node of one run scatter by 8% (log sigma; the suite's 2026-11-25 stock runs), so a node's
   * median over a few maps does by several per cent.
   */
  static final double EQUAL_SPEED_BAND = 0.15;

  /**
   * Room over the nodes' speed ratio that bins' rounding may take P to before it is implausible.
   */
  static final double P_LIMIT_MARGIN = 1.25;

  /** The replay's outcome. */
  public static final class Result {
    /** The simulated job as it ran (stock, or under Pikachu). */
    public final SimResult asRan;

    /** The simulated job the other way. */
    public final SimResult otherWay;

    /** The partition ratio Pikachu's final map applied (as replayed, or as it ran). */
    public final double p;

    /** The simulated job as it ran, over the measured one, - 1. */
    public final double fitError;

    public final String notes;

    /** Per-core speed and core count as inferred, in words. */
    public final String nodes;

    /** Why P was limited, or null. */
    public final String pLimit;

    Result(
        SimResult asRan,
        SimResult otherWay,
        double p,
        double fitError,
        String notes,
        String nodes,
        String pLimit) {
      this.asRan = asRan;
      this.otherWay = otherWay;
      this.p = p;
      this.fitError = fitError;
      this.notes = notes;
      this.nodes = nodes;
      this.pLimit = pLimit;
    }
  }

  private final JobHistory job;
  private final boolean underPikachu;
  private final boolean mapCopiesByNodeSpeed;
  private final ClusterSpec cluster;
  private final double[] inputMb;
  private final double outputRatio;
  private final double mapCpuPerMb;
  private final double reduceCpuPerMb;
  private final double binsFixedCoreS;
  private final Platform platform;

  /** The node profile the replayed controller starts from. */
  private final Map<String, Double> profile;

  private final Map<String, Double> throughput;
  private final Map<String, Double> speed;
  private final List<String> notes = new ArrayList<String>();
  private String nodesSummary;

  JobReplay(JobHistory job) {
    this(job, java.util.Collections.<String, Double>emptyMap(), false);
  }

  /**
   * @param profile the node profile the cluster held when the job started ({@link ReplayProfile}),
   *     which the replayed controller starts from
   * @param pluginOfItsTime replay a stock job's Pikachu twin with the plugin of the job's time (as
   *     a twin run then ran), not today's; a job that ran under Pikachu is always replayed with its
   *     own
   */
  JobReplay(JobHistory job, Map<String, Double> profile, boolean pluginOfItsTime) {
    this.job = job;
    this.profile = profile;
    // Only one of the two replays runs the controller: a Pikachu job as it ran, or a stock job's
    // twin. The AM's map estimates by node speed (since 2026-11-27) decide which maps are copied.
    this.underPikachu = job.ranWithBins();
    this.mapCopiesByNodeSpeed =
        !(underPikachu || pluginOfItsTime) || RunPlugin.mapCopiesByNodeSpeed(job.jobId());
    List<JobHistory.Attempt> maps = job.successful(false);
    List<JobHistory.Attempt> reds = job.successful(true);
    Map<String, int[]> slots = new TreeMap<String, int[]>();
    Map<String, List<Double>> durations = new TreeMap<String, List<Double>>();
    Map<String, List<Double>> cpuPerMb = new TreeMap<String, List<Double>>();
    for (JobHistory.Attempt a : job.attempts()) {
      if (!slots.containsKey(a.node)) {
        slots.put(a.node, new int[2]);
        durations.put(a.node, new ArrayList<Double>());
        cpuPerMb.put(a.node, new ArrayList<Double>());
      }
    }
    for (String node : slots.keySet()) {
      slots.get(node)[0] = peak(job.attempts(), node, false);
      slots.get(node)[1] = peak(job.attempts(), node, true);
    }
    double in = 0;
    inputMb = new double[Math.max(1, maps.size())];
    long firstReducer = Long.MAX_VALUE;
    for (JobHistory.Attempt a : reds) {
      firstReducer = Math.min(firstReducer, a.start);
    }
    Map<String, List<Double>> early = new TreeMap<String, List<Double>>();
    Map<String, List<Double>> launchedEarly = new TreeMap<String, List<Double>>();
    List<Double> allMapCpu = new ArrayList<Double>();
    for (int i = 0; i < maps.size(); i++) {
      JobHistory.Attempt a = maps.get(i);
      inputMb[i] = a.inputMb;
      in += a.inputMb;
      double d = (a.finish - a.start) / 1000.0;
      durations.get(a.node).add(d);
      if (a.finish <= firstReducer) {
        early.computeIfAbsent(a.node, k -> new ArrayList<Double>()).add(d);
      }
      if (a.start < firstReducer) {
        launchedEarly.computeIfAbsent(a.node, k -> new ArrayList<Double>()).add(d);
      }
      if (a.inputMb > 0 && a.cpuS > 0) {
        cpuPerMb.get(a.node).add(a.cpuS / a.inputMb);
        allMapCpu.add(a.cpuS / a.inputMb);
      }
    }
    speed = coreSpeeds(cpuPerMb, allMapCpu);
    List<Double> mapCpu = new ArrayList<Double>();
    for (JobHistory.Attempt a : maps) {
      if (a.inputMb > 0) {
        mapCpu.add(a.cpuS / a.inputMb * speed.get(a.node));
      }
    }
    double shuffled = 0;
    List<double[]> redCpu = new ArrayList<double[]>();
    for (JobHistory.Attempt a : reds) {
      shuffled += a.shuffleMb;
      redCpu.add(new double[] {a.shuffleMb, a.cpuS * speed.get(a.node)});
    }
    if (in <= 0) {
      notes.add("the maps' counters show no input bytes; each map taken as 1 MB");
      for (int i = 0; i < inputMb.length; i++) {
        inputMb[i] = 1;
      }
      in = inputMb.length;
    }
    outputRatio = shuffled / in;
    mapCpuPerMb = mapCpu.isEmpty() ? 0 : Stats.median(mapCpu);
    ReducerCpu cpu = ReducerCpu.of(underPikachu, redCpu);
    reduceCpuPerMb = cpu.perMb;
    binsFixedCoreS = cpu.binsFixedCoreS;
    if (cpu.note != null) {
      notes.add(cpu.note);
    }
    throughput = new LinkedHashMap<String, Double>();
    // A node's maps before the reducers start had it to themselves, as the controller measures it.
    // A one-slot node's first map often ends just after the first reducer's launch; its later maps
    // share the node with a reducer's JVM start and shuffle, so that map, not their median, is its
    // throughput (on the five-node histories of 2026-11-29 the replay otherwise split the two equal
    // slow nodes and chose P 4-5.4 where the real controller applied 3.4-3.6).
    for (Map.Entry<String, List<Double>> e : durations.entrySet()) {
      List<Double> d =
          early.containsKey(e.getKey())
              ? early.get(e.getKey())
              : launchedEarly.getOrDefault(e.getKey(), e.getValue());
      if (!d.isEmpty()) {
        throughput.put(e.getKey(), slots.get(e.getKey())[0] / Stats.median(d));
      }
    }
    List<Double> known = new ArrayList<Double>(throughput.values());
    double typical = known.isEmpty() ? 1 : Stats.median(known);
    List<NodeSpec> nodes = new ArrayList<NodeSpec>();
    List<String> unmeasured = new ArrayList<String>();
    for (Map.Entry<String, int[]> e : slots.entrySet()) {
      if (!throughput.containsKey(e.getKey())) {
        throughput.put(e.getKey(), typical);
        unmeasured.add(e.getKey());
      }
      // cores follow from the fitted capacity in model()
      nodes.add(
          NodeSpec.builder(e.getKey())
              .nodeClass("node")
              .coreSpeed(speed.get(e.getKey()))
              .mapSlots(Math.max(1, e.getValue()[0]))
              .reduceSlots(Math.max(1, e.getValue()[1]))
              .memoryMb(MEMORY_MB)
              .netMbPerS(NET_MB_PER_S)
              .build());
    }
    if (!unmeasured.isEmpty()) {
      notes.add("nodes that ran no map taken at the median map throughput: " + unmeasured);
    }
    cluster = ClusterSpec.of(job.jobId(), nodes);
    platform =
        Platform.defaults()
            .withDelays(amStart(job), containerDelay(job), reducerLaunchDelay(job))
            .withBinsPostShuffle(binsFixedCoreS, 1)
            .toBuilder()
            // A history has no map progress; the clusters advise was validated on reported 0
            // until a map ended, so the AM measured a node by its first finished map (Platform).
            .mapProgressWhileRunning(false)
            .build();
  }

  /**
   * Each node's per-core speed: the median CPU per input MB over all maps, over the node's own
   * median (a core twice as fast spends half the CPU on the same bytes); 1 for a node without maps,
   * and 1 for all when every node is within {@link #EQUAL_SPEED_BAND} of the median.
   */
  private Map<String, Double> coreSpeeds(Map<String, List<Double>> cpuPerMb, List<Double> all) {
    Map<String, Double> s = new TreeMap<String, Double>();
    double ref = all.isEmpty() ? Double.NaN : Stats.median(all);
    boolean differ = false;
    for (Map.Entry<String, List<Double>> e : cpuPerMb.entrySet()) {
      double v = e.getValue().isEmpty() || !(ref > 0) ? 1 : ref / Stats.median(e.getValue());
      s.put(e.getKey(), v);
      differ |= Math.abs(v - 1) > EQUAL_SPEED_BAND;
    }
    if (!differ) {
      for (String n : s.keySet()) {
        s.put(n, 1.0);
      }
    }
    return s;
  }

  /** The node each reducer's successful attempt ran on, by reducer: the replay places them so. */
  private List<String> reducerNodes() {
    String[] at = new String[job.totalReduces()];
    java.util.Arrays.fill(at, "");
    for (JobHistory.Attempt a : job.successful(true)) {
      if (a.task >= 0 && a.task < at.length) {
        at[a.task] = a.node;
      }
    }
    return java.util.Arrays.asList(at);
  }

  /** The most attempts of a kind the node ran at once. */
  static int peak(List<JobHistory.Attempt> attempts, String node, boolean reduce) {
    List<long[]> spans = new ArrayList<long[]>();
    for (JobHistory.Attempt a : attempts) {
      if (a.node.equals(node) && a.reduce == reduce && a.finish > a.start) {
        spans.add(new long[] {a.start, a.finish});
      }
    }
    int best = 0;
    for (long[] s : spans) {
      int at = 0;
      for (long[] o : spans) {
        if (o[0] <= s[0] && s[0] < o[1]) {
          at++;
        }
      }
      best = Math.max(best, at);
    }
    return best;
  }

  static double amStart(JobHistory job) {
    long first = Long.MAX_VALUE;
    for (JobHistory.Attempt a : job.attempts()) {
      first = Math.min(first, a.start);
    }
    return first == Long.MAX_VALUE ? 2 : Math.max(0, first / 1000.0);
  }

  /** Median gap between a map's end and the next map's launch on the same node. */
  static double containerDelay(JobHistory job) {
    List<Double> gaps = new ArrayList<Double>();
    List<JobHistory.Attempt> maps = new ArrayList<JobHistory.Attempt>();
    for (JobHistory.Attempt a : job.attempts()) {
      if (!a.reduce) {
        maps.add(a);
      }
    }
    for (JobHistory.Attempt end : maps) {
      double best = Double.MAX_VALUE;
      for (JobHistory.Attempt next : maps) {
        if (next.node.equals(end.node) && next.start >= end.finish) {
          best = Math.min(best, (next.start - end.finish) / 1000.0);
        }
      }
      if (best < 30) {
        gaps.add(best);
      }
    }
    return gaps.isEmpty() ? 1.5 : Stats.median(gaps);
  }

  /**
   * The job's first reducers' launch after the map that met slow start ({@link ReducerLaunch}), or
   * the platform's default where the history cannot show it.
   */
  static double reducerLaunchDelay(JobHistory job) {
    return ReducerLaunch.delayAfterSlowStart(
            job.successful(false).stream().mapToDouble(a -> a.finish / 1000.0).toArray(),
            job.successful(true).stream().mapToDouble(a -> a.start / 1000.0).toArray(),
            Platform.defaults().slowStart())
        .orElse(Platform.defaults().reducerLaunchDelayS());
  }

  /** The model with the JVM starts given: node capacities follow from the map throughputs. */
  Model model(double mapStart, double reduceStart) {
    double meanIn = 0;
    for (double v : inputMb) {
      meanIn += v;
    }
    meanIn /= inputMb.length;
    double mapWork = mapStart + mapCpuPerMb * meanIn;
    List<NodeSpec> nodes = new ArrayList<NodeSpec>();
    for (NodeSpec n : cluster.nodes()) {
      double capacity = mapWork * throughput.get(n.name());
      nodes.add(n.toBuilder().cores(Math.max(0.01, capacity / n.coreSpeed())).build());
    }
    double rest = (1 - SHUFFLE_SHARE) / 2;
    AppProfile app =
        AppProfile.builder(job.name())
            .mapStartCoreS(mapStart)
            .mapCpuPerMb(mapCpuPerMb)
            .mapOutputRatio(outputRatio)
            .reduceStartCoreS(reduceStart)
            .shuffleCpuPerMb(reduceCpuPerMb * SHUFFLE_SHARE)
            .sortCpuPerMb(reduceCpuPerMb * rest)
            .reduceCpuPerMb(reduceCpuPerMb * rest)
            .build();
    JobSpec.Builder spec =
        JobSpec.builder(app, inputMb, job.totalReduces())
            .name(job.jobId())
            .replication(nodes.size())
            .reducerNodes(reducerNodes())
            .nodeProfile(profile);
    if (!mapCopiesByNodeSpeed) {
      spec.pikachu(PikachuKeys.SPECULATIVE_MAPS_BY_NODE_SPEED.name(), "false");
    }
    return new Model(ClusterSpec.of(job.jobId(), nodes), spec.build());
  }

  /** A cluster and a job to simulate. */
  final class Model {
    final ClusterSpec cluster;
    final JobSpec spec;

    Model(ClusterSpec cluster, JobSpec spec) {
      this.cluster = cluster;
      this.spec = spec;
    }

    SimResult run(Method m) {
      return new Simulation(cluster, spec, m, platform).run();
    }

    /**
     * The most P the nodes justify: the fastest node's CPU per reducer over the slowest's, each
     * reducer capped at the cores one reducer uses, among nodes that ran reducers.
     */
    double pLimit() {
      double max = 0;
      double min = Double.MAX_VALUE;
      for (NodeSpec n : cluster.nodes()) {
        if (n.reduceSlots() < 1) {
          continue;
        }
        double perReducer =
            Math.min(n.capacity() / n.reduceSlots(), spec.app().reducerMaxCores() * n.coreSpeed());
        max = Math.max(max, perReducer);
        min = Math.min(min, perReducer);
      }
      return min > 0 && max > 0 ? max / min : 1;
    }
  }

  Result replay() {
    final Method asRan = underPikachu ? Method.TWO_STAGE : Method.STOCK;
    final double job0 = job.jobSeconds();
    final double map0 = Math.max(0.1, job.mapPhaseSeconds());
    final double tail0 = Math.max(0.1, job0 - map0);
    final double[] best = {Math.log(3), Math.log(3), Double.MAX_VALUE};
    MultivariateFunction loss =
        new MultivariateFunction() {
          @Override
          public double value(double[] x) {
            SimResult s = model(Math.exp(bound(x[0])), Math.exp(bound(x[1]))).run(asRan);
            double l =
                sq(Math.log(s.jobSeconds() / job0))
                    + sq(Math.log(s.mapPhaseSeconds() / map0))
                    + sq(Math.log(Math.max(0.1, s.reduceTailSeconds()) / tail0));
            if (l < best[2]) {
              best[0] = x[0];
              best[1] = x[1];
              best[2] = l;
            }
            return l;
          }
        };
    try {
      new SimplexOptimizer(1e-4, 1e-6)
          .optimize(
              new MaxEval(FIT_EVALUATIONS),
              new ObjectiveFunction(loss),
              GoalType.MINIMIZE,
              new InitialGuess(new double[] {best[0], best[1]}),
              new NelderMeadSimplex(new double[] {0.7, 0.7}));
    } catch (TooManyEvaluationsException e) {
      // the best point seen is kept: the fit's budget bounds a long history's run time
    }
    Model m = model(Math.exp(bound(best[0])), Math.exp(bound(best[1])));
    SimResult ran = m.run(asRan);
    String pLimit = null;
    SimResult other;
    double p;
    if (underPikachu) {
      other = m.run(Method.STOCK);
      // The P the job applied, from what its reducers copied (the AM's counters give P relative to
      // a reference class that changed over versions); the replayed controller may split equal
      // nodes that a short window saw apart, and its P is then not the job's.
      double replayed = ran.appliedBinRatio();
      double applied = appliedRatio(job);
      p = Double.isNaN(applied) ? replayed : applied;
      double limit = m.pLimit() * P_LIMIT_MARGIN;
      if (!Double.isNaN(applied) && (replayed > limit || replayed < 1 / limit)) {
        notes.add(
            String.format(
                Locale.ROOT,
                "it applied P %.2f; replayed as it ran, the controller chose P %.2f, outside what"
                    + " the nodes' measured speeds allow (%.2f): the predicted stock time leans on"
                    + " that replay",
                applied,
                replayed,
                m.pLimit()));
      }
    } else {
      other = m.run(Method.TWO_STAGE);
      p = other.appliedBinRatio();
      double limit = m.pLimit() * P_LIMIT_MARGIN;
      if (p > limit || p < 1 / limit) {
        double capped = p > limit ? m.pLimit() : 1 / m.pLimit();
        pLimit =
            String.format(
                Locale.ROOT,
                "P %.2f replayed, outside what the nodes' measured speeds allow (%.2f: the"
                    + " fastest node's CPU per reducer over the slowest's, with %.0f%% room for"
                    + " rounding to bins); the replayed controller measured too few reports."
                    + " Saving given for P %.2f",
                p,
                m.pLimit(),
                100 * (P_LIMIT_MARGIN - 1),
                capped);
        other = m.run(Method.fixed(capped));
        p = other.appliedBinRatio();
      }
    }
    nodesSummary = describeNodes(m);
    return new Result(
        ran, other, p, ran.jobSeconds() / job0 - 1, String.join("; ", notes), nodesSummary, pLimit);
  }

  /**
   * The partition ratio a job under Pikachu applied: its largest reducer's copied MB over its
   * smallest's (a reducer's bytes follow its bins); NaN without two reducers that copied data.
   */
  static double appliedRatio(JobHistory job) {
    double max = 0;
    double min = Double.MAX_VALUE;
    for (JobHistory.Attempt a : job.successful(true)) {
      max = Math.max(max, a.shuffleMb);
      min = Math.min(min, a.shuffleMb);
    }
    return job.successful(true).size() >= 2 && min > 0 ? max / min : Double.NaN;
  }

  /** Per-core speeds and core counts as inferred, in words. */
  private String describeNodes(Model m) {
    boolean equal = true;
    for (double v : speed.values()) {
      equal &= v == 1.0;
    }
    StringBuilder s =
        new StringBuilder(
            equal
                ? "per-core speed taken as equal (maps' CPU per MB within "
                    + Math.round(100 * EQUAL_SPEED_BAND)
                    + "% on every node); nodes differ in cores:"
                : "per-core speed from the maps' CPU per MB:");
    for (NodeSpec n : m.cluster.nodes()) {
      s.append(
          String.format(
              Locale.ROOT,
              " %s %.2f cores x %.2f (%d/%d slots)",
              n.name(),
              n.cores(),
              n.coreSpeed(),
              n.mapSlots(),
              n.reduceSlots()));
    }
    return s.toString();
  }

  private static double bound(double logValue) {
    return Math.max(-5, Math.min(4, logValue));
  }

  private static double sq(double x) {
    return x * x;
  }
}
