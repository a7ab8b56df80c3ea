package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.RunTask;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * A method against stock Hadoop, round by round: the suite runs every method once per round on the
 * same cluster and data, interleaved, so slow drifts of the machine hit both runs of a round alike,
 * and the difference of a round is what the method changed. Each measure is a relative difference
 * per round, (method − stock) / stock, summarised by its median and by the mean's 95% interval
 * (Student's t over the rounds): with the 8-10% scatter of one job's time on this machine, an
 * interval narrower than a target needs enough rounds, which {@link #roundsFor} estimates.
 */
public final class PairedComparison {

  /** A run's measures, each a function of its result row and its tasks. */
  public enum Measure {
    JOB("job", (r, tasks) -> r.seconds()),
    MAP_PHASE("map phase", (r, tasks) -> r.mapsDoneSeconds()),
    TAIL("tail after the last map", (r, tasks) -> r.seconds() - r.mapsDoneSeconds()),
    MAP_CPU("map CPU-s", (r, tasks) -> cpu(tasks, false)),
    REDUCE_CPU("reduce CPU-s", (r, tasks) -> cpu(tasks, true));

    private final String label;
    private final Value value;

    Measure(String label, Value value) {
      this.label = label;
      this.value = value;
    }

    public String label() {
      return label;
    }

    boolean needsTasks() {
      return this == MAP_CPU || this == REDUCE_CPU;
    }

    private static double cpu(List<RunTask> tasks, boolean reduce) {
      return tasks.stream()
          .filter(t -> t.reduce() == reduce)
          .mapToDouble(RunTask::cpuSeconds)
          .sum();
    }
  }

  private interface Value {
    double of(RunResult run, List<RunTask> tasks);
  }

  /** One measure's differences over the rounds, in per cent of stock's. */
  public static final class Differences {
    private final double[] percent;

    Differences(double[] percent) {
      this.percent = percent.clone();
    }

    /** Paired differences of any measure, in its own unit (median, mean and interval only). */
    public static Differences ofValues(double[] differences) {
      return new Differences(differences);
    }

    public int rounds() {
      return percent.length;
    }

    public double median() {
      return new Median().evaluate(percent);
    }

    public double mean() {
      return Arrays.stream(percent).average().orElse(Double.NaN);
    }

    /** Half the width of the mean's 95% interval; NaN with fewer than two rounds. */
    public double halfWidth() {
      int n = percent.length;
      return n < 2
          ? Double.NaN
          : new TDistribution(n - 1).inverseCumulativeProbability(0.975)
              * standardDeviation()
              / Math.sqrt(n);
    }

    /** Of the differences themselves; NaN with fewer than two rounds. */
    public double standardDeviation() {
      int n = percent.length;
      if (n < 2) {
        return Double.NaN;
      }
      double mean = mean();
      double ss = 0;
      for (double d : percent) {
        ss += (d - mean) * (d - mean);
      }
      return Math.sqrt(ss / (n - 1));
    }

    /** "+1.2% (median), mean +0.8% ± 3.1% (95%, 5 rounds)". */
    public String describe() {
      return String.format(
          Locale.ROOT,
          "%+.1f%% (median), mean %+.1f%% ± %.1f%% (95%%, %d rounds)",
          median(),
          mean(),
          halfWidth(),
          rounds());
    }
  }

  /** The baseline every method is compared with unless another is named. */
  public static final String STOCK = "stock";

  private PairedComparison() {}

  /**
   * The rounds in which both stock and {@code method} succeeded for one application on one cluster,
   * as relative differences of {@code measure}.
   */
  public static Differences of(
      Path suiteDir,
      List<RunResult> rows,
      String app,
      String config,
      String method,
      Measure measure)
      throws IOException {
    return of(suiteDir, rows, app, config, STOCK, method, measure);
  }

  /** As {@link #of}, against {@code baseline} instead of stock. */
  public static Differences of(
      Path suiteDir,
      List<RunResult> rows,
      String app,
      String config,
      String baseline,
      String method,
      Measure measure)
      throws IOException {
    List<Double> percent = new ArrayList<>();
    for (RunResult stock : rows) {
      if (!stock.ok()
          || !stock.app().equals(app)
          || !stock.config().equals(config)
          || !stock.method().equals(baseline)) {
        continue;
      }
      Optional<RunResult> other =
          rows.stream()
              .filter(
                  r ->
                      r.ok()
                          && r.app().equals(app)
                          && r.config().equals(config)
                          && r.method().equals(method)
                          && r.rep() == stock.rep())
              .findFirst();
      if (!other.isPresent()) {
        continue;
      }
      double base = value(suiteDir, stock, measure);
      double mine = value(suiteDir, other.get(), measure);
      if (base > 0 && Double.isFinite(mine)) {
        percent.add(100 * (mine - base) / base);
      }
    }
    return new Differences(percent.stream().mapToDouble(Double::doubleValue).toArray());
  }

  private static double value(Path suiteDir, RunResult run, Measure measure) throws IOException {
    List<RunTask> tasks = new ArrayList<>();
    if (measure.needsTasks()) {
      Optional<RunDirectory> dir = RunDirectory.of(suiteDir, run);
      if (!dir.isPresent()) {
        return Double.NaN;
      }
      tasks = dir.get().tasks();
    }
    return measure.value.of(run, tasks);
  }

  /**
   * Rounds that make the mean's 95% interval at most {@code halfWidthPercent} wide on either side,
   * for paired differences that scatter with standard deviation {@code sdPercent}.
   */
  public static int roundsFor(double sdPercent, double halfWidthPercent) {
    for (int n = 2; n < 10_000; n++) {
      double t = new TDistribution(n - 1).inverseCumulativeProbability(0.975);
      if (t * sdPercent / Math.sqrt(n) <= halfWidthPercent) {
        return n;
      }
    }
    return 10_000;
  }
}
