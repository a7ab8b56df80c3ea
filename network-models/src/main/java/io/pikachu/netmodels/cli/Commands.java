package io.pikachu.netmodels.cli;

import com.google.common.base.Suppliers;
import io.pikachu.netmodels.crossrss.CrossRssCli;
import io.pikachu.netmodels.experiments.NetsimCommand;
import io.pikachu.netmodels.maglev.MaglevBenchmark;
import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.report.DuetCli;
import io.pikachu.netmodels.taalk.TaalkCli;
import io.pikachu.netmodels.tool.SimulateCommand;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Every subcommand of the jar, named on one scheme: {@code <part>-<what>}, the part being the seed
 * or the piece of the harness ({@code duet-fig16}, {@code drill-load}, {@code taalk-scale}), except
 * the two that serve every part ({@code simulate}, {@code fidelity}). Each command declares the
 * options it accepts; any other is refused, naming the commands it belongs to. Names used before
 * the scheme still work, with a warning.
 */
public final class Commands {
  /** Old names, still accepted with a warning on stderr. */
  static final Map<String, String> DEPRECATED = deprecated();

  /**
   * The parts, each with the names of its commands and how to build them. A run builds only the
   * part its command is in: building them all (their option specs, help texts and registries) was a
   * tenth of a second of every run's start, about 4% of the NetBench comparison's CPU.
   */
  static final List<Part> PARTS =
      List.of(
          new Part(List.of("simulate"), () -> List.of(SimulateCommand.command())),
          new Part(List.of("fidelity"), () -> List.of(FidelityCommand.command())),
          new Part(
              List.of(
                  "duet-fig16",
                  "duet-fig17",
                  "duet-fig18",
                  "duet-fig19",
                  "duet-fig20",
                  "duet-all",
                  "duet-assign"),
              DuetCli::commands),
          new Part(
              List.of(
                  "drill-load",
                  "drill-staleness",
                  "drill-run",
                  "drill-queues",
                  "spray-static",
                  "spray-random",
                  "spray-shorts",
                  "netsim-bench",
                  "netbench-scenario",
                  "netbench-ours",
                  "netbench-compare"),
              NetsimCommand::commands),
          new Part(
              List.of("crossrss-fig2a", "crossrss-fig2b", "crossrss-bench"), CrossRssCli::commands),
          new Part(List.of("maglev-bench"), () -> List.of(maglevBench())),
          new Part(
              List.of(
                  "taalk-fig7",
                  "taalk-fig8",
                  "taalk-fig9",
                  "taalk-fig10",
                  "taalk-fig11",
                  "taalk-fig12",
                  "taalk-all",
                  "taalk-scale",
                  "taalk-bench"),
              TaalkCli::commands));

  private static final Supplier<List<Command>> ALL = Suppliers.memoize(Commands::build);

  private Commands() {}

  /** A part's commands by name, built on first use; CommandsTest checks the names are theirs. */
  static final class Part {
    private final List<String> names;
    private final Supplier<List<Command>> commands;

    Part(List<String> names, Supplier<List<Command>> build) {
      this.names = names;
      this.commands = Suppliers.memoize(build::get);
    }

    List<String> names() {
      return names;
    }

    List<Command> commands() {
      return commands.get();
    }
  }

  private static Command maglevBench() {
    return new Command(
        "maglev-bench",
        "CrossRSS, core-aware connection balancing (seed 003)",
        "Maglev table build time (1,000 backends, M = 65537) and lookups per second",
        new CommandOptions.Spec(),
        (o, out) -> MaglevBenchmark.run(out));
  }

  private static List<Command> build() {
    List<Command> c = new ArrayList<>();
    for (Part p : PARTS) c.addAll(p.commands());
    Set<String> names = new HashSet<>();
    for (Command x : c) {
      if (!names.add(x.name())) throw new IllegalStateException("two commands " + x.name());
    }
    for (String old : DEPRECATED.keySet()) {
      if (names.contains(old)) throw new IllegalStateException(old + " is a command and an alias");
    }
    return List.copyOf(c);
  }

  private static Map<String, String> deprecated() {
    Map<String, String> d = new LinkedHashMap<>();
    for (int f = 16; f <= 20; f++) d.put("fig" + f, "duet-fig" + f);
    d.put("all", "duet-all");
    d.put("assign", "duet-assign");
    d.put("netsim-run", "drill-run");
    return d;
  }

  public static List<Command> all() {
    return ALL.get();
  }

  /** The command of this name (or old name), or null. Builds only the part it belongs to. */
  public static Command find(String name) {
    String now = DEPRECATED.getOrDefault(name, name);
    for (Part p : PARTS) {
      if (p.names().contains(now)) {
        for (Command c : p.commands()) if (c.name().equals(now)) return c;
      }
    }
    return null;
  }

  /** The commands that declare an option, by name: for "does not apply" messages. */
  static List<String> declaring(String option) {
    List<String> names = new ArrayList<>();
    for (Command c : all()) if (c.spec().declares(option)) names.add(c.name());
    if (names.size() > 6) {
      int more = names.size() - 5;
      names = new ArrayList<>(names.subList(0, 5));
      names.add("and " + more + " more");
    }
    return names;
  }

  /** The top-level usage: every command under its part's heading. */
  static String usage() {
    StringBuilder b =
        new StringBuilder(
            "usage: java -jar network-models.jar <command> [options]   (<command> --help: its"
                + " options)\n");
    Map<String, List<Command>> groups = new LinkedHashMap<>();
    for (Command c : all()) groups.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c);
    int width = all().stream().mapToInt(c -> c.name().length()).max().orElse(10) + 2;
    for (var g : groups.entrySet()) {
      b.append(g.getKey()).append(":\n");
      for (Command c : g.getValue()) {
        b.append("  ").append(String.format("%-" + width + "s", c.name())).append(c.summary());
        b.append('\n');
      }
    }
    b.append("old names, still accepted with a warning: ");
    List<String> pairs = new ArrayList<>();
    for (var e : DEPRECATED.entrySet()) pairs.add(e.getKey() + " (" + e.getValue() + ")");
    b.append(String.join(", ", pairs)).append("; option --reps is --runs\n");
    return b.toString();
  }
}
