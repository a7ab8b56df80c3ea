package io.pikachu.advisor;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.sim.calib.Stats;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.engine.Simulation;
import io.pikachu.sim.model.AppProfile;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 * Replays one stock job in the simulator, with and without Pikachu.
 *
 * <p>From the history alone: each node's slots (the most attempts of a kind it ran at once) and its
 * map throughput (slots over the median duration of its maps that ended before the first reducer
 * started, or of all its maps if none did); the job's maps' input, its output ratio and its maps'
 * and reducers' CPU per MB (counters); the AM's start and the container delay. Two costs no history
 * shows, a map's and a reducer's JVM start, are fitted so that the simulated stock job matches the
 * measured one (its time, map phase and reduce tail). Then the same job runs in the simulator under
 * the two-stage controller; the predicted Pikachu time is the measured stock time scaled by the
 * simulated ratio.
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

  /** The replay's outcome. */
  public static final class Result {
    public final double simStock;
    public final double simPikachu;
    public final double p;
    public final double fitError;
    public final String notes;

    Result(double simStock, double simPikachu, double p, double fitError, String notes) {
      this.simStock = simStock;
      this.simPikachu = simPikachu;
      this.p = p;
      this.fitError = fitError;
      this.notes = notes;
    }
  }

  private final JobHistory job;
  private final ClusterSpec cluster;
  private final double[] inputMb;
  private final double outputRatio;
  private final double mapCpuPerMb;
  private final double reduceCpuPerMb;
  private final Platform platform;
  private final Map<String, Double> throughput;
  private final List<String> notes = new ArrayList<String>();

  JobReplay(JobHistory job) {
    this.job = job;
    List<JobHistory.Attempt> maps = job.successful(false);
    List<JobHistory.Attempt> reds = job.successful(true);
    Map<String, int[]> slots = new TreeMap<String, int[]>();
    Map<String, List<Double>> durations = new TreeMap<String, List<Double>>();
    for (JobHistory.Attempt a : job.attempts()) {
      if (!slots.containsKey(a.node)) {
        slots.put(a.node, new int[2]);
        durations.put(a.node, new ArrayList<Double>());
      }
    }
    for (String node : slots.keySet()) {
      slots.get(node)[0] = peak(job.attempts(), node, false);
      slots.get(node)[1] = peak(job.attempts(), node, true);
    }
    double in = 0;
    double shuffled = 0;
    List<Double> mapCpu = new ArrayList<Double>();
    List<Double> redCpu = new ArrayList<Double>();
    inputMb = new double[Math.max(1, maps.size())];
    long firstReducer = Long.MAX_VALUE;
    for (JobHistory.Attempt a : reds) {
      firstReducer = Math.min(firstReducer, a.start);
    }
    Map<String, List<Double>> early = new TreeMap<String, List<Double>>();
    for (int i = 0; i < maps.size(); i++) {
      JobHistory.Attempt a = maps.get(i);
      inputMb[i] = a.inputMb;
      in += a.inputMb;
      double d = (a.finish - a.start) / 1000.0;
      durations.get(a.node).add(d);
      if (a.finish <= firstReducer) {
        if (!early.containsKey(a.node)) {
          early.put(a.node, new ArrayList<Double>());
        }
        early.get(a.node).add(d);
      }
      if (a.inputMb > 0) {
        mapCpu.add(a.cpuS / a.inputMb);
      }
    }
    for (JobHistory.Attempt a : reds) {
      shuffled += a.shuffleMb;
      if (a.shuffleMb > 0) {
        redCpu.add(a.cpuS / a.shuffleMb);
      }
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
    reduceCpuPerMb = redCpu.isEmpty() ? 0 : Stats.median(redCpu);
    throughput = new LinkedHashMap<String, Double>();
    // A node's maps before the reducers start had it to themselves, as the controller measures it.
    for (Map.Entry<String, List<Double>> e : durations.entrySet()) {
      List<Double> d = early.containsKey(e.getKey()) ? early.get(e.getKey()) : e.getValue();
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
      // cores are replaced by the fitted capacity in model()
      nodes.add(
          NodeSpec.builder(e.getKey())
              .nodeClass("node")
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
    platform = Platform.defaults().withDelays(amStart(job), containerDelay(job));
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
      double cores = Math.max(0.01, mapWork * throughput.get(n.name()));
      nodes.add(n.toBuilder().cores(cores).build());
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
    JobSpec spec =
        JobSpec.builder(app, inputMb, job.totalReduces())
            .name(job.jobId())
            .replication(nodes.size())
            .build();
    return new Model(ClusterSpec.of(job.jobId(), nodes), spec);
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
  }

  Result replay() {
    final double job0 = job.jobSeconds();
    final double map0 = Math.max(0.1, job.mapPhaseSeconds());
    final double tail0 = Math.max(0.1, job0 - map0);
    final double[] best = {Math.log(3), Math.log(3), Double.MAX_VALUE};
    MultivariateFunction loss =
        new MultivariateFunction() {
          @Override
          public double value(double[] x) {
            SimResult s = model(Math.exp(bound(x[0])), Math.exp(bound(x[1]))).run(Method.STOCK);
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
    SimResult stock = m.run(Method.STOCK);
    SimResult two = m.run(Method.TWO_STAGE);
    return new Result(
        stock.jobSeconds(),
        two.jobSeconds(),
        two.appliedBinRatio(),
        stock.jobSeconds() / job0 - 1,
        String.join("; ", notes));
  }

  private static double bound(double logValue) {
    return Math.max(-5, Math.min(4, logValue));
  }

  private static double sq(double x) {
    return x * x;
  }
}
