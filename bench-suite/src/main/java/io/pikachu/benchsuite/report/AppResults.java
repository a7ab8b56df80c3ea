package io.pikachu.benchsuite.report;

import io.pikachu.benchmodel.Method;
import io.pikachu.benchsuite.suite.RunResult;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every run of one application on one cluster configuration, and the comparisons the report makes
 * between its methods. Each figure is computed here once, so the section tables and the closing
 * targets cannot disagree. A figure that lacks its inputs (a method not run, no sweep) is NaN,
 * which the report prints as "n/a".
 */
final class AppResults {
  static final String OPTIMAL = "optimal";

  private final String app;
  private final String config;
  private final List<RunResult> all;
  private final Map<String, MethodRuns> methods;

  AppResults(String app, String config, List<RunResult> rows) {
    this.app = app;
    this.config = config;
    this.all = List.copyOf(rows);
    Map<String, List<RunResult>> ok =
        rows.stream()
            .filter(RunResult::ok)
            .collect(
                Collectors.groupingBy(RunResult::method, LinkedHashMap::new, Collectors.toList()));
    Map<String, MethodRuns> byLabel = new LinkedHashMap<>();
    ok.forEach(
        (label, runs) -> byLabel.put(label, new MethodRuns(label, runs.get(0).fixedP(), runs)));
    this.methods = byLabel;
  }

  String app() {
    return app;
  }

  String config() {
    return config;
  }

  List<RunResult> all() {
    return all;
  }

  List<RunResult> okRuns() {
    return all.stream().filter(RunResult::ok).toList();
  }

  Optional<MethodRuns> method(String label) {
    return Optional.ofNullable(methods.get(label));
  }

  Optional<MethodRuns> stock() {
    return method(Method.STOCK.label());
  }

  Optional<MethodRuns> tarazu() {
    return method(Method.TARAZU.label());
  }

  /** The paper's one-shot Pikachu (D3'). */
  Optional<MethodRuns> pikachu() {
    return method(Method.PIKACHU.label());
  }

  /** The two-stage controller, Pikachu's default. */
  Optional<MethodRuns> twoStage() {
    return method(Method.TWO_STAGE.label());
  }

  /** The two-stage runs whose measurement corrected the provisional map. */
  Optional<MethodRuns> twoStageCorrected() {
    return twoStage().map(m -> m.where(r -> r.versions().corrected()));
  }

  /** The two-stage runs where no correction was published. */
  Optional<MethodRuns> twoStageUncorrected() {
    return twoStage().map(m -> m.where(r -> !r.versions().corrected()));
  }

  /** The sweep points with at least one timed run, by P. */
  List<MethodRuns> sweep() {
    return methods.values().stream()
        .filter(MethodRuns::isSweepPoint)
        .filter(m -> !m.seconds().isEmpty())
        .sorted(Comparator.comparingDouble(MethodRuns::p))
        .toList();
  }

  /** The paper's Optimal: the sweep point with the lowest median time (the lower P on a tie). */
  Optional<MethodRuns> optimal() {
    return sweep().stream()
        .min(
            Comparator.comparingDouble((MethodRuns m) -> m.seconds().median())
                .thenComparingDouble(MethodRuns::p));
  }

  /** The methods the tables compare, by the names the report gives them, Optimal last. */
  Map<String, Optional<MethodRuns>> compared() {
    Map<String, Optional<MethodRuns>> m = new LinkedHashMap<>();
    for (Method method : Method.COMPARED) {
      Optional<MethodRuns> runs = method(method.label());
      if (method.nodeSpeedCopies() || runs.isPresent()) {
        m.put(method.label(), runs);
      }
    }
    m.put(OPTIMAL, optimal());
    return m;
  }

  /** Stock's median time over the method's: above 1 the method is faster. */
  double speedup(Optional<MethodRuns> method) {
    return median(stock()) / median(method);
  }

  double shareOfOptimal(Optional<MethodRuns> method) {
    return median(optimal()) / median(method);
  }

  /**
   * Extra bytes shuffled by all reducers compared with stock, as a fraction of stock's: Table 2.1's
   * penalty.
   */
  double shufflePenalty(Optional<MethodRuns> method) {
    double stock = stockShuffleBytes();
    return (method.map(m -> m.shuffleBytes().median()).orElse(Double.NaN) - stock) / stock;
  }

  /** Median bytes fetched again after a change of the bin map, NaN without runs. */
  static double reshuffledBytes(Optional<MethodRuns> method) {
    return method
        .filter(m -> !m.runs().isEmpty())
        .map(m -> m.reshuffledBytes().median())
        .orElse(Double.NaN);
  }

  double reshuffledShare(Optional<MethodRuns> method) {
    return method.map(m -> m.reshuffledBytes().median()).orElse(Double.NaN) / stockShuffleBytes();
  }

  private double stockShuffleBytes() {
    double bytes = stock().map(m -> m.shuffleBytes().median()).orElse(Double.NaN);
    return bytes > 0 ? bytes : Double.NaN;
  }

  /**
   * How much slower stock is than Optimal, as a fraction of Optimal's time (negative if stock is
   * faster).
   */
  double stockOverOptimal() {
    return median(stock()) / median(optimal()) - 1;
  }

  /**
   * How much slower a method is than stock, as a fraction of stock's time (negative if it is
   * faster).
   */
  double overStock(Optional<MethodRuns> method) {
    return median(method) / median(stock()) - 1;
  }

  /** How much slower a method is than Optimal, as a fraction of Optimal's time. */
  double overOptimal(Optional<MethodRuns> method) {
    return median(method) / median(optimal()) - 1;
  }

  /**
   * Whether no version of any run of the method moved a bin from the even map: NaN-like empty when
   * the versions were not recorded or there are no runs.
   */
  Optional<Boolean> keptEvenMap(Optional<MethodRuns> method) {
    if (method.isEmpty()
        || method.get().runs().isEmpty()
        || method.get().runs().stream().anyMatch(r -> !r.versions().recorded())) {
      return Optional.empty();
    }
    return Optional.of(
        method.get().runs().stream()
            .noneMatch(r -> r.rebalanced() || r.versions().provisionalRebalanced()));
  }

  OutputCheck outputCheck() {
    return OutputCheck.of(okRuns());
  }

  static double median(Optional<MethodRuns> method) {
    return method.map(m -> m.seconds().median()).orElse(Double.NaN);
  }
}
