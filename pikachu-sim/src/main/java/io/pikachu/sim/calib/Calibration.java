package io.pikachu.sim.calib;

import io.pikachu.benchmodel.Method;
import io.pikachu.sim.engine.SimResult;
import io.pikachu.sim.engine.Simulation;
import io.pikachu.sim.model.Platform;
import io.pikachu.sim.model.ReducerLaunch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeSet;
import org.apache.commons.math3.analysis.MultivariateFunction;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.NelderMeadSimplex;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.SimplexOptimizer;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * Fits the {@link EmbeddedModel} on calibration runs: each application's costs from its task
 * counters, then the four costs no counter shows by Nelder-Mead on the squared log errors of the
 * simulated job time, map phase and reduce tail. Only the runs given are used; validation runs must
 * be held back by the caller.
 */
public final class Calibration {

  private Calibration() {}

  /**
   * @param runs calibration runs of stock Hadoop (runs of other methods are ignored: the model is
   *     fitted without ever seeing Pikachu run)
   * @param mbPerMap each map's input, MB
   */
  public static EmbeddedModel fit(List<MeasuredRun> runs, double mbPerMap) {
    List<MeasuredRun> stock = new ArrayList<MeasuredRun>();
    for (MeasuredRun r : runs) {
      if (r.method().equals("stock")) {
        stock.add(r);
      }
    }
    if (stock.isEmpty()) {
      throw new IllegalArgumentException("calibration needs runs of stock Hadoop");
    }
    EmbeddedModel counted = fromCounters(stock, mbPerMap);
    final List<MeasuredRun> fitOn = stock;
    final EmbeddedModel base = counted;
    MultivariateFunction loss =
        new MultivariateFunction() {
          @Override
          public double value(double[] x) {
            return loss(model(base, x), fitOn);
          }
        };
    double[] start = {Math.log(3.5), Math.log(3.5), Math.log(1.5), 0.0};
    SimplexOptimizer optimizer = new SimplexOptimizer(1e-5, 1e-7);
    PointValuePair best =
        optimizer.optimize(
            new MaxEval(600),
            new ObjectiveFunction(loss),
            GoalType.MINIMIZE,
            new InitialGuess(start),
            new NelderMeadSimplex(new double[] {0.5, 0.5, 0.5, 1.0}));
    return model(base, best.getPoint());
  }

  private static EmbeddedModel model(EmbeddedModel base, double[] x) {
    double share = 1 / (1 + Math.exp(-x[3]));
    return base.withFitted(
        Math.exp(clamp(x[0])), Math.exp(clamp(x[1])), Math.exp(clamp(x[2])), share);
  }

  private static double clamp(double logValue) {
    return Math.max(-6, Math.min(4, logValue));
  }

  /** Sum over runs of the squared log errors of job time, map phase and reduce tail. */
  static double loss(EmbeddedModel m, List<MeasuredRun> runs) {
    double sum = 0;
    for (MeasuredRun r : runs) {
      SimResult s = simulate(m, r, Method.parse(r.method()));
      sum += sq(Math.log(s.jobSeconds() / r.jobSeconds()));
      sum += sq(Math.log(s.mapPhaseSeconds() / r.mapPhaseSeconds()));
      sum += sq(Math.log(Math.max(0.1, s.reduceTailSeconds()) / r.reduceTailSeconds()));
    }
    return sum;
  }

  public static SimResult simulate(EmbeddedModel m, MeasuredRun r, Method method) {
    return new Simulation(EmbeddedModel.cluster(r), m.job(r), method, m.embeddedPlatform(r.app()))
        .run();
  }

  /** The costs the counters show, with the hidden ones at a first guess. */
  static EmbeddedModel fromCounters(List<MeasuredRun> stock, double mbPerMap) {
    Map<String, EmbeddedModel.Counted> counted = new LinkedHashMap<String, EmbeddedModel.Counted>();
    TreeSet<String> apps = new TreeSet<String>();
    for (MeasuredRun r : stock) {
      apps.add(r.app());
    }
    Median median = new Median();
    List<Double> amStarts = new ArrayList<Double>();
    List<Double> reducerLaunches = new ArrayList<Double>();
    for (MeasuredRun r : stock) {
      reducerLaunchDelay(r).ifPresent(reducerLaunches::add);
    }
    for (String app : apps) {
      List<Double> ratios = new ArrayList<Double>();
      List<Double> mapCpu = new ArrayList<Double>();
      List<Double> reducerCpuPerMb = new ArrayList<Double>();
      for (MeasuredRun r : stock) {
        if (!r.app().equals(app)) {
          continue;
        }
        ratios.add(r.shuffledMb() / (r.maps().size() * mbPerMap));
        double firstStart = Double.MAX_VALUE;
        for (MeasuredRun.Task t : r.maps()) {
          mapCpu.add(t.cpuS);
          firstStart = Math.min(firstStart, t.start);
        }
        amStarts.add(firstStart);
        for (MeasuredRun.Task t : r.reducers()) {
          if (t.shuffleMb > 0) {
            reducerCpuPerMb.add(t.cpuS / t.shuffleMb);
          }
        }
      }
      // Under stock every reducer holds about the same bytes, so a fixed part and a per-byte part
      // cannot be told apart: the counted CPU is taken as per byte.
      double slope = reducerCpuPerMb.isEmpty() ? 0 : median.evaluate(toArray(reducerCpuPerMb));
      double intercept = 0;
      counted.put(
          app,
          new EmbeddedModel.Counted(
              median.evaluate(toArray(ratios)),
              median.evaluate(toArray(mapCpu)) / mbPerMap,
              intercept,
              slope));
    }
    return new EmbeddedModel(
        counted,
        3.5,
        3.5,
        1.5,
        reducerLaunches.isEmpty()
            ? Platform.defaults().reducerLaunchDelayS()
            : median.evaluate(toArray(reducerLaunches)),
        median.evaluate(toArray(amStarts)),
        0.5,
        mbPerMap,
        java.util.Collections.<String, BinsPostShuffle>emptyMap());
  }

  /** The run's first reducers' launch after the map that met slow start ({@link ReducerLaunch}). */
  static OptionalDouble reducerLaunchDelay(MeasuredRun r) {
    return ReducerLaunch.delayAfterSlowStart(
        r.maps().stream().mapToDouble(t -> t.finish).toArray(),
        r.reducers().stream().mapToDouble(t -> t.start).toArray(),
        Platform.defaults().slowStart());
  }

  static double[] toArray(List<Double> v) {
    double[] a = new double[v.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = v.get(i);
    }
    return a;
  }

  private static double sq(double x) {
    return x * x;
  }
}
