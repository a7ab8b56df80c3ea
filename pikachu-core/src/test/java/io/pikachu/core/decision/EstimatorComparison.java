package io.pikachu.core.decision;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.observe.StatusReport;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints the partition ratio each estimator computes on the two synthetic clusters next to the true
 * ratio, for docs/controller.md. Not a test: {@code exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=...}.
 */
public final class EstimatorComparison {

  public static void main(String[] args) {
    print("wordcount-like", SyntheticJobs.wordcountLike(600), 12.0 / 3.0);
    print("sort-like", SyntheticJobs.sortLike(600), 2.5 / 6.0);
  }

  private static void print(String name, SyntheticJob job, double trueP) {
    List<StatusReport> reports = job.run();
    System.out.printf(Locale.ROOT, "%s (true P = %.3f)%n", name, trueP);
    for (String estimator : List.of("tarazu", "shuffle-rate", "pikachu")) {
      Decision d =
          Replay.run(
              ControllerConfig.fromMap(Map.of(PikachuKeys.ESTIMATOR.name(), estimator)),
              job.numReducers(),
              reports);
      ClassMeasurement fast = d.classes().get(0);
      System.out.printf(
          Locale.ROOT,
          "  %-12s P_fast = %.3f  E_fast = %s  decided %.1f s after T_1 (%s)  " + "bins %s%n",
          estimator,
          fast.p(),
          fast.efficiency() == null ? "-" : String.format(Locale.ROOT, "%.3f", fast.efficiency()),
          (d.decidedAtMs() - d.firstReducerMs()) / 1000.0,
          d.reason(),
          d.reducerBins());
    }
  }

  private EstimatorComparison() {}
}
