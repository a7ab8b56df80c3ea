package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FctSummary;
import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.report.Intervals;
import io.pikachu.netmodels.report.Table;
import io.pikachu.netmodels.run.RunResult;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 002 (DRILL with delayed queue lengths): mean FCT against load for every scheme (Figs. 5.3,
 * 5.4, 5.7, 5.8), and mean FCT and queue standard deviation against the update interval at 40% and
 * 80% load (Figs. 5.1, 5.2, 5.5, 5.6, 5.9, 5.10). Each point averages {@code runs} runs with seeds
 * {@code seed}, {@code seed + 1}, ...
 */
public final class DrillExperiments {
  public static final double[] LOADS = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};

  /** The thesis's fixed intervals (its "0.1 s ... 100 s" lost the micro sign). */
  public static final double[] LOAD_INTERVALS_US = {0.1, 1, 10, 100};

  /** The sweep of Figs. 5.1, 5.2, 5.5, 5.6, 5.9, 5.10 (100 ns to 100 us). */
  public static final double[] SWEEP_INTERVALS_US = {0.1, 0.2, 0.5, 1, 2, 4, 10, 30, 100};

  public static final double[] SWEEP_LOADS = {0.4, 0.8};

  private final DrillSetup setup;
  private final long seed;
  private final int runs;
  private final Runner runner;
  private RunCache cache;

  public DrillExperiments(DrillSetup setup, long seed, int runs, Runner runner) {
    if (runs < 1) throw new IllegalArgumentException("--runs must be >= 1, got " + runs);
    this.setup = setup;
    this.seed = seed;
    this.runs = runs;
    this.runner = runner;
  }

  /** Keeps every run's point in {@code dir} and reuses the points found there. */
  public DrillExperiments withCache(java.nio.file.Path dir) {
    cache = new RunCache(dir);
    return this;
  }

  public static Scheme drill() {
    return Scheme.of(Scheme.Kind.DRILL);
  }

  public static Scheme ecmp() {
    return Scheme.of(Scheme.Kind.ECMP);
  }

  /** PIU at a nominal interval (the thesis's), stretched by the setup's interval scale. */
  public Scheme piu(double us) {
    return Scheme.piu(Math.round(us * setup.intervalScale() * Simulator.PS_PER_US));
  }

  /** CU at a nominal interval, stretched by the setup's interval scale. */
  public Scheme cu(double us) {
    return Scheme.cu(Math.round(us * setup.intervalScale() * Simulator.PS_PER_US));
  }

  /** The schemes of the load figures: DRILL, ECMP, RR, PIU and CU at 0.1-100 us, PPU. */
  public List<Scheme> loadSchemes() {
    List<Scheme> s = new ArrayList<>();
    s.add(drill());
    s.add(ecmp());
    s.add(Scheme.of(Scheme.Kind.ROUND_ROBIN));
    for (double us : LOAD_INTERVALS_US) s.add(piu(us));
    s.add(Scheme.of(Scheme.Kind.PPU));
    for (double us : LOAD_INTERVALS_US) s.add(cu(us));
    return s;
  }

  /** The schemes of the staleness figures: DRILL, ECMP, RR, PPU, and PIU and CU over the sweep. */
  public List<Scheme> sweepSchemes() {
    List<Scheme> s = new ArrayList<>();
    s.add(drill());
    s.add(ecmp());
    s.add(Scheme.of(Scheme.Kind.ROUND_ROBIN));
    s.add(Scheme.of(Scheme.Kind.PPU));
    for (double us : SWEEP_INTERVALS_US) s.add(piu(us));
    for (double us : SWEEP_INTERVALS_US) s.add(cu(us));
    return s;
  }

  /** Averages over runs of one (load, scheme) point. */
  public record Point(
      double load,
      Scheme scheme,
      int flows,
      long unfinished,
      FctSummary fct,
      double smallMeanMs,
      double largeMeanMs,
      double queueLeaf,
      double queueSpine,
      long drops) {
    /** The same results, labelled with a load and scheme (a point read from a cache). */
    Point at(double l, Scheme s) {
      return new Point(
          l, s, flows, unfinished, fct, smallMeanMs, largeMeanMs, queueLeaf, queueSpine, drops);
    }

    /** The same results with the queues unmeasured (NaN), as a run without sampling has them. */
    Point withoutQueues() {
      return new Point(
          load,
          scheme,
          flows,
          unfinished,
          fct,
          smallMeanMs,
          largeMeanMs,
          Double.NaN,
          Double.NaN,
          drops);
    }

    /** The thesis's queue figure: the mean of the leaf and spine averages. */
    public double queueStd() {
      return (queueLeaf + queueSpine) / 2;
    }
  }

  /**
   * Runs every (load, scheme) pair; results in the order loads x schemes. With a cache, runs
   * already done (same setup, load, scheme, seed and sampling; a run without sampling is also found
   * as the sampled one) are read back instead of run again, so a long sweep can be done in parts
   * and resumed.
   */
  public List<Point> points(double[] loads, List<Scheme> schemes, boolean sampleQueues) {
    return sweep(loads, schemes, sampleQueues).means();
  }

  /** Each point's mean over its runs, and the runs of each point, in the same order. */
  private record Sweep(List<Point> means, List<List<Point>> runs) {}

  private Sweep sweep(double[] loads, List<Scheme> schemes, boolean sampleQueues) {
    int n = loads.length * schemes.size() * runs;
    Point[] single = new Point[n];
    List<Runner.Job> jobs = new ArrayList<>();
    List<Integer> slots = new ArrayList<>();
    int slot = 0;
    for (double load : loads) {
      for (Scheme s : schemes) {
        for (int r = 0; r < runs; r++, slot++) {
          long sd = seed + r;
          Point cached = cache == null ? null : cached(load, s, sd, sampleQueues);
          if (cached != null) {
            single[slot] = cached.at(load, s);
            continue;
          }
          slots.add(slot);
          jobs.add(
              new Runner.Job(
                  String.format(Locale.ROOT, "load %.0f%% %s seed %d", 100 * load, s.label(), sd),
                  () -> {
                    RunResult result = setup.simulation(s, load, sd, sampleQueues).run();
                    // Kept as soon as it finishes: a sweep stopped part-way loses only the runs
                    // in progress.
                    if (cache != null)
                      cache.put(key(load, s, sd, sampleQueues), of(load, s, result));
                    return result;
                  }));
        }
      }
    }
    List<RunResult> results = runner.run(jobs);
    int perLoad = schemes.size() * runs;
    for (int k = 0; k < results.size(); k++) {
      int at = slots.get(k);
      double load = loads[at / perLoad];
      Scheme s = schemes.get((at % perLoad) / runs);
      single[at] = of(load, s, results.get(k));
    }
    List<Point> out = new ArrayList<>();
    List<List<Point>> each = new ArrayList<>();
    for (int k = 0; k < n; k += runs) {
      List<Point> group = List.of(single).subList(k, k + runs);
      out.add(mean(group));
      each.add(group);
    }
    return new Sweep(out, each);
  }

  /**
   * The cached point of a run, or null. A run without queue sampling is also found as the same run
   * with sampling (a staleness sweep's), whose flows are the same (sampling only reads the queues:
   * {@code NetsimCommandTest}); its queue figures are dropped, so the table prints what an
   * unsampled run would.
   */
  private Point cached(double load, Scheme s, long sd, boolean sampleQueues) {
    Point p = cache.get(key(load, s, sd, sampleQueues));
    if (p != null || sampleQueues) return p;
    p = cache.get(key(load, s, sd, true));
    return p == null ? null : p.withoutQueues();
  }

  private String key(double load, Scheme s, long sd, boolean sampleQueues) {
    // A setup's per-packet update period changes PPU and CU runs only: the others keep their key,
    // so that a DRILL run made for a plain sweep serves a sweep with the period too.
    long period = s.withPacketPeriod(setup.packetPeriodPs()).packetPeriodPs();
    return "model "
        + RunCache.MODEL_VERSION
        + " | "
        + setup.withPacketPeriod(0).describe()
        + " | "
        + setup.tcp()
        + " | load "
        + load
        + " | "
        + s.label()
        + (period > 0 ? " | packet updates every " + Scheme.formatInterval(period) : "")
        + " | seed "
        + sd
        + (sampleQueues ? " | queues sampled" : "");
  }

  /** One run's point. Queues not sampled are NaN: a table never shows an unmeasured zero. */
  private static Point of(double load, Scheme s, RunResult r) {
    FctSummary f = r.fct();
    return new Point(
        load,
        s,
        f.count(),
        r.unfinishedInWindow(),
        f,
        FctSummary.of(r.flows(), x -> x.bytes() <= SMALL_BYTES).meanMs(),
        FctSummary.of(r.flows(), x -> x.bytes() > LARGE_BYTES).meanMs(),
        r.queues() != null ? r.queues().lowerMean() : Double.NaN,
        r.queues() != null ? r.queues().upperMean() : Double.NaN,
        r.drops());
  }

  /** The mean of several runs' points (flow counts added up). */
  private static Point mean(List<Point> ps) {
    if (ps.size() == 1) return ps.get(0);
    int flows = 0;
    long unfinished = 0;
    double mean = 0;
    double median = 0;
    double p99 = 0;
    double small = 0;
    double large = 0;
    double leaf = 0;
    double spine = 0;
    long drops = 0;
    for (Point p : ps) {
      flows += p.flows;
      unfinished += p.unfinished;
      mean += p.fct.meanMs();
      median += p.fct.medianMs();
      p99 += p.fct.p99Ms();
      small += p.smallMeanMs;
      large += p.largeMeanMs;
      leaf += p.queueLeaf;
      spine += p.queueSpine;
      drops += p.drops;
    }
    int n = ps.size();
    return new Point(
        ps.get(0).load,
        ps.get(0).scheme,
        flows,
        unfinished,
        new FctSummary(flows, mean / n, median / n, p99 / n),
        small / n,
        large / n,
        leaf / n,
        spine / n,
        drops / n);
  }

  static final long SMALL_BYTES = 100_000;
  static final long LARGE_BYTES = 10_000_000;

  private static Table table(String title) {
    return new Table(
        title,
        "load",
        "scheme",
        "interval_us",
        "interval_run_us",
        "flows",
        "unfinished",
        "mean_fct_ms",
        "median_fct_ms",
        "p99_fct_ms",
        "mean_fct_le100KB_ms",
        "mean_fct_gt10MB_ms",
        "vs_drill",
        "queue_std_leaf",
        "queue_std_spine",
        "queue_std",
        "drops",
        "runs",
        "mean_fct_ci95_ms");
  }

  /** One row per run of every point. */
  private Table runsTable(String title) {
    return new Table(
        title + ", run by run",
        "load",
        "scheme",
        "seed",
        "flows",
        "unfinished",
        "mean_fct_ms",
        "median_fct_ms",
        "p99_fct_ms",
        "queue_std_leaf",
        "queue_std_spine",
        "queue_std",
        "drops");
  }

  private Table runs(String title, Sweep sw) {
    Table t = runsTable(title);
    for (List<Point> group : sw.runs()) {
      for (int r = 0; r < group.size(); r++) {
        Point p = group.get(r);
        t.row(
            p.load,
            label(p.scheme),
            seed + r,
            p.flows,
            p.unfinished,
            p.fct.meanMs(),
            p.fct.medianMs(),
            p.fct.p99Ms(),
            p.queueLeaf,
            p.queueSpine,
            p.queueStd(),
            p.drops);
      }
    }
    return t;
  }

  /** The nominal interval of a scheme in us (its run interval over the setup's scale). */
  private double nominalUs(Scheme s) {
    return s.intervalPs() / setup.intervalScale() / Simulator.PS_PER_US;
  }

  /**
   * A scheme's name with its nominal interval ({@code piu:10us} for a 50 us run at small scale).
   */
  String label(Scheme s) {
    if (s.intervalPs() == 0) return s.label();
    double us = nominalUs(s);
    String n =
        us == Math.rint(us) ? Long.toString((long) us) : String.format(Locale.ROOT, "%s", us);
    return s.label().substring(0, s.label().indexOf(':') + 1) + n + "us";
  }

  private void rows(Table t, Sweep sw) {
    List<Point> ps = sw.means();
    Map<Double, Double> drillAt = new LinkedHashMap<>();
    for (Point p : ps)
      if (p.scheme.kind() == Scheme.Kind.DRILL) drillAt.put(p.load, p.fct.meanMs());
    for (int i = 0; i < ps.size(); i++) {
      Point p = ps.get(i);
      double[] means = sw.runs().get(i).stream().mapToDouble(x -> x.fct.meanMs()).toArray();
      Double d = drillAt.get(p.load);
      t.row(
          p.load,
          label(p.scheme),
          nominalUs(p.scheme),
          p.scheme.intervalPs() / (double) Simulator.PS_PER_US,
          p.flows,
          p.unfinished,
          p.fct.meanMs(),
          p.fct.medianMs(),
          p.fct.p99Ms(),
          p.smallMeanMs,
          p.largeMeanMs,
          d == null ? Double.NaN : p.fct.meanMs() / d,
          p.queueLeaf,
          p.queueSpine,
          p.queueStd(),
          p.drops,
          means.length,
          Intervals.halfWidth95(means));
    }
  }

  /** Figs. 5.3, 5.4, 5.7, 5.8: mean FCT against load. */
  public Figure load(double[] loads, List<Scheme> schemes) {
    Sweep sw = sweep(loads, schemes, false);
    List<Point> ps = sw.means();
    String title = "Seed 002: mean FCT against load (" + setup.name() + " scale)";
    Table t = table(title);
    rows(t, sw);
    notes(t);
    Chart f3 = new Chart("Fig. 5.3: per-interval updates (PIU)", xLoad(), "mean FCT (ms)");
    Chart f4 = new Chart("Fig. 5.4: per-packet updates (PPU)", xLoad(), "mean FCT (ms)");
    Chart f7 = new Chart("Fig. 5.7: combined updates (CU)", xLoad(), "mean FCT (ms)");
    Chart f8 =
        new Chart("Fig. 5.8: DRILL, ECMP, PIU 10 us, PPU, CU 10 us", xLoad(), "mean FCT (ms)");
    for (Point p : ps) {
      double x = 100 * p.load;
      double y = p.fct.meanMs();
      String l = label(p.scheme);
      Scheme.Kind k = p.scheme.kind();
      boolean ref = k == Scheme.Kind.DRILL || k == Scheme.Kind.ECMP;
      boolean us10 = Math.abs(nominalUs(p.scheme) - 10) < 1e-9;
      if (ref || k == Scheme.Kind.PIU) f3.point(l, x, y);
      if (ref || k == Scheme.Kind.PPU || (k == Scheme.Kind.PIU && us10)) f4.point(l, x, y);
      if (ref || k == Scheme.Kind.CU) f7.point(l, x, y);
      if (ref || k == Scheme.Kind.PPU || us10) f8.point(l, x, y);
    }
    if (thesisScale()) {
      for (Chart c : List.of(f3, f4, f7, f8)) c.referenceMarkers();
      DrillThesis.addTo(f3, "5.3");
      DrillThesis.addTo(f4, "5.4");
      DrillThesis.addTo(f7, "5.7");
      DrillThesis.addTo(f8, "5.8");
    }
    return new Figure("drill-load", t, List.of(f3, f4, f7, f8), runs(title, sw));
  }

  /**
   * Figs. 5.1, 5.2, 5.5, 5.6 (mean FCT) and 5.9, 5.10 (queue standard deviation) against the update
   * interval, at each load of {@code loads} (40% and 80% in the thesis).
   */
  public Figure staleness(double[] loads, List<Scheme> schemes) {
    Sweep sw = sweep(loads, schemes, true);
    List<Point> ps = sw.means();
    String title =
        "Seed 002: mean FCT and queue std dev against update interval (" + setup.name() + " scale)";
    Table t = table(title);
    rows(t, sw);
    notes(t);
    t.note(
        "queue_std: population std dev of each switch's leaf-uplink (leaf) or spine-downlink"
            + " (spine) queue lengths in packets, sampled every 1 us, averaged over samples and"
            + " switches of a tier; queue_std = (leaf + spine) / 2 as the thesis's figures.");
    List<Chart> charts = new ArrayList<>();
    String[] fctIds = {"5.1", "5.2"};
    String[] cuIds = {"5.5", "5.6"};
    String[] qIds = {"5.9", "5.10"};
    for (int li = 0; li < loads.length; li++) {
      double load = loads[li];
      String pct = String.format(Locale.ROOT, "%.0f%%", 100 * load);
      // The thesis's figure numbers for its two loads (40%, 80%); other loads are extra charts.
      int fig = load == 0.4 ? 0 : load == 0.8 ? 1 : -1;
      Chart piu = intervalChart(fctIds, fig, "PIU", pct, "mean FCT (ms)");
      Chart cu = intervalChart(cuIds, fig, "CU, PIU, PPU", pct, "mean FCT (ms)");
      Chart q =
          intervalChart(qIds, fig, "queue std dev", pct, "mean queue std dev (packets)").logY();
      double lo = SWEEP_INTERVALS_US[0];
      double hi = SWEEP_INTERVALS_US[SWEEP_INTERVALS_US.length - 1];
      for (Point p : ps) {
        if (p.load != load) continue;
        double us = nominalUs(p.scheme);
        double y = p.fct.meanMs();
        String l = label(p.scheme);
        switch (p.scheme.kind()) {
          case PIU -> {
            piu.point("PIU", us, y);
            cu.point("PIU", us, y);
            q.point("PIU", us, p.queueStd());
          }
          case CU -> {
            cu.point("CU", us, y);
            q.point("CU", us, p.queueStd());
          }
          default -> {
            // Schemes without an interval are flat lines across the sweep.
            for (double x : new double[] {lo, hi}) {
              if (p.scheme.kind() != Scheme.Kind.ROUND_ROBIN) piu.point(l, x, y);
              if (p.scheme.kind() != Scheme.Kind.ROUND_ROBIN) cu.point(l, x, y);
              if (p.queueStd() > 0) q.point(l, x, p.queueStd());
            }
          }
        }
      }
      if (fig >= 0 && thesisScale()) {
        DrillThesis.addTo(piu, fctIds[fig]);
        DrillThesis.addTo(cu, cuIds[fig]);
        DrillThesis.addTo(q, qIds[fig]);
      }
      charts.add(piu);
      charts.add(cu);
      charts.add(q);
    }
    return new Figure("drill-staleness", t, charts, runs(title, sw));
  }

  /** The thesis's values are drawn beside ours on the full-scale fabric only. */
  private boolean thesisScale() {
    return setup.name().equals("full");
  }

  /** A chart against the update interval; the thesis's figure number for its two loads. */
  private Chart intervalChart(String[] ids, int fig, String what, String pct, String y) {
    String id = fig >= 0 ? "Fig. " + ids[fig] : "Extra load";
    String x = "update interval (us); " + setup.window();
    return new Chart(id + ": " + what + ", load " + pct, x, y).logX();
  }

  /** The load charts' x axis, naming the run's length and window. */
  private String xLoad() {
    return "load (%); " + setup.window();
  }

  private void notes(Table t) {
    t.note(setup.describe());
    t.note(
        runs
            + " run(s) per point, seeds "
            + seed
            + (runs > 1 ? ".." + (seed + runs - 1) : "")
            + "; mean = arithmetic mean of finished flows' FCT (the scripts' \"avg\"); unfinished ="
            + " flows of the window still running at the end (not in the means); mean_fct_ci95_ms ="
            + " half the 95% t-interval of the mean FCT over the runs (NaN for one run)");
  }
}
