package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.options.DoneLine;
import io.pikachu.netmodels.sim.Simulator;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The TAALK subcommands of the network-models command line. */
public final class TaalkCli {
  public static final String USAGE =
      """
              taalk-fig7 .. taalk-fig9  TAALK Figs. 7-9: mean FCT, FCT spread, largest FCT per load
              taalk-fig10, -fig11, -fig12  TAALK Figs. 10-12: FCT distribution at load 82, 83, 93
                options: --out DIR --seed N --reps N (10) --max-load N (100; Figs. 7-9)
              taalk-all  Figs. 7-12 from one sweep (options as Figs. 7-9)
              taalk-scale  16-64 servers and balancers, random, Maglev, TAALK d = 2 and 3
                options: --out DIR --seed N --reps N (5) --slow X (0.5: every second server's speed)
              taalk-bench  times the full sweep (loads 1-100, 10 repetitions, 3 policies)
                options: --seed N --reps N (10) --max-load N (100)"""
          .indent(2)
          .stripTrailing();

  private static final Map<String, Integer> DISTRIBUTIONS =
      Map.of("taalk-fig10", 82, "taalk-fig11", 83, "taalk-fig12", 93);

  private static final CommandOptions.Spec SPEC =
      new CommandOptions.Spec()
          .value("--out", "DIR", "where CSV and SVG files go (target/netmodels)")
          .value("--seed", "N", "seed of load 1; load x uses its own seed from it (1)")
          .value("--reps", "N", "repetitions per load (10; taalk-scale 5)")
          .value("--max-load", "N", "Figs. 7-9 and taalk-bench: loads 1..N (100)")
          .value("--slow", "X", "taalk-scale: speed of every second server, in (0, 1] (0.5)")
          .value("--server-ms", "MS", "sensitivity: a server's time per packet (0.6)")
          .value("--balancer-ms", "MS", "sensitivity: a balancer's time per packet it sends (2)")
          .value("--spell-share", "X", "sensitivity: share of time in spells of other work (0.05)");

  private TaalkCli() {}

  public static boolean handles(String command) {
    return command.startsWith("taalk-");
  }

  public static void run(String[] args, PrintStream out) throws IOException {
    String cmd = args[0];
    if (CommandOptions.wantsHelp(args)) {
      SPEC.printHelp(
          cmd,
          "TAALK (seed 001) subcommands:\n" + USAGE + "\npolicies:\n" + Policy.REGISTRY.describe(),
          out);
      return;
    }
    CommandOptions o = new CommandOptions(args, SPEC);
    long seed = o.longValue("--seed", 1);
    Setup base = tuned(Setup.seedTestbed().withSeed(seed), o);
    List<Policy> all = List.of(Policy.TAALK, Policy.RANDOM, Policy.MAGLEV);
    long t0 = System.nanoTime();
    TaalkFigures.Figure fig;
    switch (cmd) {
      case "taalk-bench" -> {
        o.refuse("--out", "--slow");
        TaalkBenchmark.run(base, o.positive("--reps", 10), o.positive("--max-load", 100), out);
        return;
      }
      case "taalk-all" -> {
        o.refuse("--slow");
        Sweep s =
            Sweep.run(
                base, all, Sweep.loads(o.positive("--max-load", 100)), o.positive("--reps", 10));
        Path dir = Path.of(o.string("--out", "target/netmodels"));
        List<TaalkFigures.Figure> figs =
            new ArrayList<>(
                List.of(TaalkFigures.fig7(s), TaalkFigures.fig8(s), TaalkFigures.fig9(s)));
        for (var e : new java.util.TreeMap<>(DISTRIBUTIONS).entrySet()) {
          if (e.getValue() <= s.loads().length) {
            figs.add(TaalkFigures.distribution(s, e.getValue(), e.getKey()));
          }
        }
        for (TaalkFigures.Figure f : figs) {
          print(f, out);
          f.write(dir);
        }
        DoneLine.print(out, "taalk-all", t0, dir);
        return;
      }
      case "taalk-scale" -> {
        o.refuse("--max-load");
        double slow = o.doubleValue("--slow", 0.5);
        if (slow > 1) throw new IllegalArgumentException("--slow must be at most 1, got " + slow);
        fig = ScaleOut.run(base, o.positive("--reps", 5), slow);
      }
      case "taalk-fig7", "taalk-fig8", "taalk-fig9" -> {
        o.refuse("--slow");
        Sweep s =
            Sweep.run(
                base, all, Sweep.loads(o.positive("--max-load", 100)), o.positive("--reps", 10));
        fig =
            switch (cmd) {
              case "taalk-fig7" -> TaalkFigures.fig7(s);
              case "taalk-fig8" -> TaalkFigures.fig8(s);
              default -> TaalkFigures.fig9(s);
            };
      }
      default -> {
        Integer load = DISTRIBUTIONS.get(cmd);
        if (load == null) throw new IllegalArgumentException("unknown experiment '" + cmd + "'");
        o.refuse("--slow", "--max-load");
        Sweep s = Sweep.run(base, all, new int[] {load}, o.positive("--reps", 10));
        fig = TaalkFigures.distribution(s, load, cmd);
      }
    }
    Path dir = Path.of(o.string("--out", "target/netmodels"));
    print(fig, out);
    fig.write(dir);
    DoneLine.print(out, fig.id(), t0, dir);
  }

  /** The seed's testbed with the costs a sensitivity run changes. */
  private static Setup tuned(Setup s, CommandOptions o) {
    if (o.has("--server-ms")) {
      long cost = Math.round(o.doubleValue("--server-ms", 0) * Simulator.PS_PER_MS);
      s = s.withServer(cost, s.requestCostPs(), s.backlog(), s.slowSpeed());
    }
    if (o.has("--balancer-ms")) {
      s = s.withBalancerCost(Math.round(o.doubleValue("--balancer-ms", 0) * Simulator.PS_PER_MS));
    }
    if (o.has("--spell-share"))
      s = s.withStalls(s.stallMeanPs(), o.doubleValue("--spell-share", 0));
    return s;
  }

  /** The table on the console, unless it is too long to read there (it is in the CSV). */
  private static void print(TaalkFigures.Figure f, PrintStream out) {
    int rows = f.table().rows().size();
    if (rows <= 120) {
      out.print(f.table().render());
    } else {
      out.printf(Locale.ROOT, "%s: %d rows, see %s.csv%n", f.id(), rows, f.id());
    }
  }
}
