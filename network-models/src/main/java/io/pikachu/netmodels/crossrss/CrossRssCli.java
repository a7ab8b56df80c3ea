package io.pikachu.netmodels.crossrss;

import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.options.DoneLine;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** The CrossRSS subcommands of the network-models command line. */
public final class CrossRssCli {
  public static final String USAGE =
      """
              crossrss-fig2a  CrossRSS Fig. 2a: per-core and per-server load variance, 4 policies
              crossrss-fig2b  CrossRSS Fig. 2b: delivered throughput against offered load
                options: --out DIR --seed N --runs N (10) --windows N (10) --warmup S (250)
                         --rss pair|tuple (pair: RSS hashes the host pair)
              crossrss-bench  times 1,000 servers x 32 cores for 60 s of simulated traffic
                options: --servers N (1000) --cores N (32) --seconds S (60) --load X (0.522)
                         --policy crossrss|rr|hash|pow2|all (crossrss) --seed N"""
          .indent(2)
          .stripTrailing();

  private CrossRssCli() {}

  private static final CommandOptions.Spec SPEC =
      new CommandOptions.Spec()
          .value("--out", "DIR", "figures: where CSV and SVG files go (target/netmodels)")
          .value("--seed", "N", "first seed; runs use seeds N .. N + runs - 1 (1)")
          .value("--runs", "N", "figures: runs per policy (10, as the seed)")
          .value("--windows", "N", "figures: measured 1 s windows per run (10)")
          .value("--warmup", "S", "figures: simulated seconds before the first window (250)")
          .value("--rss", "pair|tuple", "figures: what the NICs' RSS hashes (pair)")
          .value("--servers", "N", "crossrss-bench: servers (1000)")
          .value("--cores", "N", "crossrss-bench: cores per server (32)")
          .value("--seconds", "S", "crossrss-bench: simulated seconds, 10 of warm-up (60)")
          .value("--load", "X", "crossrss-bench: fraction of capacity (Fig. 2a's 0.522)")
          .value("--policy", "P", "crossrss-bench: crossrss, rr, hash, pow2 or all (crossrss)");

  public static boolean handles(String command) {
    return command.equals("crossrss-fig2a")
        || command.equals("crossrss-fig2b")
        || command.equals("crossrss-bench");
  }

  public static void run(String[] args, PrintStream out) throws IOException {
    if (CommandOptions.wantsHelp(args)) {
      SPEC.printHelp(
          args[0],
          "CrossRSS (seed 003) subcommands:\n"
              + USAGE
              + "\npolicies:\n"
              + Policy.REGISTRY.describe(),
          out);
      return;
    }
    CommandOptions o = new CommandOptions(args, SPEC);
    if (args[0].equals("crossrss-bench")) {
      o.refuse("--out", "--runs", "--windows", "--warmup", "--rss");
      CrossRssBenchmark.run(
          o.positive("--servers", 1000),
          o.positive("--cores", 32),
          o.intValue("--seconds", 60),
          o.doubleValue("--load", -1),
          policies(o),
          o.longValue("--seed", 1),
          out);
      return;
    }
    o.refuse("--servers", "--cores", "--seconds", "--load", "--policy");
    String rss = o.string("--rss", "pair");
    if (!rss.equals("pair") && !rss.equals("tuple")) {
      throw new IllegalArgumentException("--rss must be pair or tuple, got '" + rss + "'");
    }
    CrossRssFigures.Settings settings =
        new CrossRssFigures.Settings(
            o.intValue("--runs", 10),
            o.intValue("--windows", 10),
            o.intValue("--warmup", 250),
            o.longValue("--seed", 1),
            rss.equals("pair"));
    Path dir = Path.of(o.string("--out", "target/netmodels"));
    long t0 = System.nanoTime();
    CrossRssFigures.Figure fig =
        args[0].equals("crossrss-fig2a")
            ? CrossRssFigures.fig2a(settings)
            : CrossRssFigures.fig2b(settings);
    out.print(fig.table().render());
    fig.write(dir);
    DoneLine.print(out, fig.id(), t0, dir);
  }

  private static List<Policy> policies(CommandOptions o) {
    String v = o.string("--policy", "crossrss");
    if (v.equals("all")) return List.of(Policy.values());
    try {
      return List.of(Policy.REGISTRY.create(v));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--policy must be "
              + String.join(", ", Policy.REGISTRY.usage())
              + " or all, got '"
              + v
              + "'");
    }
  }
}
