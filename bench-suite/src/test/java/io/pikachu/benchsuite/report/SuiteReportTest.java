package io.pikachu.benchsuite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.DecisionStage;
import io.pikachu.core.decision.ImmutableDecision;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.ImmutableClassMeasurement;
import io.pikachu.core.decision.observe.Reports;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.decision.trace.TraceHeader;
import io.pikachu.core.partitioning.Slicing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class SuiteReportTest {
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path dir;

  private SyntheticSuite suite;

  @BeforeEach
  void setUp() {
    suite = new SyntheticSuite(dir);
  }

  /**
   * config-1 (fast and slow nodes): wordcount with every method and a sweep whose lowest median
   * (P=4, 79 s) is neither its lowest single time (P=3 has a 70 s run) nor its lowest mean, and a
   * two-stage controller that corrected one run of three; sort without a sweep; selfjoin where
   * stock is near optimal, the one-shot Pikachu is 10% slower and two-stage 2.5%. homogeneous:
   * wordcount, stock, pikachu and two-stage, which kept the even map.
   */
  private void fullSuite() throws IOException {
    String w = "wordcount";
    String c1 = "config-1";
    double[] stock = {100, 102, 98};
    double[] tarazu = {90, 92, 91};
    double[] pikachu = {80, 81, 79};
    for (int rep = 1; rep <= 3; rep++) {
      suite.run(w, c1, "stock", rep, stock[rep - 1]).reducersDone(50, 100).add();
      suite
          .run(w, c1, "tarazu", rep, tarazu[rep - 1])
          .p(2.0 + rep / 10.0)
          .reducersDone(80, 90)
          .shuffle(1_020_000_000L, 20_000_000L)
          .digest(rep == 2 ? "999:0000000000000bad" : SyntheticSuite.DIGEST)
          .decided("REDUCERS_PLACED", true)
          .add();
      suite
          .run(w, c1, "pikachu", rep, pikachu[rep - 1])
          .p(4.4 + rep / 10.0)
          .reducersDone(70, 75)
          .shuffle(1_080_000_000L, 70_000_000L)
          .decided("STABILISED", true)
          .add();
    }
    suite.run(w, c1, "pikachu", 4, 10).failed("container killed | out of memory").add();
    double[] twoStage = {78, 80, 79};
    for (int rep = 1; rep <= 3; rep++) {
      boolean corrected = rep == 1;
      suite
          .run(w, c1, "two-stage", rep, twoStage[rep - 1])
          .p(corrected ? 3.0 : 4.0)
          .twoStage(4.2, corrected ? "CORRECTED" : "CONFIRMED")
          .reducersDone(72, 74)
          .shuffle(corrected ? 1_150_000_000L : 1_020_000_000L + rep, corrected ? 150_000_000L : 0)
          .decided("STABILISED", true)
          .add();
    }
    double[][] sweep = {{2, 85, 86, 84}, {3, 70, 90, 91}, {4, 78, 79, 200}};
    for (double[] point : sweep) {
      for (int rep = 1; rep <= 3; rep++) {
        suite
            .run(
                w,
                c1,
                String.format(java.util.Locale.ROOT, "fixed-%.2f", point[0]),
                rep,
                point[rep])
            .p(point[0])
            .reducersDone(60, 66)
            .shuffle(1_050_000_000L, 50_000_000L)
            .add();
      }
    }
    for (int rep = 1; rep <= 2; rep++) {
      suite.run("sort", c1, "stock", rep, 50 + rep).reducersDone(40, 45).add();
      suite.run("sort", c1, "pikachu", rep, 52 + rep).p(0.7).reducersDone(44, 46).add();
    }
    for (int rep = 1; rep <= 3; rep++) {
      suite.run("selfjoin", c1, "stock", rep, 60).reducersDone(55, 58).add();
      suite.run("selfjoin", c1, "pikachu", rep, 66).p(1.1).reducersDone(60, 64).add();
      suite.run("selfjoin", c1, "fixed-1.00", rep, 59.5).p(1).reducersDone(55, 57).add();
      suite
          .run("selfjoin", c1, "two-stage", rep, 61.5)
          .p(1.2)
          .twoStage(1.2, "CONFIRMED")
          .reducersDone(58, 60)
          .decided("ALL_MAPS_DONE", true)
          .add();
    }
    String h = "homogeneous";
    suite.run(w, h, "stock", 1, 90).add();
    suite.run(w, h, "stock", 2, 91).add();
    suite.run(w, h, "pikachu", 1, 91).decided("SINGLE_CLASS", false).add();
    suite.run(w, h, "pikachu", 2, 92).decided("SINGLE_CLASS", false).add();
    suite.run(w, h, "two-stage", 1, 89).decided("SINGLE_CLASS", false).add();
    suite.run(w, h, "two-stage", 2, 93).decided("SINGLE_CLASS", false).add();
    SyntheticSuite.homogeneousNodes(dir.resolve("runs/wordcount/homogeneous/stock/rep1"));

    Path pikachuRun =
        dir.resolve("runs/wordcount/config-1/pikachu/rep1"); // 80 s: the median of 79, 80, 81
    SyntheticSuite.heterogeneousNodes(pikachuRun);
    SyntheticSuite.write(
        pikachuRun.resolve("tasks.csv"),
        "attempt,type,node,start_s,shuffle_done_s,sort_done_s,"
            + "finish_s,shuffle_bytes,cpu_s\n"
            + SyntheticSuite.task("m0", "map", "fast0", 0, 10, 0, 9)
            + SyntheticSuite.task("m1", "map", "fast0", 10, 20, 0, 9.5)
            + SyntheticSuite.task("m2", "map", "slow0", 0, 30, 0, 7)
            + SyntheticSuite.task("r0", "reduce", "fast0", 5, 70, 600_000_000L, 30)
            + SyntheticSuite.task("r1", "reduce", "slow0", 5, 74, 250_000_000L, 12)
            + SyntheticSuite.task("r2", "reduce", "slow1", 5, 76, 230_000_000L, 11));
    SyntheticSuite.write(
        pikachuRun.resolve("decision.json"),
        DecisionJson.write(DecisionRecord.of(List.of(decision()))));
    writeTrace(pikachuRun.resolve("trace.jsonl"));
    SyntheticSuite.heterogeneousNodes(dir.resolve("runs/wordcount/config-1/stock/rep1"));
    SyntheticSuite.write(
        dir.resolve("setup.md"), "Machine: 2 cores, test fixture.\nCommand: `suite --all`\n");
  }

  private static Decision decision() {
    ClassMeasurement fast =
        ImmutableClassMeasurement.builder()
            .name("fast")
            .nodes(List.of("localhost:4001"))
            .speed(0.4)
            .mapRate(0.1)
            .reducers(List.of(0))
            .reducerCapacity(0.2)
            .shuffleRate(2.0)
            .cpuCatchUp(1.2)
            .cpuSteady(0.55)
            .efficiency(0.46)
            .caughtUp(true)
            .p(4.5)
            .build();
    ClassMeasurement slow =
        ImmutableClassMeasurement.builder()
            .name("slow")
            .nodes(List.of("localhost:4002", "localhost:4003"))
            .speed(0.1)
            .mapRate(0.03)
            .reducers(List.of(1, 2))
            .reducerCapacity(0.05)
            .shuffleRate(0.5)
            .cpuCatchUp(0.6)
            .cpuSteady(0.6)
            .efficiency(1.0)
            .caughtUp(false)
            .p(1.0)
            .build();
    return ImmutableDecision.builder()
        .estimator("pikachu")
        .reason(DecisionReason.STABILISED)
        .decidedAtMs(T0 + 16_000)
        .firstReducerMs(T0 + 2_000)
        .tsMs(T0 + 10_000L)
        .twMs(T0 + 15_000L)
        .windowStartMs(T0 + 5_000L)
        .windowEndMs(T0 + 15_000L)
        .waveMaps(3)
        .mapsCompleted(12)
        .totalMaps(24)
        .binsPerReducer(10)
        .deadband(0.05)
        .rebalanced(true)
        .referenceClass("slow")
        .classes(List.of(fast, slow))
        .reducerClasses(List.of("fast", "slow", "slow"))
        .reducerBins(List.of(18, 6, 6))
        .owners("0*18,1*6,2*6")
        .version(1)
        .stage(DecisionStage.FINAL)
        .notes(List.of())
        .rules(List.of())
        .build();
  }

  private static void writeTrace(Path file) throws IOException {
    try (TraceFile.Recorder out =
        new TraceFile.Recorder(
            Files.newBufferedWriter(file, StandardCharsets.UTF_8),
            TraceHeader.of(3, "synthetic", Map.of(), Slicing.HASH))) {
      for (int s = 0; s <= 30; s++) {
        long t = T0 + s * 1000L;
        int completed = Math.min(24, s);
        out.record(
            Reports.map(t, "attempt_m", 0, "localhost:4002")
                .progress(0.5)
                .mapsCompleted(completed)
                .totalMaps(24)
                .cpuMs(100L * s)
                .launchTimeMs(T0)
                .build());
        out.record(reduce(t, 0, "localhost:4001", completed, 800L * s));
        out.record(reduce(t, 1, "localhost:4002", completed / 2, 200L * s));
        out.record(reduce(t, 2, "localhost:4003", completed / 2, 200L * s));
      }
    }
  }

  private static StatusReport reduce(long t, int index, String node, int copied, long cpuMs) {
    return Reports.reduce(t, "attempt_r_" + index, index, node)
        .progress(copied / 72.0)
        .mapsCopied(copied)
        .mapsCompleted(Math.min(24, (int) ((t - T0) / 1000)))
        .totalMaps(24)
        .cpuMs(cpuMs)
        .launchTimeMs(T0)
        .build();
  }

  private String report() throws IOException {
    Path report = SuiteReport.write(dir);
    assertEquals(dir.resolve("report.md"), report);
    return Files.readString(report);
  }

  /**
   * The part of the report for one configuration, so a figure is not found in another
   * configuration's table.
   */
  private static String section(String report, String config) {
    int start = report.indexOf("\n## " + config + "\n");
    assertTrue(start >= 0, "no section for " + config);
    int end = report.indexOf("\n## ", start + 1);
    return report.substring(start, end < 0 ? report.length() : end);
  }

  private static String rowOf(String text, String... cells) {
    return text.lines()
        .filter(l -> l.startsWith("| ") && Stream.of(cells).allMatch(l::contains))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("no table row with " + List.of(cells) + " in\n" + text));
  }

  @Test
  void optimalIsTheSweepPointWithTheLowestMedianTime() throws IOException {
    fullSuite();
    String c1 = section(report(), "config-1");
    assertTrue(c1.contains("| wordcount | optimal (P=4.00) | 79.0 | 3 | 78.0–200.0 | 1.27x |"), c1);
    assertTrue(
        rowOf(c1, "| wordcount | 79.0 | 80.0 | 79.0 |")
            .contains("| 4.00 | 100.0% | 98.8% | 86.8% |"),
        c1);
    assertTrue(c1.contains("**P=4.00: 79.0 s (n=3), optimal**"));
  }

  @Test
  void speedupIsStocksMedianOverTheMethodsMedian() throws IOException {
    fullSuite();
    String c1 = section(report(), "config-1");
    assertTrue(c1.contains("| wordcount | stock | 100.0 | 3 | 98.0–102.0 | 1.00x |"), c1);
    assertTrue(c1.contains("| wordcount | tarazu | 91.0 | 3 | 90.0–92.0 | 1.10x |"), c1);
    // The failed fourth repetition is not counted.
    assertTrue(c1.contains("| wordcount | pikachu | 80.0 | 3 | 79.0–81.0 | 1.25x |"), c1);
  }

  @Test
  void chosenPIsTheMedianOverRepetitionsWithItsRange() throws IOException {
    fullSuite();
    String row = rowOf(section(report(), "config-1"), "| wordcount | 2.20 (2.10–2.30)");
    assertTrue(
        row.contains(
            "| 4.60 (4.50–4.70) | 4.20 | 4.00 (3.00–4.00) | 4.00 | STABILISED ×3; rebalanced 3/3 |"
                + " STABILISED ×3; CORRECTED ×1, CONFIRMED ×2; rebalanced 3/3 |"),
        row);
  }

  @Test
  void correctionsAreCountedWithWhatTheyCost() throws IOException {
    fullSuite();
    String row = rowOf(section(report(), "config-1"), "| wordcount | 3 | 3 | 1 | 2 |");
    // One corrected run re-fetched 150 MB (+15% over stock's bytes); the two others 0 (+2%).
    assertTrue(row.contains("| 150.0 | 0.0 | +15.0% | +2.0% | 0.0 |"), row);
    String sort = rowOf(section(report(), "config-1"), "| sort | 0 |");
    assertTrue(sort.contains("n/a"), sort);
  }

  @Test
  void aCorrectionInEveryRunLeavesThePenaltyTargetWithoutData() throws IOException {
    suite.run("sort", "config-1", "stock", 1, 50).add();
    suite.run("sort", "config-1", "two-stage", 1, 48).twoStage(4, "CORRECTED").add();
    String targets = report().split("\n## Targets\n")[1];
    assertTrue(
        rowOf(targets, Targets.TS_PENALTY, "| sort |")
            .contains("| n/a | every two-stage run (1) published a correction"),
        targets);
  }

  @Test
  void aChangedMapOnConfig2IsJudgedByItsCostAgainstStock() throws IOException {
    suite.run("sort", "config-2", "stock", 1, 50).add();
    suite.run("sort", "config-2", "two-stage", 1, 50.5).twoStage(1.3, "CONFIRMED").add();
    suite.run("wordcount", "config-2", "stock", 1, 50).add();
    suite.run("wordcount", "config-2", "two-stage", 1, 52).twoStage(1.3, "CONFIRMED").add();
    String targets = report().split("\n## Targets\n")[1];
    assertTrue(
        rowOf(targets, Targets.TS_EVEN, "| config-2 | sort |")
            .contains("| met | the map changed in some runs; two-stage +1.0% vs stock"),
        targets);
    assertTrue(
        rowOf(targets, Targets.TS_EVEN, "| config-2 | wordcount |")
            .contains("| **MISSED** | the map changed in some runs; two-stage +4.0% vs stock"));
  }

  @Test
  void failedRunsAreListedWithTheirStatus() throws IOException {
    fullSuite();
    String report = report();
    assertTrue(
        report.contains(
            "| config-1 | wordcount | pikachu | 4 | failed: container killed \\| out of memory |"),
        report);
    assertTrue(report.contains("1 failed"));
  }

  @Test
  void aDigestDifferentFromStocksIsFlagged() throws IOException {
    fullSuite();
    String c1 = section(report(), "config-1");
    assertTrue(c1.contains("- **MISMATCH** wordcount: 1 of 21 runs differ"), c1);
    assertTrue(rowOf(c1, "| wordcount | tarazu | 2 |").contains("999:0000000000000bad"));
    assertTrue(c1.contains("- sort: all 4 runs produced stock Hadoop's output"), c1);
  }

  @Test
  void shufflePenaltyAndGapAreComputedFromTheMedians() throws IOException {
    fullSuite();
    String c1 = section(report(), "config-1");
    assertTrue(rowOf(c1, "| wordcount | pikachu | 1080.0 |").contains("| +8.0% | 7.0% |"));
    assertTrue(
        rowOf(c1, "| wordcount | +50.0% (fast 50.0 s, slow 100.0 s) |")
            .contains("| +6.7% (fast 70.0 s, slow 75.0 s) | +2.7% (fast 72.0 s, slow 74.0 s) |"));
  }

  @Test
  void targetsAreMetOrMissedByTheData() throws IOException {
    fullSuite();
    String targets = report().split("\n## Targets\n")[1];
    assertTrue(
        rowOf(targets, Targets.SHARE, "| config-1 | wordcount |").contains("| met | 98.8%"),
        targets);
    assertTrue(
        rowOf(targets, Targets.PENALTY, "| config-1 | wordcount |")
            .contains("| **MISSED** | +8.0%"));
    assertTrue(
        rowOf(targets, Targets.BEATS_TARAZU, "| config-1 | wordcount |").contains("| met |"));
    assertTrue(rowOf(targets, Targets.GAP, "| config-1 | wordcount |").contains("| met | +6.7%"));
    assertTrue(
        rowOf(targets, Targets.NO_HARM, "| config-1 | selfjoin |")
            .contains("| **MISSED** | pikachu +10.0%"));
    assertTrue(
        rowOf(targets, Targets.NO_HARM, "| config-1 | wordcount |")
            .contains("| n/a | stock +26.6%"));
    assertTrue(
        rowOf(targets, Targets.OUTPUT, "| config-1 | wordcount |")
            .contains("| **MISSED** | MISMATCH"));
    assertTrue(
        rowOf(targets, Targets.NO_HARM, "| homogeneous | wordcount |")
            .contains("| met | pikachu +1.1%"));
    assertTrue(
        rowOf(targets, Targets.TS_OPTIMAL, "| config-1 | wordcount |")
            .contains("| met | two-stage +0.0% vs optimal (79.0 s against 79.0 s at P=4.00)"),
        targets);
    assertTrue(
        rowOf(targets, Targets.TS_OPTIMAL, "| config-1 | selfjoin |")
            .contains("| **MISSED** | two-stage +3.4% vs optimal"));
    assertTrue(
        rowOf(targets, Targets.TS_STOCK, "| config-1 | wordcount |")
            .contains("| met | two-stage -21.0% vs stock"));
    assertTrue(
        rowOf(targets, Targets.TS_STOCK, "| config-1 | selfjoin |")
            .contains("| **MISSED** | two-stage +2.5% vs stock"));
    assertTrue(
        rowOf(targets, Targets.TS_EVEN, "| homogeneous | wordcount |")
            .contains("| met | even map kept in every run (two-stage +0.6% vs stock)"),
        targets);
    assertTrue(
        rowOf(targets, Targets.TS_PENALTY, "| config-1 | wordcount |")
            .contains(
                "| met | +2.0% bytes shuffled vs stock, re-fetched 0.0% of stock's shuffle"
                    + " (2 runs without a correction, 1 with)"));
    assertFalse(targets.contains("| " + Targets.TS_EVEN + " | config-1 |"), "config-1 only");
    assertFalse(targets.contains("| " + Targets.TS_OPTIMAL + " | homogeneous |"));
    assertTrue(rowOf(targets, Targets.GAP, "| homogeneous | wordcount |").contains("| n/a |"));
    assertFalse(
        targets.contains("| " + Targets.BEATS_TARAZU + " | config-1 | sort |"),
        "sort is not compute-bound");
  }

  @Test
  void missingMethodsAndSweepsShowAsNotAvailable() throws IOException {
    fullSuite();
    String report = report();
    String c1 = section(report, "config-1");
    assertTrue(c1.contains("| sort | optimal | n/a | 0 | n/a | n/a |"), c1);
    assertTrue(c1.contains("| sort | tarazu | n/a | 0 | n/a | n/a |"), c1);
    assertTrue(c1.contains("sort: no sweep points, so Optimal is n/a."));
    assertTrue(
        rowOf(report.split("\n## Targets\n")[1], Targets.SHARE, "| sort |")
            .contains("| n/a | no sweep"));
  }

  @Test
  void equalNodesHaveNoGapButPikachusCostVsStock() throws IOException {
    fullSuite();
    String h = section(report(), "homogeneous");
    assertTrue(h.contains("equal nodes (one node class)"), h);
    assertTrue(h.contains("| wordcount | n/a | n/a | n/a | n/a |"), h);
    assertTrue(h.contains("| wordcount | 90.5 | 91.0 | +0.6% | 0/2 | 91.5 | +1.1% | 0/2 |"), h);
    assertTrue(h.contains("Equal nodes: no fast and slow classes to compare."));
  }

  @Test
  void perNodeBreakdownOfTheMedianPikachuRun() throws IOException {
    fullSuite();
    String c1 = section(report(), "config-1");
    assertTrue(c1.contains("**wordcount, median pikachu run** (rep 1, 80.0 s"), c1);
    assertTrue(
        c1.contains("| fast0 | fast | 1.00 | 2 | 1 | 18.5 | 30.0 | 600.0 | 600.0 | 70.0 |"), c1);
    assertTrue(
        c1.contains("| slow1 | slow | 0.25 | 0 | 1 | 0.0 | 11.0 | 230.0 | 230.0 | 76.0 |"), c1);
    assertTrue(c1.contains("**wordcount, median stock run** (rep 1, 100.0 s"), c1);
    assertTrue(c1.contains("no tasks.csv in `runs/wordcount/config-1/stock/rep1`"), c1);
  }

  @Test
  void traceChartMarksTsAndTwFromTheDecision() throws IOException {
    fullSuite();
    String c1 = section(report(), "config-1");
    assertTrue(
        c1.contains(
            "rep 1 (80.0 s), `runs/wordcount/config-1/pikachu/rep1`; T_s at 10.0 s, T_w at 15.0 s, "
                + "decision at 16.0 s; P=4.50."),
        c1);
    String svg = Files.readString(dir.resolve("charts/config-1-wordcount-pikachu-trace.svg"));
    assertTrue(svg.contains("T_s") && svg.contains("T_w"), "markers are labelled");
    assertTrue(svg.contains("fast reducers: CPU") && svg.contains("slow reducers: maps copied"));
  }

  @Test
  void everyLinkedChartIsAnSvgFile() throws Exception {
    fullSuite();
    String report = report();
    Matcher links = Pattern.compile("!\\[[^]]+]\\((charts/[^)]+)\\)").matcher(report);
    List<String> linked = new ArrayList<>();
    while (links.find()) {
      linked.add(links.group(1));
    }
    assertTrue(
        linked.containsAll(
            List.of(
                "charts/config-1-job-time.svg",
                "charts/config-1-wordcount-sweep.svg",
                "charts/config-1-selfjoin-sweep.svg",
                "charts/config-1-wordcount-pikachu-trace.svg",
                "charts/homogeneous-job-time.svg")),
        linked.toString());
    assertFalse(linked.contains("charts/config-1-sort-sweep.svg"), "no sweep, no chart");
    try (Stream<Path> files = Files.list(dir.resolve("charts"))) {
      assertEquals(linked.size(), files.count(), "every chart written is linked");
    }
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setNamespaceAware(true);
    // JFreeSVG writes a DOCTYPE naming the SVG 1.1 DTD; the test must not need the network to parse
    // it.
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    for (String chart : linked) {
      Document svg = factory.newDocumentBuilder().parse(dir.resolve(chart).toFile());
      assertEquals("svg", svg.getDocumentElement().getLocalName(), chart);
    }
  }

  @Test
  void setupIsIncludedVerbatim() throws IOException {
    fullSuite();
    assertTrue(
        report().contains("## Setup\n\nMachine: 2 cores, test fixture.\nCommand: `suite --all`\n"));
  }

  @Test
  void aDamagedRunFileIsReportedNotFatal() throws IOException {
    fullSuite();
    SyntheticSuite.write(
        dir.resolve("runs/wordcount/config-1/pikachu/rep1/tasks.csv"),
        "attempt,type,node,start_s,shuffle_done_s,sort_done_s,finish_s,shuffle_bytes,cpu_s\nr0,reduce,fast0,x,,,"
            + "1,2,3\n");
    String c1 = section(report(), "config-1");
    assertTrue(
        c1.contains("> **Cannot read**: runs/wordcount/config-1/pikachu/rep1/tasks.csv line 2"),
        c1);
  }

  @Test
  void onlyStockRunsGiveNotAvailableRatherThanAnError() throws IOException {
    suite.run("sort", "config-2", "stock", 1, 40).add();
    String report = report();
    String c2 = section(report, "config-2");
    assertTrue(c2.contains("| sort | pikachu | n/a | 0 | n/a | n/a |"), c2);
    assertTrue(c2.contains("No setup.md") || report.contains("No setup.md"));
    assertTrue(
        rowOf(report, Targets.SHARE, "| sort |").contains("| n/a | no successful pikachu run"));
  }

  @Test
  void anEmptySuiteStillGetsAReport() throws IOException {
    String report = report();
    assertTrue(report.contains("No runs recorded yet."), report);
    assertTrue(report.contains("No runs, nothing to check."));
  }
}
