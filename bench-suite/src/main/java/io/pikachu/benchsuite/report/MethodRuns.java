package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.RunResult;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The successful repetitions of one method (stock, tarazu, pikachu, two-stage or one sweep point)
 * for one application on one cluster configuration: what every table of the report summarises.
 *
 * @param label the method's label in results.csv
 * @param p the sweep point's P, NaN for the other methods
 * @param runs successful runs only: a failed run has no meaningful time and would bias every figure
 */
record MethodRuns(String label, double p, List<RunResult> runs) {

  MethodRuns {
    runs = List.copyOf(runs);
  }

  /** The runs that match, as a method of their own (e.g. the corrected two-stage runs). */
  MethodRuns where(Predicate<RunResult> keep) {
    return new MethodRuns(label, p, runs.stream().filter(keep).toList());
  }

  /** Seconds from the last map's end to the final bin map, per run (negative: before it). */
  Summary finalAfterLastMap() {
    return summary(r -> r.versions().finalSeconds() - r.mapsDoneSeconds());
  }

  Summary provisionalP() {
    return summary(r -> r.versions().provisionalP());
  }

  boolean isSweepPoint() {
    return !Double.isNaN(p);
  }

  Summary seconds() {
    return summary(RunResult::seconds);
  }

  /** Each run's job time, in repetition order, for charts that show every run. */
  List<Double> timedSeconds() {
    return runs.stream()
        .sorted(Comparator.comparingInt(RunResult::rep))
        .map(RunResult::seconds)
        .filter(s -> !s.isNaN())
        .toList();
  }

  Summary fastestP() {
    return summary(RunResult::fastestP);
  }

  Summary shuffleBytes() {
    return summary(r -> r.shuffleBytes());
  }

  Summary reshuffledBytes() {
    return summary(r -> r.reshuffledBytes());
  }

  Summary droppedBytes() {
    return summary(r -> r.droppedBytes());
  }

  Summary fastReducersDone() {
    return summary(RunResult::fastReducersDoneSeconds);
  }

  Summary slowReducersDone() {
    return summary(RunResult::slowReducersDoneSeconds);
  }

  /**
   * Median over repetitions of each run's own gap, so one run's fast time is never paired with
   * another's slow.
   */
  Summary gap() {
    return summary(MethodRuns::gap);
  }

  /**
   * How much later slow-node reducers finished than fast-node reducers, relative to the later of
   * the two (Fig. 2.8); negative when the fast ones finished later, i.e. they were given too much.
   * NaN without both classes.
   */
  static double gap(RunResult r) {
    double fast = r.fastReducersDoneSeconds();
    double slow = r.slowReducersDoneSeconds();
    double later = Math.max(fast, slow);
    return Double.isNaN(fast) || Double.isNaN(slow) || !(later > 0)
        ? Double.NaN
        : (slow - fast) / later;
  }

  Optional<RunResult> medianRun() {
    return medianRun(r -> true);
  }

  /**
   * The run whose time is the median (the lower of the two middle ones for an even count), so that
   * a per-node table or a time series shows a typical run rather than the best or the worst one.
   */
  Optional<RunResult> medianRun(Predicate<RunResult> among) {
    List<RunResult> timed =
        runs.stream()
            .filter(r -> !Double.isNaN(r.seconds()))
            .filter(among)
            .sorted(Comparator.comparingDouble(RunResult::seconds).thenComparingInt(RunResult::rep))
            .toList();
    return timed.isEmpty() ? Optional.empty() : Optional.of(timed.get((timed.size() - 1) / 2));
  }

  private Summary summary(ToDoubleFunction<RunResult> value) {
    return Summary.of(runs.stream().mapToDouble(value));
  }
}
