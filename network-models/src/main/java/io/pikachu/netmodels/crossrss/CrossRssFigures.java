package io.pikachu.netmodels.crossrss;

import io.pikachu.netmodels.report.BarChart;
import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The seed's Fig. 2a (imbalance) and Fig. 2b (throughput against offered load). */
public final class CrossRssFigures {
  private CrossRssFigures() {}

  /**
   * How the figures are run.
   *
   * @param runs runs per policy and load, seeds {@code seed .. seed + runs - 1}
   * @param windows measured 1-second windows per run
   * @param warmupSeconds simulated seconds before measuring
   * @param rssOnHostPair whether RSS hashes the host pair (default) or the whole 5-tuple
   */
  public record Settings(
      int runs, int windows, int warmupSeconds, long seed, boolean rssOnHostPair) {
    public Settings {
      if (runs < 1) throw new IllegalArgumentException("--runs must be at least 1, got " + runs);
      if (windows < 1) {
        throw new IllegalArgumentException("--windows must be at least 1, got " + windows);
      }
      if (warmupSeconds < 0) {
        throw new IllegalArgumentException("--warmup must be >= 0, got " + warmupSeconds);
      }
      if ((long) warmupSeconds + windows > RunSpec.MAX_SECONDS) {
        throw new IllegalArgumentException(
            "--warmup plus --windows must be at most " + RunSpec.MAX_SECONDS + " seconds");
      }
    }

    /** The seed's 10 runs of 10 s, after 250 s that fill the servers with connections. */
    public static Settings seedLike() {
      return new Settings(10, 10, 250, 1, true);
    }

    RunSpec base() {
      Cluster cluster = Cluster.seedSetup().withRssOnHostPair(rssOnHostPair);
      return new RunSpec(
          cluster, TraceShape.campusLike(), Policy.CROSSRSS, 1, warmupSeconds, windows, seed);
    }
  }

  /** A figure's table (printed and written as CSV), its chart, and the numbers behind them. */
  public record Figure(String id, Table table, List<Summary> rows, SvgWriter chart) {
    public void write(Path dir) throws IOException {
      Files.createDirectories(dir);
      table.writeCsv(dir.resolve(id + ".csv"));
      chart.writeSvg(dir.resolve(id + ".svg"));
    }
  }

  /** Anything that renders itself to an SVG file. */
  public interface SvgWriter {
    void writeSvg(Path file) throws IOException;
  }

  /** The capacity-relative load at which the seed replays its trace for Fig. 2a (16.7 Gbps). */
  static double fig2aLoad(Cluster cluster, TraceShape trace) {
    return SeedFigures.OFFERED_GBPS[0] / capacityGbps(cluster, trace);
  }

  static double capacityGbps(Cluster cluster, TraceShape trace) {
    return cluster.capacityPps() * trace.packetBytes() * 8 / 1e9;
  }

  public static Figure fig2a(Settings s) {
    RunSpec base = s.base();
    double load = fig2aLoad(base.cluster(), base.trace());
    Table t =
        new Table(
            String.format(
                "CrossRSS Fig. 2a: variance of per-core and per-server load, %.1f Gbps offered,"
                    + " %d runs of %d s",
                load * capacityGbps(base.cluster(), base.trace()), s.runs(), s.windows()),
            "policy",
            "core_variance_pct",
            "core_min_pct",
            "core_max_pct",
            "seed_core_pct",
            "server_variance_pct",
            "server_min_pct",
            "server_max_pct",
            "seed_server_pct",
            "connections",
            "broken_table_only",
            "broken_with_cookie",
            "max_in_flight");
    BarChart chart =
        new BarChart(
            "Fig. 2a: load variance over 1 s windows (" + s.runs() + " runs)", "", "variance (%)");
    List<Summary> rows = new ArrayList<>();
    for (Policy p : Policy.values()) {
      Summary m = Summary.of(base, p, load, s.runs(), s.seed());
      rows.add(m);
      double[] seed = SeedFigures.VARIANCE_PCT.get(p);
      t.row(
          p.label(),
          100 * m.coreVariance(),
          100 * m.coreVarianceMin(),
          100 * m.coreVarianceMax(),
          seed[0],
          100 * m.serverVariance(),
          100 * m.serverVarianceMin(),
          100 * m.serverVarianceMax(),
          seed[1],
          m.connections(),
          m.brokenWithoutConsistency() < 0 ? "-" : m.brokenWithoutConsistency(),
          m.brokenWithCookie() < 0 ? "-" : m.brokenWithCookie(),
          m.maxInFlight());
      chart.bar(p.label(), "per-server variance", 100 * m.serverVariance());
      chart.bar(p.label(), "per-core variance", 100 * m.coreVariance());
    }
    Summary cross = rows.get(0);
    for (Summary m : rows.subList(1, rows.size())) {
      t.note(
          String.format(
              "per-core variance %s / CrossRSS: %.1fx (seed %.1fx)",
              m.policy().label(),
              m.coreVariance() / cross.coreVariance(),
              SeedFigures.VARIANCE_PCT.get(m.policy())[0]
                  / SeedFigures.VARIANCE_PCT.get(Policy.CROSSRSS)[0]));
    }
    t.note(
        String.format(
            "table-only routing would break %.1f%% of CrossRSS's connections; the cookie breaks"
                + " none",
            100.0 * cross.brokenWithoutConsistency() / cross.connections()));
    return new Figure("crossrss-fig2a", t, rows, chart::writeSvg);
  }

  public static Figure fig2b(Settings s) {
    RunSpec base = s.base();
    double capacity = capacityGbps(base.cluster(), base.trace());
    Table t =
        new Table(
            String.format(
                "CrossRSS Fig. 2b: delivered throughput against offered load (capacity %.0f Gbps,"
                    + " %d runs of %d s)",
                capacity, s.runs(), s.windows()),
            "offered_gbps_nominal",
            "policy",
            "offered_gbps",
            "delivered_gbps",
            "drop_pct",
            "seed_delivered_gbps",
            "delivered_over_hash",
            "delivered_over_rr");
    Chart chart =
        new Chart(
            "Fig. 2b: throughput against offered load (dashed: the seed's)",
            "offered (Gbps)",
            "delivered (Gbps)");
    List<Summary> rows = new ArrayList<>();
    for (int i = 0; i < SeedFigures.OFFERED_GBPS.length; i++) {
      double nominal = SeedFigures.OFFERED_GBPS[i];
      Map<Policy, Summary> at = new EnumMap<>(Policy.class);
      for (Policy p : Policy.values()) {
        at.put(p, Summary.of(base, p, nominal / capacity, s.runs(), s.seed()));
      }
      for (Policy p : Policy.values()) {
        Summary m = at.get(p);
        rows.add(m);
        t.row(
            nominal,
            p.label(),
            m.offeredGbps(),
            m.deliveredGbps(),
            100 * m.dropShare(),
            SeedFigures.DELIVERED_GBPS.get(p)[i],
            m.deliveredGbps() / at.get(Policy.HASH).deliveredGbps(),
            m.deliveredGbps() / at.get(Policy.RR).deliveredGbps());
        chart.point(p.label(), nominal, m.deliveredGbps());
      }
    }
    for (Policy p : Policy.values()) {
      for (int i = 0; i < SeedFigures.OFFERED_GBPS.length; i++) {
        chart.reference(
            p.label(), "seed", SeedFigures.OFFERED_GBPS[i], SeedFigures.DELIVERED_GBPS.get(p)[i]);
      }
    }
    int top = SeedFigures.OFFERED_GBPS.length - 1;
    for (Policy p : Policy.values()) {
      t.note(
          String.format(
              "drops at %.1f Gbps offered: %s %.1f%% (seed %.1f%%)",
              SeedFigures.OFFERED_GBPS[top],
              p.label(),
              100 * rows.get(top * Policy.values().length + p.ordinal()).dropShare(),
              SeedFigures.DROP_PCT_AT_TOP.get(p)));
    }
    return new Figure("crossrss-fig2b", t, rows, chart::writeSvg);
  }
}
