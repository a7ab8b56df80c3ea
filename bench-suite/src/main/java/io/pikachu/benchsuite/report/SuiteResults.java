package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.ResultsCsv;
import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.SuiteApp;
import io.pikachu.benchsuite.suite.SuiteCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A suite's results.csv, grouped the way the report walks it: configurations in {@link
 * SuiteCluster} order, then applications in {@link SuiteApp} order. Labels the enums do not know (a
 * newer runner, a hand-made file) come after the known ones instead of failing the report.
 */
final class SuiteResults {
  static final String RESULTS = "results.csv";

  private final List<RunResult> rows;

  SuiteResults(List<RunResult> rows) {
    this.rows = List.copyOf(rows);
  }

  static SuiteResults read(Path suiteDir) throws IOException {
    return new SuiteResults(ResultsCsv.read(suiteDir.resolve(RESULTS)));
  }

  List<RunResult> rows() {
    return rows;
  }

  List<RunResult> failed() {
    return rows.stream().filter(r -> !r.ok()).toList();
  }

  List<String> configs() {
    return ordered(
        rows.stream().map(RunResult::config).toList(),
        SuiteCluster.values().stream().map(SuiteCluster::label).toList());
  }

  List<String> apps(String config) {
    return ordered(
        rows.stream().filter(r -> r.config().equals(config)).map(RunResult::app).toList(),
        Arrays.stream(SuiteApp.values()).map(SuiteApp::label).toList());
  }

  List<RunResult> rows(String config) {
    return rows.stream().filter(r -> r.config().equals(config)).toList();
  }

  AppResults app(String config, String app) {
    return new AppResults(
        app,
        config,
        rows.stream().filter(r -> r.config().equals(config) && r.app().equals(app)).toList());
  }

  private static List<String> ordered(Collection<String> present, List<String> known) {
    Set<String> seen = new LinkedHashSet<>(present);
    List<String> order = new ArrayList<>(known.stream().filter(seen::contains).toList());
    seen.stream().filter(s -> !known.contains(s)).sorted().forEach(order::add);
    return order;
  }
}
