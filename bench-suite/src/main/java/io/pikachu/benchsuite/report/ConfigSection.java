package io.pikachu.benchsuite.report;

import io.pikachu.benchsuite.suite.RunFiles;
import io.pikachu.benchsuite.suite.RunNode;
import io.pikachu.benchsuite.suite.RunResult;
import io.pikachu.benchsuite.suite.SuiteCluster;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.trace.TraceFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The report's section for one cluster configuration: the tables of section 2.6 (job time, share of
 * Optimal, the P each method chose, shuffle penalty, fast/slow gap, output check) and its charts,
 * applications in suite order.
 */
final class ConfigSection {
  private final String config;
  private final Path suiteDir;
  private final Path chartsDir;
  private final List<RunResult> rows;
  private final List<AppResults> apps;
  private final boolean heterogeneous;
  private final StringBuilder md = new StringBuilder();

  ConfigSection(SuiteResults results, String config, Path suiteDir, Path chartsDir) {
    this.config = config;
    this.suiteDir = suiteDir;
    this.chartsDir = chartsDir;
    this.rows = results.rows(config);
    this.apps = results.apps(config).stream().map(app -> results.app(config, app)).toList();
    this.heterogeneous = detectHeterogeneous();
  }

  /**
   * Fast and slow nodes, by the classes in the runs' nodes.csv, so that a renamed or new
   * configuration is judged by what it ran on; by the label only when no run left a nodes.csv.
   */
  private boolean detectHeterogeneous() {
    for (RunResult r : rows) {
      Optional<RunDirectory> dir = RunDirectory.of(suiteDir, r);
      if (dir.isPresent() && dir.get().has(RunFiles.NODES)) {
        try {
          return dir.get().nodes().stream().map(RunNode::nodeClass).distinct().count() > 1;
        } catch (IOException e) {
          // Try the next run; a damaged file is reported where its content is shown.
        }
      }
    }
    return !config.equals(SuiteCluster.HOMOGENEOUS.label());
  }

  List<Targets.Check> targets() {
    return apps.stream().flatMap(a -> Targets.evaluate(a, heterogeneous).stream()).toList();
  }

  String render() throws IOException {
    long ok = rows.stream().filter(RunResult::ok).count();
    md.append("## ").append(config).append("\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "%d runs ok, %d failed; %s.\n\n",
            ok,
            rows.size() - ok,
            heterogeneous ? "fast and slow nodes" : "equal nodes (one node class)"));
    nodes();
    jobTime();
    shareOfOptimal();
    chosenP();
    corrections();
    shufflePenalty();
    gap();
    nodeBreakdowns();
    outputCheck();
    sweeps();
    traces();
    return md.toString();
  }

  private void nodes() {
    for (RunResult r : rows) {
      Optional<RunDirectory> dir = RunDirectory.of(suiteDir, r).filter(d -> d.has(RunFiles.NODES));
      if (dir.isPresent()) {
        try {
          MarkdownTable table =
              new MarkdownTable("Node", "Class", "CPUs", "Map slots", "Reduce slots");
          dir.get()
              .nodes()
              .forEach(
                  n ->
                      table.row(
                          n.name(),
                          n.nodeClass(),
                          Fmt.format("%.2f", n.cpus()),
                          n.mapSlots(),
                          n.reduceSlots()));
          md.append("Nodes (from `")
              .append(dir.get().relative())
              .append("/nodes.csv`):\n\n")
              .append(table)
              .append('\n');
        } catch (IOException e) {
          cannotRead(e);
        }
        return;
      }
    }
  }

  private void jobTime() throws IOException {
    md.append("### Job time\n\n");
    String chart = slug(config) + "-job-time.svg";
    Map<String, Map<String, List<Double>>> times = new LinkedHashMap<>();
    MarkdownTable table =
        new MarkdownTable("App", "Method", "Median (s)", "n", "Min–max (s)", "Speedup over stock");
    for (AppResults a : apps) {
      for (Map.Entry<String, Optional<MethodRuns>> m : a.compared().entrySet()) {
        Summary s = m.getValue().map(MethodRuns::seconds).orElse(Summary.EMPTY);
        table.row(
            a.app(),
            methodName(m.getKey(), m.getValue()),
            Fmt.seconds(s.median()),
            s.n(),
            Fmt.range(s),
            Fmt.factor(a.speedup(m.getValue())));
        times
            .computeIfAbsent(m.getKey(), k -> new LinkedHashMap<>())
            .put(a.app(), m.getValue().map(MethodRuns::timedSeconds).orElse(List.of()));
      }
    }
    ReportCharts.jobTimes(
        chartsDir.resolve(chart),
        "Job time, " + config,
        apps.stream().map(AppResults::app).toList(),
        times);
    image(
        "Median job time per application and method (bars) and each run (dots), " + config, chart);
    md.append(table).append('\n');
    md.append(
        "Medians over repetitions; speedup = stock's median / the method's median. Optimal is the sweep "
            + "point (fixed P) with the lowest median.\n\n");
  }

  private static String methodName(String method, Optional<MethodRuns> runs) {
    return method.equals(AppResults.OPTIMAL) && runs.isPresent()
        ? "optimal (P=" + Fmt.p(runs.get().p()) + ")"
        : method;
  }

  private void shareOfOptimal() {
    md.append("### Share of Optimal\n\n");
    MarkdownTable table =
        new MarkdownTable(
            "App",
            "Two-stage (s)",
            "One-shot Pikachu (s)",
            "Optimal (s)",
            "Optimal P",
            "Two-stage's share",
            "One-shot's share",
            "Tarazu's share");
    for (AppResults a : apps) {
      table.row(
          a.app(),
          Fmt.seconds(AppResults.median(a.twoStage())),
          Fmt.seconds(AppResults.median(a.pikachu())),
          Fmt.seconds(AppResults.median(a.optimal())),
          Fmt.p(a.optimal().map(MethodRuns::p).orElse(Double.NaN)),
          Fmt.percent(a.shareOfOptimal(a.twoStage())),
          Fmt.percent(a.shareOfOptimal(a.pikachu())),
          Fmt.percent(a.shareOfOptimal(a.tarazu())));
    }
    md.append(table).append('\n');
    md.append("Share = Optimal's median / the method's median. Targets: two-stage within ")
        .append(Fmt.percent(Targets.TWO_STAGE_NEAR_OPTIMAL))
        .append(" of Optimal's time on config-1 (a share of at least ")
        .append(Fmt.percent(1 / (1 + Targets.TWO_STAGE_NEAR_OPTIMAL)))
        .append("); the one-shot Pikachu at least ")
        .append(Fmt.percent(Targets.SHARE_OF_OPTIMAL))
        .append(" (the paper's).\n\n");
  }

  private void chosenP() {
    md.append("### P chosen by each method (Table 2.1)\n\n");
    MarkdownTable table =
        new MarkdownTable(
            "App",
            "Tarazu P",
            "One-shot Pikachu P",
            "Two-stage P, provisional",
            "Two-stage P, final",
            "Optimal P",
            "One-shot decisions",
            "Two-stage decisions");
    for (AppResults a : apps) {
      table.row(
          a.app(),
          Fmt.pRange(a.tarazu().map(MethodRuns::fastestP).orElse(Summary.EMPTY)),
          Fmt.pRange(a.pikachu().map(MethodRuns::fastestP).orElse(Summary.EMPTY)),
          Fmt.pRange(a.twoStage().map(MethodRuns::provisionalP).orElse(Summary.EMPTY)),
          Fmt.pRange(a.twoStage().map(MethodRuns::fastestP).orElse(Summary.EMPTY)),
          Fmt.p(a.optimal().map(MethodRuns::p).orElse(Double.NaN)),
          a.pikachu().map(ConfigSection::decisions).orElse(Fmt.NA),
          a.twoStage().map(ConfigSection::decisions).orElse(Fmt.NA));
    }
    md.append(table).append('\n');
    md.append(
        "P of the fastest node class the job ran with: median over repetitions (range); for two-stage, "
            + "the provisional map's (published when the reducers are placed) and the final map's. "
            + "Decisions: the reason for the final map per run, for two-stage also its stage (CONFIRMED: the "
            + "provisional map made final; CORRECTED: the measurement changed it; FINAL: final at once), "
            + "and how many runs moved bins.\n\n");
  }

  private static String decisions(MethodRuns m) {
    return counted(m.runs().stream().map(r -> r.reason().isBlank() ? "(no reason)" : r.reason()))
        + (m.runs().stream().anyMatch(r -> r.versions().count() > 1)
            ? "; " + counted(m.runs().stream().map(r -> r.versions().finalStage()))
            : "")
        + "; rebalanced "
        + m.runs().stream().filter(RunResult::rebalanced).count()
        + "/"
        + m.runs().size();
  }

  private static String counted(java.util.stream.Stream<String> values) {
    return values
        .collect(Collectors.groupingBy(v -> v, LinkedHashMap::new, Collectors.counting()))
        .entrySet()
        .stream()
        .map(e -> e.getKey() + " ×" + e.getValue())
        .collect(Collectors.joining(", "));
  }

  /**
   * How often the two-stage controller's measurement corrected its provisional map, and at what
   * cost.
   */
  private void corrections() {
    md.append("### Two-stage: corrections and what they cost\n\n");
    if (apps.stream().allMatch(a -> a.twoStage().isEmpty())) {
      md.append("No successful two-stage run.\n\n");
      return;
    }
    MarkdownTable table =
        new MarkdownTable(
            "App",
            "Runs",
            "Provisional map published",
            "Corrected",
            "Versions",
            "Re-fetched (MB), corrected runs",
            "Re-fetched (MB), other runs",
            "Extra vs stock, corrected runs",
            "Extra vs stock, other runs",
            "Final map after the last map (s)");
    for (AppResults a : apps) {
      Optional<MethodRuns> all = a.twoStage();
      if (all.isEmpty()) {
        table.row(a.app(), 0, Fmt.NA, Fmt.NA, Fmt.NA, Fmt.NA, Fmt.NA, Fmt.NA, Fmt.NA, Fmt.NA);
        continue;
      }
      List<RunResult> runs = all.get().runs();
      Optional<MethodRuns> corrected = a.twoStageCorrected();
      Optional<MethodRuns> other = a.twoStageUncorrected();
      Summary versions = Summary.of(runs.stream().mapToDouble(r -> r.versions().count()));
      table.row(
          a.app(),
          runs.size(),
          runs.stream().filter(r -> r.versions().hadProvisional()).count(),
          corrected.orElseThrow().runs().size(),
          versions.isEmpty() || runs.stream().anyMatch(r -> !r.versions().recorded())
              ? Fmt.NA
              : Fmt.format("%.0f", versions.min())
                  + (versions.min() == versions.max() ? "" : Fmt.format("–%.0f", versions.max())),
          Fmt.megabytes(AppResults.reshuffledBytes(corrected)),
          Fmt.megabytes(AppResults.reshuffledBytes(other)),
          Fmt.change(a.shufflePenalty(corrected)),
          Fmt.change(a.shufflePenalty(other)),
          Fmt.secondsRange(all.get().finalAfterLastMap()));
    }
    md.append(table).append('\n');
    md.append(
        "Medians over the runs of each group. Re-fetched: bytes fetched again after a change of the bin map; "
            + "extra: (shuffled bytes − stock's median) / stock's median (target where no correction was "
            + "published: at most "
            + Fmt.percent(Targets.MAX_SHUFFLE_PENALTY)
            + "). Final map after the last map: when the version in force at the end was published, relative "
            + "to the last map's end, median (range); negative means before it.\n\n");
  }

  private void shufflePenalty() {
    md.append("### Shuffle penalty\n\n");
    MarkdownTable table =
        new MarkdownTable(
            "App",
            "Method",
            "Shuffled (MB)",
            "Extra vs stock",
            "Re-fetched (% of stock's shuffle)",
            "Dropped (MB)");
    for (AppResults a : apps) {
      for (Map.Entry<String, Optional<MethodRuns>> m : a.compared().entrySet()) {
        Optional<MethodRuns> runs = m.getValue();
        boolean stock = m.getKey().equals("stock");
        table.row(
            a.app(),
            methodName(m.getKey(), runs),
            Fmt.megabytes(runs.map(r -> r.shuffleBytes().median()).orElse(Double.NaN)),
            stock ? "baseline" : Fmt.change(a.shufflePenalty(runs)),
            stock ? "baseline" : Fmt.percent(a.reshuffledShare(runs)),
            Fmt.megabytes(runs.map(r -> r.droppedBytes().median()).orElse(Double.NaN)));
      }
    }
    md.append(table).append('\n');
    md.append(
        "Medians over repetitions. Extra = (the method's shuffled bytes − stock's) / stock's, the overhead of "
            + "Table 2.1 (target for the one-shot Pikachu: at most "
            + Fmt.percent(Targets.MAX_SHUFFLE_PENALTY)
            + "; for two-stage, among its runs without a correction: see the table above); re-fetched = "
            + "bins fetched again after a change of the bin map.\n\n");
  }

  private void gap() {
    md.append("### Fast/slow reducer completion gap (Fig. 2.8)\n\n");
    List<String> header = new ArrayList<>(List.of("App"));
    apps.stream().findFirst().ifPresent(a -> header.addAll(a.compared().keySet()));
    MarkdownTable table = new MarkdownTable(header.toArray(String[]::new));
    for (AppResults a : apps) {
      List<String> cells = new ArrayList<>(List.of(a.app()));
      a.compared().values().forEach(m -> cells.add(m.map(ConfigSection::gapCell).orElse(Fmt.NA)));
      table.row(cells.toArray());
    }
    md.append(table).append('\n');
    md.append(
        "Gap = (slow-node reducers done − fast-node reducers done) / the later of the two, per run, median "
            + "over repetitions; negative means the fast nodes' reducers finished later. In brackets: the medians of "
            + "both times. Target for the one-shot Pikachu: |gap| ≤ "
            + Fmt.percent(Targets.MAX_GAP)
            + ".\n\n");
    if (!heterogeneous) {
      md.append(
          "Equal nodes: there are no fast and slow reducers, so the gap is n/a. What matters here is what "
              + "Pikachu costs compared with stock (rebalanced: runs in which any version of the bin map moved "
              + "bins):\n\n");
      MarkdownTable cost =
          new MarkdownTable(
              "App",
              "Stock (s)",
              "Two-stage (s)",
              "Two-stage vs stock",
              "Two-stage runs rebalanced",
              "One-shot (s)",
              "One-shot vs stock",
              "One-shot runs rebalanced");
      for (AppResults a : apps) {
        cost.row(
            a.app(),
            Fmt.seconds(AppResults.median(a.stock())),
            Fmt.seconds(AppResults.median(a.twoStage())),
            Fmt.change(a.overStock(a.twoStage())),
            rebalancedCount(a.twoStage()),
            Fmt.seconds(AppResults.median(a.pikachu())),
            Fmt.change(a.overStock(a.pikachu())),
            rebalancedCount(a.pikachu()));
      }
      md.append(cost).append('\n');
    }
  }

  /** Runs whose final or provisional map moved bins, of all runs. */
  private static String rebalancedCount(Optional<MethodRuns> m) {
    return m.map(
            runs ->
                runs.runs().stream()
                        .filter(r -> r.rebalanced() || r.versions().provisionalRebalanced())
                        .count()
                    + "/"
                    + runs.runs().size())
        .orElse(Fmt.NA);
  }

  private static String gapCell(MethodRuns m) {
    double gap = m.gap().median();
    return Double.isNaN(gap)
        ? Fmt.NA
        : Fmt.change(gap)
            + " (fast "
            + Fmt.seconds(m.fastReducersDone().median())
            + " s, slow "
            + Fmt.seconds(m.slowReducersDone().median())
            + " s)";
  }

  private void nodeBreakdowns() {
    md.append("#### Per node, median runs\n\n");
    boolean any = false;
    for (AppResults a : apps) {
      for (Optional<MethodRuns> m : List.of(a.twoStage(), a.pikachu(), a.stock())) {
        Optional<RunResult> run = m.flatMap(MethodRuns::medianRun);
        if (run.isPresent()) {
          any = true;
          nodeBreakdown(a.app(), run.get());
        }
      }
    }
    if (!any) {
      md.append("No successful two-stage, pikachu or stock run.\n\n");
    }
  }

  private void nodeBreakdown(String app, RunResult run) {
    md.append(
        String.format(
            Locale.ROOT,
            "**%s, median %s run** (rep %d, %s s",
            app,
            run.method(),
            run.rep(),
            Fmt.seconds(run.seconds())));
    if (!Double.isNaN(MethodRuns.gap(run))) {
      md.append("; fast reducers done ")
          .append(Fmt.seconds(run.fastReducersDoneSeconds()))
          .append(" s, slow ")
          .append(Fmt.seconds(run.slowReducersDoneSeconds()))
          .append(" s");
    }
    md.append(')');
    Optional<RunDirectory> dir = RunDirectory.of(suiteDir, run);
    if (dir.isEmpty() || !dir.get().has(RunFiles.TASKS)) {
      md.append(": no ")
          .append(RunFiles.TASKS)
          .append(dir.map(d -> " in `" + d.relative() + "`").orElse(""))
          .append(".\n\n");
      return;
    }
    md.append(", `").append(dir.get().relative()).append("`:\n\n");
    try {
      MarkdownTable table =
          new MarkdownTable(
              "Node",
              "Class",
              "CPUs",
              "Maps",
              "Reducers",
              "Map CPU (s)",
              "Reduce CPU (s)",
              "Shuffled (MB)",
              "Kept (MB)",
              "Mean reducer finish (s)");
      for (NodeUsage u : NodeUsage.of(dir.get().nodes(), dir.get().tasks())) {
        table.row(
            u.node().name(),
            u.node().nodeClass(),
            Fmt.format("%.2f", u.node().cpus()),
            u.maps(),
            u.reducers(),
            Fmt.seconds(u.mapCpuSeconds()),
            Fmt.seconds(u.reduceCpuSeconds()),
            Fmt.megabytes(u.shuffledBytes()),
            Fmt.megabytes(u.keptBytes()),
            Fmt.seconds(u.meanReducerFinishSeconds()));
      }
      md.append(table).append('\n');
    } catch (IOException e) {
      cannotRead(e);
    }
  }

  private void outputCheck() {
    md.append("### Output check\n\n");
    List<RunResult> mismatches = new ArrayList<>();
    Map<String, String> references = new LinkedHashMap<>();
    for (AppResults a : apps) {
      OutputCheck check = a.outputCheck();
      if (!check.comparable()) {
        md.append(
            String.format(
                Locale.ROOT,
                "- %s: n/a, no successful stock run to compare %d runs with.\n",
                a.app(),
                check.runs()));
      } else if (check.passed()) {
        md.append(
            String.format(
                Locale.ROOT,
                "- %s: all %d runs produced stock Hadoop's output (`%s`).\n",
                a.app(),
                check.runs(),
                check.reference()));
      } else {
        md.append(
            String.format(
                Locale.ROOT,
                "- **MISMATCH** %s: %d of %d runs differ from stock Hadoop's output " + "(`%s`).\n",
                a.app(),
                check.mismatches().size(),
                check.runs(),
                check.reference()));
        mismatches.addAll(check.mismatches());
        references.put(a.app(), check.reference());
      }
    }
    md.append('\n');
    if (!mismatches.isEmpty()) {
      MarkdownTable table =
          new MarkdownTable("App", "Method", "Rep", "Digest", "Stock's digest", "Run");
      mismatches.forEach(
          r ->
              table.row(
                  r.app(),
                  r.method(),
                  r.rep(),
                  OutputCheck.shownDigest(r),
                  references.get(r.app()),
                  r.runDir()));
      md.append(
              "**MISMATCH**: these runs did not produce stock Hadoop's output (record count:hash sum).\n\n")
          .append(table)
          .append('\n');
    }
  }

  private void sweeps() throws IOException {
    md.append("### Sweep over P\n\n");
    for (AppResults a : apps) {
      List<MethodRuns> sweep = a.sweep();
      if (sweep.isEmpty()) {
        md.append(a.app()).append(": no sweep points, so Optimal is n/a.\n\n");
        continue;
      }
      String chart = slug(config) + "-" + slug(a.app()) + "-sweep.svg";
      Map<String, double[]> chosen = new LinkedHashMap<>();
      a.tarazu()
          .ifPresent(
              m ->
                  chosen.put("tarazu", new double[] {m.fastestP().median(), m.seconds().median()}));
      for (Optional<MethodRuns> m : List.of(a.pikachu(), a.twoStage())) {
        m.ifPresent(
            runs ->
                chosen.put(
                    runs.label(),
                    new double[] {runs.fastestP().median(), runs.seconds().median()}));
      }
      ReportCharts.sweep(
          chartsDir.resolve(chart),
          a.app() + " on " + config + ": job time vs P",
          sweep.stream().map(m -> new double[] {m.p(), m.seconds().median()}).toList(),
          sweep.stream()
              .flatMap(m -> m.timedSeconds().stream().map(t -> new double[] {m.p(), t}))
              .toList(),
          AppResults.median(a.stock()),
          chosen);
      image(a.app() + " on " + config + ": job time vs fixed P (median and each run)", chart);
      MethodRuns optimal = a.optimal().orElseThrow();
      md.append(
          sweep.stream()
              .map(
                  m -> {
                    String point =
                        "P="
                            + Fmt.p(m.p())
                            + ": "
                            + Fmt.seconds(m.seconds().median())
                            + " s (n="
                            + m.seconds().n()
                            + ")";
                    return m == optimal ? "**" + point + ", optimal**" : point;
                  })
              .collect(Collectors.joining("; ", a.app() + ": ", ".\n\n")));
    }
  }

  private void traces() throws IOException {
    md.append("### Shuffle progress and reducer CPU (Figs. 2.5, 2.6)\n\n");
    if (!heterogeneous) {
      md.append("Equal nodes: no fast and slow classes to compare.\n\n");
      return;
    }
    for (AppResults a : apps) {
      for (Optional<MethodRuns> m : List.of(a.twoStage(), a.pikachu())) {
        if (m.isEmpty()) {
          continue;
        }
        Optional<RunResult> run =
            m.get()
                .medianRun(
                    r ->
                        RunDirectory.of(suiteDir, r).map(d -> d.has(RunFiles.TRACE)).orElse(false));
        if (run.isEmpty()) {
          md.append(a.app())
              .append(": no successful ")
              .append(m.get().label())
              .append(" run with a ")
              .append(RunFiles.TRACE)
              .append(".\n\n");
          continue;
        }
        try {
          trace(a.app(), run.get(), RunDirectory.of(suiteDir, run.get()).orElseThrow());
        } catch (IOException e) {
          cannotRead(e);
        }
      }
    }
  }

  private void trace(String app, RunResult run, RunDirectory dir) throws IOException {
    TraceFile trace = dir.trace().orElseThrow();
    TraceSeries series = TraceSeries.of(trace.reports(), dir.nodes());
    if (series.isEmpty()) {
      md.append(app)
          .append(": the trace of rep ")
          .append(run.rep())
          .append(" (`")
          .append(dir.relative())
          .append("`) has no status reports.\n\n");
      return;
    }
    Optional<DecisionRecord> record = dir.decision();
    Optional<Decision> decision = record.map(DecisionRecord::last);
    List<ReportCharts.TimeMarker> markers = new ArrayList<>();
    record.ifPresent(
        r -> {
          Decision d = r.last();
          if (d.tsMs() != null) {
            markers.add(new ReportCharts.TimeMarker("T_s", series.seconds(d.tsMs())));
          }
          if (d.twMs() != null) {
            markers.add(new ReportCharts.TimeMarker("T_w", series.seconds(d.twMs())));
          }
          for (Decision v : r.versions()) {
            String label =
                r.versions().size() == 1
                    ? "decision"
                    : "v" + v.version() + " " + v.stage().name().toLowerCase(Locale.ROOT);
            markers.add(new ReportCharts.TimeMarker(label, series.seconds(v.decidedAtMs())));
          }
        });
    String chart = slug(config) + "-" + slug(app) + "-" + slug(run.method()) + "-trace.svg";
    ReportCharts.trace(
        chartsDir.resolve(chart),
        app + " on " + config + ", " + run.method() + " rep " + run.rep(),
        series,
        markers);
    image(
        app
            + " on "
            + config
            + ": shuffle progress and reducer CPU per node class, median "
            + run.method()
            + " run",
        chart);
    md.append(
        String.format(
            Locale.ROOT,
            "%s: median %s run with a trace, rep %d (%s s), `%s`",
            app,
            run.method(),
            run.rep(),
            Fmt.seconds(run.seconds()),
            dir.relative()));
    md.append(
        markers.stream()
            .map(m -> m.label() + " at " + Fmt.seconds(m.seconds()) + " s")
            .collect(
                Collectors.joining(", ", markers.isEmpty() ? "; no decision.json" : "; ", "")));
    decision
        .flatMap(Decision::fastestClass)
        .map(ClassMeasurement::p)
        .ifPresent(p -> md.append("; P=").append(Fmt.p(p)));
    md.append(".");
    if (!series.unknownNodes().isEmpty()) {
      md.append(" Reports from nodes not in nodes.csv (charted as \"")
          .append(TraceSeries.UNKNOWN_CLASS)
          .append("\"): ")
          .append(String.join(", ", series.unknownNodes()))
          .append('.');
    }
    md.append("\n\n");
  }

  private void image(String title, String chart) {
    md.append("![")
        .append(title)
        .append("](")
        .append(SuiteReport.CHARTS)
        .append('/')
        .append(chart)
        .append(")\n\n");
  }

  private void cannotRead(IOException e) {
    md.append("\n\n> **Cannot read**: ")
        .append(String.valueOf(e.getMessage()).replace('\n', ' '))
        .append("\n\n");
  }

  static String slug(String label) {
    return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-");
  }
}
