package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.fabric.FatTreeFabric;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FlowRecord;
import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.report.Intervals;
import io.pikachu.netmodels.report.Table;
import io.pikachu.netmodels.run.RunResult;
import io.pikachu.netmodels.run.Simulation;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpConfig;
import io.pikachu.netmodels.traffic.FlowList;
import io.pikachu.netmodels.traffic.FlowSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * Seed 004 (packet spraying on a k=4 fat-tree): the static scenario (Figs. 2-4), the random one
 * (Figs. 5-7) and 10 against 20 short flows (Figs. 8-9), for random spraying, single-path
 * forwarding and hashed ECMP. Each point averages {@code runs} runs with seeds {@code seed}, {@code
 * seed + 1}, ...
 *
 * <p>Choices the paper leaves open (see docs/network-models/drill-spraying.md): in the static
 * scenario the long flows start at 0 and the short flow at 20 ms, once the long flows have built
 * the bottleneck queue it is meant to meet (one long flow alone needs 84 ms); in the random
 * scenario every flow starts at 0, as applications of an ns-3 script do when no start time is
 * given; a run ends when every flow has finished (or at 60 s).
 */
public final class SprayExperiments {
  public static final long LONG_BYTES = 10_000_000;
  public static final long SHORT_BYTES = 200_000;

  /** The static scenario's short flow starts once the long flows have built the queue. */
  static final long STATIC_SHORT_START_PS = 20 * Simulator.PS_PER_MS;

  static final long END_PS = 60 * Simulator.PS_PER_S;

  public static final List<Scheme> SCHEMES =
      List.of(
          Scheme.of(Scheme.Kind.SPRAY), Scheme.of(Scheme.Kind.SINGLE), Scheme.of(Scheme.Kind.ECMP));

  private final FatTreeFabric fabric;
  private final TcpConfig tcp;
  private final int runs;
  private final int maxLong;
  private final long seed;
  private final Runner runner;
  private final List<Scheme> schemes;

  public SprayExperiments(
      FatTreeFabric fabric, TcpConfig tcp, int runs, int maxLong, long seed, Runner runner) {
    this(fabric, tcp, runs, maxLong, seed, runner, SCHEMES);
  }

  private SprayExperiments(
      FatTreeFabric fabric,
      TcpConfig tcp,
      int runs,
      int maxLong,
      long seed,
      Runner runner,
      List<Scheme> schemes) {
    this.fabric = fabric;
    this.tcp = tcp;
    this.runs = runs;
    this.maxLong = maxLong;
    this.seed = seed;
    this.runner = runner;
    this.schemes = List.copyOf(schemes);
  }

  /** Seed 004's settings: 10 runs per point, 0 to 5 long flows. */
  public static SprayExperiments full(long seed, Runner runner) {
    return new SprayExperiments(
        FatTreeFabric.spraying(), TcpConfig.sprayingDefaults(), 10, 5, seed, runner);
  }

  /** Fewer runs per point, for tests. */
  public static SprayExperiments small(long seed, Runner runner) {
    return new SprayExperiments(
        FatTreeFabric.spraying(), TcpConfig.sprayingDefaults(), 4, 5, seed, runner);
  }

  public SprayExperiments withRuns(int n) {
    if (n < 1) throw new IllegalArgumentException("--runs must be >= 1, got " + n);
    return new SprayExperiments(fabric, tcp, n, maxLong, seed, runner, schemes);
  }

  /** The same experiments for other schemes (spray, single and ECMP by default). */
  public SprayExperiments withSchemes(List<Scheme> s) {
    if (s.isEmpty()) throw new IllegalArgumentException("no scheme given");
    return new SprayExperiments(fabric, tcp, runs, maxLong, seed, runner, s);
  }

  /** Static scenario: n long flows S0..S(n-1) to S15, one short flow S0 to S15. */
  static List<FlowSpec> staticFlows(int longFlows, int hosts) {
    List<FlowSpec> f = new ArrayList<>();
    for (int i = 0; i < longFlows; i++) f.add(new FlowSpec(0, i, hosts - 1, LONG_BYTES));
    f.add(new FlowSpec(STATIC_SHORT_START_PS, 0, hosts - 1, SHORT_BYTES));
    return f;
  }

  /** Random scenario: n long flows and {@code shorts} short flows between random pairs. */
  static List<FlowSpec> randomFlows(int longFlows, int shorts, int hosts, long runSeed) {
    SplittableRandom rnd = new SplittableRandom(runSeed);
    List<FlowSpec> f = new ArrayList<>();
    for (int i = 0; i < longFlows; i++) {
      int[] pair = pair(rnd, hosts);
      f.add(new FlowSpec(0, pair[0], pair[1], LONG_BYTES));
    }
    for (int i = 0; i < shorts; i++) {
      int[] pair = pair(rnd, hosts);
      f.add(new FlowSpec(0, pair[0], pair[1], SHORT_BYTES));
    }
    return f;
  }

  private static int[] pair(SplittableRandom rnd, int hosts) {
    int s = rnd.nextInt(hosts);
    int d = rnd.nextInt(hosts - 1);
    return new int[] {s, d >= s ? d + 1 : d};
  }

  private RunResult run(Scheme scheme, List<FlowSpec> flows, long runSeed) {
    return new Simulation(fabric)
        .scheme(scheme)
        .tcp(tcp)
        .workload((rnd, n) -> new FlowList(flows))
        .seed(runSeed)
        .end(END_PS)
        .stopWhenIdle(true)
        .run();
  }

  /**
   * Per scheme and number of long flows, the mean over runs of each metric, the half-widths of
   * their 95% intervals over runs, and the runs themselves.
   */
  private record Point(
      double longGbps,
      double shortFctMs,
      double outOfOrderPct,
      double aheadPct,
      int unfinished,
      double longGbpsCi,
      double shortFctMsCi,
      List<Run> runs) {
    /** The figure table's cells after its key columns. */
    Object[] cells() {
      return new Object[] {
        longGbps, shortFctMs, outOfOrderPct, aheadPct, unfinished, longGbpsCi, shortFctMsCi
      };
    }
  }

  /** A row of {@code t}: the key columns, then the cells. */
  private static void row(Table t, Object[] keys, Object... cells) {
    Object[] all = java.util.Arrays.copyOf(keys, keys.length + cells.length);
    System.arraycopy(cells, 0, all, keys.length, cells.length);
    t.row(all);
  }

  /** A point's row in the figure's table and its runs' rows in the per-run table. */
  private static void rows(Table t, Table perRun, Point p, Object... keys) {
    row(t, keys, p.cells());
    for (Run r : p.runs) {
      row(perRun, keys, r.seed, r.longGbps, r.shortFctMs, r.outOfOrderPct, r.unfinished);
    }
  }

  /** One run's metrics. */
  private record Run(
      long seed, double longGbps, double shortFctMs, double outOfOrderPct, int unfinished) {}

  private interface Scenario {
    List<FlowSpec> flows(int longFlows, long runSeed);
  }

  private List<Point> points(Scheme scheme, Scenario scenario, String name) {
    List<Runner.Job> jobs = new ArrayList<>();
    for (int n = 0; n <= maxLong; n++) {
      for (int r = 0; r < runs; r++) {
        int nl = n;
        long s = seed + r;
        jobs.add(
            new Runner.Job(
                name + " " + scheme.label() + " n=" + n + " run " + r,
                () -> run(scheme, scenario.flows(nl, s), s)));
      }
    }
    List<RunResult> results = runner.run(jobs);
    List<Point> out = new ArrayList<>();
    for (int n = 0; n <= maxLong; n++) {
      double gbps = 0;
      double fct = 0;
      long ooo = 0;
      long ahead = 0;
      long data = 0;
      int unfinished = 0;
      double[] gbpsRuns = new double[runs];
      double[] fctRuns = new double[runs];
      List<Run> perRun = new ArrayList<>();
      for (int r = 0; r < runs; r++) {
        RunResult res = results.get(n * runs + r);
        List<FlowRecord> longs = select(res.flows(), f -> f.bytes() == LONG_BYTES);
        List<FlowRecord> shorts = select(res.flows(), f -> f.bytes() == SHORT_BYTES);
        int cut = (int) (res.started() - res.flows().size());
        unfinished += cut;
        gbpsRuns[r] =
            longs.stream().mapToDouble(FlowRecord::throughputBps).average().orElse(Double.NaN)
                / 1e9;
        fctRuns[r] = shorts.stream().mapToDouble(f -> f.fctPs() / 1e9).average().orElse(Double.NaN);
        gbps += gbpsRuns[r];
        fct += fctRuns[r];
        long runOoo = 0;
        long runData = 0;
        for (FlowRecord f : shorts) {
          ooo += f.outOfOrder();
          ahead += f.aheadOfOrder();
          data += f.dataPackets();
          runOoo += f.outOfOrder();
          runData += f.dataPackets();
        }
        perRun.add(
            new Run(
                seed + r,
                gbpsRuns[r],
                fctRuns[r],
                runData == 0 ? 0 : 100.0 * runOoo / runData,
                cut));
      }
      out.add(
          new Point(
              gbps / runs,
              fct / runs,
              data == 0 ? 0 : 100.0 * ooo / data,
              data == 0 ? 0 : 100.0 * ahead / data,
              unfinished,
              Intervals.halfWidth95(gbpsRuns),
              Intervals.halfWidth95(fctRuns),
              perRun));
    }
    return out;
  }

  private static List<FlowRecord> select(List<FlowRecord> all, Predicate<FlowRecord> p) {
    return all.stream().filter(p).toList();
  }

  /** Figs. 2-4: static scenario. */
  public Figure staticScenario() {
    return figure(
        "spray-static",
        "Seed 004 static scenario: n long flows S0..S(n-1) -> S15 and a 200 KB flow S0 -> S15",
        (n, s) -> staticFlows(n, fabric.hostCount()),
        "Fig. 2",
        "Fig. 3",
        "Fig. 4");
  }

  /** Figs. 5-7: random scenario with 20 short flows. */
  public Figure randomScenario() {
    return figure(
        "spray-random",
        "Seed 004 random scenario: n long flows and 20 short flows between random pairs",
        (n, s) -> randomFlows(n, 20, fabric.hostCount(), s),
        "Fig. 5",
        "Fig. 6",
        "Fig. 7");
  }

  /**
   * A table of the per-point metrics after the given key columns; the last two columns are the
   * half-widths of the 95% intervals over runs of the first two.
   */
  private static Table table(String title, String... keys) {
    List<String> h = new ArrayList<>(List.of(keys));
    h.addAll(
        List.of(
            "long_flow_gbps",
            "short_fct_ms",
            "short_late_pct",
            "short_ahead_pct",
            "unfinished",
            "long_flow_gbps_ci95",
            "short_fct_ms_ci95"));
    return new Table(title, h.toArray(new String[0]));
  }

  /** One row per run, after the given key columns. */
  private static Table runsTable(String title, String... keys) {
    List<String> h = new ArrayList<>(List.of(keys));
    h.addAll(List.of("seed", "long_flow_gbps", "short_fct_ms", "short_late_pct", "unfinished"));
    return new Table(title + ", run by run", h.toArray(new String[0]));
  }

  private Figure figure(String id, String title, Scenario sc, String f1, String f2, String f3) {
    Table t = table(title, "scheme", "long_flows");
    Table perRun = runsTable(title, "scheme", "long_flows");
    Chart thr = new Chart(f1 + ": mean long-flow throughput", "long flows", "Gbps").integerX();
    Chart fct = new Chart(f2 + ": mean short-flow completion time", "long flows", "ms").integerX();
    Chart ooo = new Chart(f3 + ": short-flow packets out of order", "long flows", "%").integerX();
    for (Scheme s : schemes) {
      List<Point> ps = points(s, sc, id);
      for (int n = 0; n <= maxLong; n++) {
        Point p = ps.get(n);
        rows(t, perRun, p, s.label(), n);
        if (n > 0) thr.point(s.label(), n, p.longGbps);
        fct.point(s.label(), n, p.shortFctMs);
        ooo.point(s.label(), n, p.outOfOrderPct);
      }
    }
    if (id.equals("spray-random") && schemes.contains(SCHEMES.get(0))) {
      // The paper's only number (Fig. 7): "about 20% of packets are delivered out of order".
      for (int n = 0; n <= maxLong; n++) ooo.reference("spray", "paper, about", n, 20);
    }
    t.note(runs + " runs per point (seeds " + seed + ".." + (seed + runs - 1) + "); " + tcpNote());
    return new Figure(id, t, List.of(thr, fct, ooo), perRun);
  }

  /** Figs. 8-9: 10 against 20 short flows in the random scenario, 1..maxLong long flows. */
  public Figure shortFlowCount() {
    Table t =
        table(
            "Seed 004: 10 vs 20 short flows (random scenario)",
            "scheme",
            "short_flows",
            "long_flows");
    Table perRun =
        runsTable(
            "Seed 004: 10 vs 20 short flows (random scenario)",
            "scheme",
            "short_flows",
            "long_flows");
    Chart thr =
        new Chart("Fig. 8: mean long-flow throughput, 10 vs 20 short flows", "long flows", "Gbps")
            .integerX();
    Chart fct =
        new Chart(
                "Fig. 9: mean short-flow completion time, 10 vs 20 short flows", "long flows", "ms")
            .integerX();
    for (Scheme s : List.of(Scheme.of(Scheme.Kind.SPRAY), Scheme.of(Scheme.Kind.SINGLE))) {
      for (int shorts : new int[] {10, 20}) {
        int k = shorts;
        List<Point> ps =
            points(s, (n, sd) -> randomFlows(n, k, fabric.hostCount(), sd), "spray-shorts" + k);
        for (int n = 1; n <= maxLong; n++) {
          Point p = ps.get(n);
          rows(t, perRun, p, s.label(), shorts, n);
          thr.point(s.label() + ", " + shorts + " short", n, p.longGbps);
          fct.point(s.label() + ", " + shorts + " short", n, p.shortFctMs);
        }
      }
    }
    t.note(runs + " runs per point; " + tcpNote());
    return new Figure("spray-shorts", t, List.of(thr, fct), perRun);
  }

  private String tcpNote() {
    return String.format(
        java.util.Locale.ROOT,
        "TCP NewReno, %d B segments, initial window %d, min RTO %.0f ms, fast retransmit after %d dup ACKs, no SACK",
        tcp.mss(),
        tcp.initialCwnd(),
        tcp.minRtoPs() / 1e9,
        tcp.dupAckThreshold());
  }
}
