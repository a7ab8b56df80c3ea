package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.cli.CommandOptions;
import io.pikachu.netmodels.cli.DoneLine;
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

  private TaalkCli() {}

  public static boolean handles(String command) {
    return command.startsWith("taalk-");
  }

  public static void run(String[] args, PrintStream out) throws IOException {
    String cmd = args[0];
    CommandOptions o =
        new CommandOptions(args, List.of("--out", "--seed", "--reps", "--max-load", "--slow"));
    long seed = o.longValue("--seed", 1);
    Setup base = Setup.seedTestbed().withSeed(seed);
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
