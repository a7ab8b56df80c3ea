package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.options.Command;
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
  private static final String GROUP = "TAALK, racing SYNs to two servers (seed 001)";

  private static final Map<String, Integer> DISTRIBUTIONS =
      Map.of("taalk-fig10", 82, "taalk-fig11", 83, "taalk-fig12", 93);

  /** Every option of this group, declared once; each command picks the ones it takes. */
  private static final CommandOptions.Spec OPTIONS =
      new CommandOptions.Spec()
          .value("--out", "DIR", "where CSV and SVG files go (target/netmodels)")
          .value("--seed", "N", "seed of load 1; load x uses its own seed from it (1)")
          .value("--runs", "N", "repetitions per load (10; taalk-scale 5)")
          .value("--max-load", "N", "loads 1..N (100)")
          .value("--slow", "X", "speed of every second server, in (0, 1] (0.5)")
          .value("--server-ms", "MS", "sensitivity: a server's time per packet (0.6)")
          .value("--balancer-ms", "MS", "sensitivity: a balancer's time per packet it sends (2)")
          .value("--spell-share", "X", "sensitivity: share of time in spells of other work (0.05)");

  /** The options that change the testbed's costs ({@link #tuned}). */
  public static final String[] COSTS = {"--server-ms", "--balancer-ms", "--spell-share"};

  /** The cost options' declarations, for another command that runs the testbed. */
  public static CommandOptions.Spec costOptions() {
    return OPTIONS.pick(COSTS);
  }

  /**
   * The cost options given, as a file-name-safe tag ({@code server-ms0.3_balancer-ms1}), or the
   * empty string when none is: what tells one cost cell's cached results from another's.
   */
  public static String costTag(CommandOptions o) {
    StringBuilder b = new StringBuilder();
    for (String c : COSTS) {
      if (!o.has(c)) continue;
      if (b.length() > 0) b.append('_');
      b.append(c.substring(2)).append(o.doubleValue(c, 0));
    }
    return b.toString();
  }

  private TaalkCli() {}

  private static String[] with(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  /** The TAALK subcommands. */
  public static List<Command> commands() {
    String policies = "policies:\n" + Policy.REGISTRY.describe();
    CommandOptions.Spec sweep =
        OPTIONS.pick(with(COSTS, "--out", "--seed", "--runs", "--max-load"));
    List<Command> c = new ArrayList<>();
    c.add(
        new Command(
            "taalk-fig7",
            GROUP,
            "Fig. 7: mean FCT per load (the whole sweep: loads 1-100, 10 repetitions)",
            policies,
            sweep,
            (o, out) -> figure("taalk-fig7", o, out)));
    c.add(
        new Command(
            "taalk-fig8",
            GROUP,
            "Fig. 8: FCT spread per load",
            policies,
            sweep,
            (o, out) -> figure("taalk-fig8", o, out)));
    c.add(
        new Command(
            "taalk-fig9",
            GROUP,
            "Fig. 9: largest FCT (job time) per load",
            policies,
            sweep,
            (o, out) -> figure("taalk-fig9", o, out)));
    for (var e : new java.util.TreeMap<>(DISTRIBUTIONS).entrySet()) {
      c.add(
          new Command(
              e.getKey(),
              GROUP,
              "Fig. "
                  + e.getKey().substring("taalk-fig".length())
                  + ": FCT distribution at load "
                  + e.getValue(),
              policies,
              OPTIONS.pick(with(COSTS, "--out", "--seed", "--runs")),
              (o, out) -> distribution(e.getKey(), e.getValue(), o, out)));
    }
    c.add(
        new Command(
            "taalk-all", GROUP, "Figs. 7-12 from one sweep", policies, sweep, TaalkCli::all));
    c.add(
        new Command(
            "taalk-scale",
            GROUP,
            "16-64 servers and balancers: random, Maglev, TAALK d = 2 and 3",
            policies,
            OPTIONS.pick(with(COSTS, "--out", "--seed", "--runs", "--slow")),
            TaalkCli::scale));
    c.add(
        new Command(
            "taalk-bench",
            GROUP,
            "times the full sweep (loads 1-100, 10 repetitions, 3 policies)",
            OPTIONS.pick(with(COSTS, "--seed", "--runs", "--max-load")),
            (o, out) ->
                TaalkBenchmark.run(
                    base(o), o.positive("--runs", 10), o.positive("--max-load", 100), out)));
    return c;
  }

  private static final List<Policy> ALL = List.of(Policy.TAALK, Policy.RANDOM, Policy.MAGLEV);

  private static Setup base(CommandOptions o) {
    return tuned(Setup.seedTestbed().withSeed(o.longValue("--seed", 1)), o);
  }

  private static Sweep sweep(CommandOptions o) {
    return Sweep.run(
        base(o), ALL, Sweep.loads(o.positive("--max-load", 100)), o.positive("--runs", 10));
  }

  private static void figure(String cmd, CommandOptions o, PrintStream out) throws IOException {
    long t0 = System.nanoTime();
    Sweep s = sweep(o);
    TaalkFigures.Figure fig =
        switch (cmd) {
          case "taalk-fig7" -> TaalkFigures.fig7(s);
          case "taalk-fig8" -> TaalkFigures.fig8(s);
          default -> TaalkFigures.fig9(s);
        };
    finish(fig, o, out, t0);
  }

  private static void distribution(String cmd, int load, CommandOptions o, PrintStream out)
      throws IOException {
    long t0 = System.nanoTime();
    Sweep s = Sweep.run(base(o), ALL, new int[] {load}, o.positive("--runs", 10));
    finish(TaalkFigures.distribution(s, load, cmd), o, out, t0);
  }

  private static void scale(CommandOptions o, PrintStream out) throws IOException {
    long t0 = System.nanoTime();
    double slow = o.doubleValue("--slow", 0.5);
    if (slow > 1) throw new IllegalArgumentException("--slow must be at most 1, got " + slow);
    finish(ScaleOut.run(base(o), o.positive("--runs", 5), slow), o, out, t0);
  }

  private static void all(CommandOptions o, PrintStream out) throws IOException {
    long t0 = System.nanoTime();
    Sweep s = sweep(o);
    Path dir = Path.of(o.string("--out", "target/netmodels"));
    List<TaalkFigures.Figure> figs =
        new ArrayList<>(List.of(TaalkFigures.fig7(s), TaalkFigures.fig8(s), TaalkFigures.fig9(s)));
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
  }

  private static void finish(TaalkFigures.Figure fig, CommandOptions o, PrintStream out, long t0)
      throws IOException {
    Path dir = Path.of(o.string("--out", "target/netmodels"));
    print(fig, out);
    fig.write(dir);
    DoneLine.print(out, fig.id(), t0, dir);
  }

  /** The seed's testbed with the costs a sensitivity run changes. */
  public static Setup tuned(Setup s, CommandOptions o) {
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
