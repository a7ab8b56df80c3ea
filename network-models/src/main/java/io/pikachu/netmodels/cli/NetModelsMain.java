package io.pikachu.netmodels.cli;

import io.pikachu.netmodels.assign.Assignment;
import io.pikachu.netmodels.crossrss.CrossRssCli;
import io.pikachu.netmodels.experiments.NetsimCommand;
import io.pikachu.netmodels.maglev.MaglevBenchmark;
import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Experiments;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.report.Scenario;
import io.pikachu.netmodels.taalk.TaalkCli;
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
  private static final String USAGE =
      """
            usage: NetModelsMain <fig16|fig17|fig18|fig19|fig20|all|assign|maglev-bench> [--out DIR] [--scale full|small] [--seed N]
              fig16   SMuxes needed by Duet and Ananta vs traffic (3.6 and 10 Gbps per SMux)
              fig17   median latency vs number of SMuxes (M/M/1/K SMux model)
              fig18   SMuxes needed by Duet and by first-feasible ("Random") assignment
              fig19   maximum link utilisation under container and 3-switch failures
              fig20   Sticky / Non-sticky / One-time migration over the 3-hour trace
              all     every figure
              assign  one Duet assignment at the top load, timed (for the speed target)
              maglev-bench  Maglev table build time (1,000 backends, M = 65537) and lookups per second
            packet-level models (seeds 002, 004), see docs/network-models.md part 2:
              drill-load, drill-staleness, spray-static, spray-random, spray-shorts, netsim-run,
              netsim-bench, netbench-scenario, netbench-ours, netbench-compare (their options: NetModelsMain drill-load --help)
            defaults: --out target/netmodels --scale full --seed 1
            """
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
      System.err.println(USAGE);
      System.exit(2);
    }
  }

  static void run(String[] args) throws IOException {
    if (args.length == 0) throw new IllegalArgumentException("no experiment given");
    String command = args[0];
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
      if (args.length > 1) throw new IllegalArgumentException("maglev-bench takes no options");
      MaglevBenchmark.run(System.out);
      return;
    }
    Path out = Path.of("target/netmodels");
    String scale = "full";
    long seed = 1;
    for (int i = 1; i < args.length; i++) {
      String opt = args[i];
      if (i + 1 >= args.length)
        throw new IllegalArgumentException("option " + opt + " needs a value");
      String val = args[++i];
      switch (opt) {
        case "--out" -> out = Path.of(val);
        case "--scale" -> scale = val;
        case "--seed" -> {
          try {
            seed = Long.parseLong(val);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed must be an integer, got '" + val + "'");
          }
        }
        default -> throw new IllegalArgumentException("unknown option " + opt);
      }
    }
    List<String> figures =
        switch (command) {
          case "all" -> List.of("fig16", "fig17", "fig18", "fig19", "fig20");
          case "fig16", "fig17", "fig18", "fig19", "fig20", "assign" -> List.of(command);
          default -> throw new IllegalArgumentException("unknown experiment '" + command + "'");
        };
    Scenario scenario = Scenario.named(scale).withSeed(seed);
    long t0 = System.nanoTime();
    Experiments ex = new Experiments(scenario);
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
