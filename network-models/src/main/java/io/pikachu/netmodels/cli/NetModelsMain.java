package io.pikachu.netmodels.cli;

import io.pikachu.netmodels.assign.Assigner;
import io.pikachu.netmodels.assign.Assignment;
import io.pikachu.netmodels.crossrss.CrossRssCli;
import io.pikachu.netmodels.experiments.NetsimCommand;
import io.pikachu.netmodels.maglev.MaglevBenchmark;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.options.DoneLine;
import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Experiments;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.report.Scenario;
import io.pikachu.netmodels.smux.SmuxLatencyModel;
import io.pikachu.netmodels.taalk.TaalkCli;
import io.pikachu.netmodels.workload.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Command line of the Duet/Ananta models: one subcommand per figure of section 3.8, {@code all},
 * and {@code assign} (times one full assignment). Tables are printed and written as CSV, charts as
 * SVG.
 */
public final class NetModelsMain {
  private static final String DUET =
      """
              fig16   SMuxes needed by Duet and Ananta vs traffic (3.6 and 10 Gbps per SMux)
              fig17   median latency vs number of SMuxes (M/M/1/K SMux model)
              fig18   SMuxes needed by Duet and by first-feasible ("Random") assignment
              fig19   maximum link utilisation under container and 3-switch failures
              fig20   Sticky / Non-sticky / One-time migration over the 3-hour trace
              all     every figure
              assign  one Duet assignment at the top load, timed (for the speed target)
              maglev-bench  Maglev table build time (1,000 backends, M = 65537) and lookups per second""";

  private static final String USAGE =
      "usage: java -jar network-models.jar <command> [options]   (<command> --help: its options)\n"
          + "  simulate  one packet-level run from a topology file and a trace or generator,\n"
          + "            per-flow and per-port queue CSV (see docs/network-models/harness.md)\n"
          + "Duet (seed 000, chapter 3):\n"
          + DUET.indent(2)
          + "\n"
          + """
            packet-level models (seeds 002, 004), docs/network-models/drill-spraying.md:
            """
          + NetsimCommand.USAGE
          + "\n"
          + CrossRssCli.USAGE
          + "\n"
          + TaalkCli.USAGE;

  private NetModelsMain() {}

  public static void main(String[] args) throws IOException {
    System.setProperty("java.awt.headless", "true");
    try {
      run(args);
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      // The whole usage would bury the one line that matters; point at it instead.
      String command = args.length > 0 ? args[0] : "";
      System.err.println(
          args.length == 0
                  || command.startsWith("-")
                  || e.getMessage().startsWith("unknown experiment")
              ? USAGE
              : "(java -jar network-models.jar " + command + " --help lists its options)");
      System.exit(2);
    }
  }

  /** The Duet figures' options. */
  static final CommandOptions.Spec FIGURE_SPEC =
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
              "fig18: the order Random tries switches in: fixed (one random order), per-vip,"
                  + " numbered (ToRs first), cores-first (fixed)")
          .value(
              "--smux-path",
              "fixed|spread",
              "fig17: the SMux's software-path delay: fixed (no-load median 196 us) or spread"
                  + " (log-normal: Fig. 3.1(a)'s no-load median 196 us and 90th percentile 1 ms)"
                  + " (fixed)");

  static void run(String[] args) throws IOException {
    if (args.length == 0) throw new IllegalArgumentException("no experiment given");
    String command = args[0];
    if (command.equals("--help") || command.equals("-h") || command.equals("help")) {
      System.out.println(USAGE);
      return;
    }
    if (command.equals("simulate")) {
      io.pikachu.netmodels.tool.SimulateCommand.run(args, System.out);
      return;
    }
    if (NetsimCommand.COMMANDS.contains(command)) {
      NetsimCommand.run(args, System.out);
      return;
    }
    if (CrossRssCli.handles(command)) {
      CrossRssCli.run(args, System.out);
      return;
    }
    if (TaalkCli.handles(command)) {
      TaalkCli.run(args, System.out);
      return;
    }
    if (command.equals("maglev-bench")) {
      if (CommandOptions.wantsHelp(args)) {
        new CommandOptions.Spec()
            .printHelp(command, "Maglev table build time and lookups per second", System.out);
        return;
      }
      new CommandOptions(args, new CommandOptions.Spec());
      MaglevBenchmark.run(System.out);
      return;
    }
    if (CommandOptions.wantsHelp(args)) {
      FIGURE_SPEC.printHelp(command, "Duet (seed 000, chapter 3) figures:\n" + DUET, System.out);
      return;
    }
    CommandOptions o = new CommandOptions(args, FIGURE_SPEC);
    Path out = Path.of(o.string("--out", "target/netmodels"));
    String scale = o.string("--scale", "full");
    long seed = o.longValue("--seed", 1);
    List<String> figures =
        switch (command) {
          case "all" -> List.of("fig16", "fig17", "fig18", "fig19", "fig20");
          case "fig16", "fig17", "fig18", "fig19", "fig20", "assign" -> List.of(command);
          default -> throw new IllegalArgumentException("unknown experiment '" + command + "'");
        };
    Scenario scenario = Scenario.named(scale).withSeed(seed);
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
    long t0 = System.nanoTime();
    Experiments ex = new Experiments(scenario);
    if (o.has("--first-fit")) ex.withFirstFit(firstFit(o.string("--first-fit", "")));
    if (o.has("--smux-path")) ex.withSmuxLatency(smuxLatency(o.string("--smux-path", "")));
    System.out.printf(
        Locale.ROOT,
        "%s scale: %s, %d VIPs, workload generated in %.2f s%n",
        scenario.name(),
        scenario.tree(),
        scenario.spec().vips(),
        (System.nanoTime() - t0) / 1e9);
    Files.createDirectories(out);
    for (String f : figures) {
      long start = System.nanoTime();
      if (f.equals("assign")) {
        assign(ex, scenario);
        continue;
      }
      Figure fig =
          switch (f) {
            case "fig16" -> ex.fig16();
            case "fig17" -> ex.fig17();
            case "fig18" -> ex.fig18();
            case "fig19" -> ex.fig19();
            default -> ex.fig20();
          };
      System.out.print(fig.table().render());
      fig.table().writeCsv(out.resolve(fig.id() + ".csv"));
      int i = 0;
      for (Chart c : fig.charts()) {
        c.writeSvg(
            out.resolve(
                fig.id() + (fig.charts().size() > 1 ? "-" + (char) ('a' + i++) : "") + ".svg"));
      }
      DoneLine.print(System.out, fig.id(), start, out);
      System.out.println();
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

  private static void assign(Experiments ex, Scenario scenario) {
    double load = scenario.topLoadGbps();
    Assignment cold = ex.assignDuet(load); // first run includes JIT compilation of the evaluator
    Assignment a = ex.assignDuet(load);
    System.out.printf(Locale.ROOT, "first (cold JVM) assignment: %.2f s%n", cold.runSeconds());
    Runtime rt = Runtime.getRuntime();
    System.out.printf(
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
