package io.pikachu.netmodels.report;

import io.pikachu.netmodels.assign.Assigner;
import io.pikachu.netmodels.assign.Assignment;
import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.options.DoneLine;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.smux.SmuxLatencyModel;
import io.pikachu.netmodels.workload.WorkloadSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Duet subcommands (seed 000, chapter 3): one per figure of section 3.8, {@code duet-all}, and
 * {@code duet-assign} (times one full assignment). Tables are printed and written as CSV, charts as
 * SVG.
 */
public final class DuetCli {
  private static final String GROUP = "Duet, switch and software load balancers (seed 000, ch. 3)";

  private DuetCli() {}

  /** Every option of this group, declared once; each command picks the ones it takes. */
  private static final CommandOptions.Spec OPTIONS =
      new CommandOptions.Spec()
          .value("--out", "DIR", "where CSV and SVG files go (target/netmodels)")
          .value(
              "--scale",
              "full|small",
              "the paper's datacenter or the tests' scaled-down one (full)")
          .value("--seed", "N", "workload and tie-break seed (1)")
          .value("--traffic-sigma", "S", "sensitivity: log-normal sigma of VIP traffic (2.2)")
          .value(
              "--churn",
              "P",
              "sensitivity: chance per interval that a VIP's popularity is redrawn (0.1)")
          .value(
              "--first-fit",
              "ORDER",
              "the order Random tries switches in: fixed (one random order), per-vip,"
                  + " numbered (ToRs first), cores-first (fixed)")
          .value(
              "--smux-path",
              "fixed|spread",
              "the SMux's software-path delay: fixed (no-load median 196 us) or spread"
                  + " (log-normal: Fig. 3.1(a)'s no-load median 196 us and 90th percentile 1 ms)"
                  + " (fixed)");

  private static final String[] WORKLOAD = {"--scale", "--seed", "--traffic-sigma", "--churn"};

  /** The Duet subcommands. */
  public static List<Command> commands() {
    List<Command> c = new ArrayList<>();
    String[][] figures = {
      {"16", "SMuxes needed by Duet and Ananta vs traffic (3.6 and 10 Gbps per SMux)"},
      {"17", "median latency vs number of SMuxes (M/M/1/K SMux model)", "--smux-path"},
      {"18", "SMuxes needed by Duet and by first-feasible (\"Random\") assignment", "--first-fit"},
      {"19", "maximum link utilisation under container and 3-switch failures"},
      {"20", "Sticky / Non-sticky / One-time migration over the 3-hour trace"}
    };
    for (String[] f : figures) {
      List<String> opts = new ArrayList<>(List.of("--out"));
      opts.addAll(List.of(WORKLOAD));
      if (f.length > 2) opts.add(f[2]);
      String id = "fig" + f[0];
      c.add(
          new Command(
              "duet-fig" + f[0],
              GROUP,
              "Fig. 3." + f[0] + ": " + f[1],
              OPTIONS.pick(opts.toArray(String[]::new)),
              (o, out) -> figures(List.of(id), o, out)));
    }
    List<String> all = new ArrayList<>(List.of("--out"));
    all.addAll(List.of(WORKLOAD));
    all.addAll(List.of("--first-fit", "--smux-path"));
    c.add(
        new Command(
            "duet-all",
            GROUP,
            "every Duet figure",
            OPTIONS.pick(all.toArray(String[]::new)),
            (o, out) -> figures(List.of("fig16", "fig17", "fig18", "fig19", "fig20"), o, out)));
    c.add(
        new Command(
            "duet-assign",
            GROUP,
            "one Duet assignment at the top load, timed (for the speed target)",
            OPTIONS.pick(WORKLOAD),
            DuetCli::assign));
    return c;
  }

  private static Scenario scenario(CommandOptions o) {
    Scenario scenario =
        Scenario.named(o.string("--scale", "full")).withSeed(o.longValue("--seed", 1));
    if (o.has("--traffic-sigma") || o.has("--churn")) {
      WorkloadSpec w = scenario.spec();
      double sigma = o.doubleValue("--traffic-sigma", w.trafficSigma());
      String churnText = o.string("--churn", null);
      double churn = w.churnProbability();
      if (churnText != null) {
        try {
          churn = Double.parseDouble(churnText);
        } catch (NumberFormatException e) {
          churn = Double.NaN;
        }
        if (!(churn >= 0 && churn <= 1)) {
          throw new IllegalArgumentException("--churn must be in [0, 1], got '" + churnText + "'");
        }
      }
      scenario = scenario.withSpec(w.withSkewAndChurn(sigma, churn));
    }
    return scenario;
  }

  private static Experiments experiments(CommandOptions o, Scenario scenario, PrintStream out) {
    long t0 = System.nanoTime();
    Experiments ex = new Experiments(scenario);
    if (o.has("--first-fit")) ex.withFirstFit(firstFit(o.string("--first-fit", "")));
    if (o.has("--smux-path")) ex.withSmuxLatency(smuxLatency(o.string("--smux-path", "")));
    out.printf(
        Locale.ROOT,
        "%s scale: %s, %d VIPs, workload generated in %.2f s%n",
        scenario.name(),
        scenario.tree(),
        scenario.spec().vips(),
        (System.nanoTime() - t0) / 1e9);
    return ex;
  }

  private static void figures(List<String> figures, CommandOptions o, PrintStream out)
      throws IOException {
    Path dir = Path.of(o.string("--out", "target/netmodels"));
    Scenario scenario = scenario(o);
    Experiments ex = experiments(o, scenario, out);
    Files.createDirectories(dir);
    for (String f : figures) {
      long start = System.nanoTime();
      Figure fig =
          switch (f) {
            case "fig16" -> ex.fig16();
            case "fig17" -> ex.fig17();
            case "fig18" -> ex.fig18();
            case "fig19" -> ex.fig19();
            default -> ex.fig20();
          };
      out.print(fig.table().render());
      fig.table().writeCsv(dir.resolve(fig.id() + ".csv"));
      int i = 0;
      for (Chart c : fig.charts()) {
        c.writeSvg(
            dir.resolve(
                fig.id() + (fig.charts().size() > 1 ? "-" + (char) ('a' + i++) : "") + ".svg"));
      }
      DoneLine.print(out, fig.id(), start, dir);
      out.println();
    }
  }

  private static Assigner.Strategy firstFit(String order) {
    return switch (order) {
      case "fixed" -> Assigner.Strategy.FIRST_FIT;
      case "per-vip" -> Assigner.Strategy.FIRST_FIT_PER_VIP;
      case "numbered" -> Assigner.Strategy.FIRST_FIT_NUMBERED;
      case "cores-first" -> Assigner.Strategy.FIRST_FIT_CORES_FIRST;
      default ->
          throw new IllegalArgumentException(
              "unknown --first-fit '" + order + "': use fixed, per-vip, numbered or cores-first");
    };
  }

  private static SmuxLatencyModel smuxLatency(String path) {
    return switch (path) {
      case "fixed" -> SmuxLatencyModel.paper();
      case "spread" -> SmuxLatencyModel.paperSpread();
      default ->
          throw new IllegalArgumentException(
              "unknown --smux-path '" + path + "': use fixed or spread");
    };
  }

  private static void assign(CommandOptions o, PrintStream out) {
    Scenario scenario = scenario(o);
    Experiments ex = experiments(o, scenario, out);
    double load = scenario.topLoadGbps();
    Assignment cold = ex.assignDuet(load); // first run includes JIT compilation of the evaluator
    Assignment a = ex.assignDuet(load);
    out.printf(Locale.ROOT, "first (cold JVM) assignment: %.2f s%n", cold.runSeconds());
    Runtime rt = Runtime.getRuntime();
    out.printf(
        Locale.ROOT,
        "Duet assignment at %.0f Gbps: %.2f s, %d VIPs on HMuxes (%.1f%% of traffic), "
            + "stopped at rank %d, MRU %.3f, heap in use %.0f MiB%n",
        load,
        a.runSeconds(),
        a.hmuxVipCount(),
        100 * a.hmuxShare(),
        a.stoppedAtRank(),
        a.state().mru(),
        (rt.totalMemory() - rt.freeMemory()) / 1048576.0);
  }
}
