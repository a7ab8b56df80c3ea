package io.pikachu.netmodels.crossrss;

import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.options.DoneLine;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** The CrossRSS subcommands of the network-models command line. */
public final class CrossRssCli {
  private static final String GROUP = "CrossRSS, core-aware connection balancing (seed 003)";

  private CrossRssCli() {}

  /** Every option of this group, declared once; each command picks the ones it takes. */
  private static final CommandOptions.Spec OPTIONS =
      new CommandOptions.Spec()
          .value("--out", "DIR", "where CSV and SVG files go (target/netmodels)")
          .value("--seed", "N", "first seed; runs use seeds N .. N + runs - 1 (1)")
          .value("--runs", "N", "runs per policy (10, as the seed)")
          .value("--windows", "N", "measured 1 s windows per run (10)")
          .value("--warmup", "S", "simulated seconds before the first window (250)")
          .value("--rss", "pair|tuple", "what the NICs' RSS hashes (pair)")
          .value("--servers", "N", "servers (1000)")
          .value("--cores", "N", "cores per server (32)")
          .value("--seconds", "S", "simulated seconds, 10 of warm-up (60)")
          .value("--load", "X", "fraction of capacity (Fig. 2a's 0.522)")
          .value("--policy", "P", "crossrss, rr, hash, pow2 or all (crossrss)");

  /** The CrossRSS subcommands. */
  public static List<Command> commands() {
    String policies = "policies:\n" + Policy.REGISTRY.describe();
    CommandOptions.Spec figure =
        OPTIONS.pick("--out", "--seed", "--runs", "--windows", "--warmup", "--rss");
    return List.of(
        new Command(
            "crossrss-fig2a",
            GROUP,
            "Fig. 2a: per-core and per-server load variance, 4 policies",
            policies,
            figure,
            (o, out) -> figure(true, o, out)),
        new Command(
            "crossrss-fig2b",
            GROUP,
            "Fig. 2b: delivered throughput against offered load",
            policies,
            figure,
            (o, out) -> figure(false, o, out)),
        new Command(
            "crossrss-bench",
            GROUP,
            "times 1,000 servers x 32 cores for 60 s of simulated traffic",
            policies,
            OPTIONS.pick("--servers", "--cores", "--seconds", "--load", "--policy", "--seed"),
            CrossRssCli::bench));
  }

  private static void bench(CommandOptions o, PrintStream out) {
    CrossRssBenchmark.run(
        o.positive("--servers", 1000),
        o.positive("--cores", 32),
        o.intValue("--seconds", 60),
        o.has("--load") ? o.doubleValue("--load", 1) : -1,
        policies(o),
        o.longValue("--seed", 1),
        out);
  }

  private static void figure(boolean fig2a, CommandOptions o, PrintStream out) throws IOException {
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
        fig2a ? CrossRssFigures.fig2a(settings) : CrossRssFigures.fig2b(settings);
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
