package io.pikachu.netmodels.cli;

import io.pikachu.netmodels.crossrss.CrossRssCli;
import io.pikachu.netmodels.experiments.NetsimCommand;
import io.pikachu.netmodels.maglev.MaglevBenchmark;
import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.report.DuetCli;
import io.pikachu.netmodels.taalk.TaalkCli;
import io.pikachu.netmodels.tool.SimulateCommand;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  private static final List<Command> ALL = build();
  private static final Map<String, Command> BY_NAME = byName();

  private Commands() {}

  private static List<Command> build() {
    List<Command> c = new ArrayList<>();
    c.add(SimulateCommand.command());
    c.add(FidelityCommand.command());
    c.addAll(DuetCli.commands());
    c.addAll(NetsimCommand.commands());
    c.addAll(CrossRssCli.commands());
    c.add(
        new Command(
            "maglev-bench",
            "CrossRSS, core-aware connection balancing (seed 003)",
            "Maglev table build time (1,000 backends, M = 65537) and lookups per second",
            new CommandOptions.Spec(),
            (o, out) -> MaglevBenchmark.run(out)));
    c.addAll(TaalkCli.commands());
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

  private static Map<String, Command> byName() {
    Map<String, Command> m = new LinkedHashMap<>();
    for (Command c : ALL) {
      if (m.put(c.name(), c) != null) throw new IllegalStateException("two commands " + c.name());
    }
    for (String old : DEPRECATED.keySet()) {
      if (m.containsKey(old)) throw new IllegalStateException(old + " is a command and an alias");
    }
    return m;
  }

  public static List<Command> all() {
    return ALL;
  }

  /** The command of this name (or old name), or null. */
  public static Command find(String name) {
    String now = DEPRECATED.getOrDefault(name, name);
    return BY_NAME.get(now);
  }

  /** The commands that declare an option, by name: for "does not apply" messages. */
  static List<String> declaring(String option) {
    List<String> names = new ArrayList<>();
    for (Command c : ALL) if (c.spec().declares(option)) names.add(c.name());
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
    for (Command c : ALL) groups.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c);
    int width = ALL.stream().mapToInt(c -> c.name().length()).max().orElse(10) + 2;
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
