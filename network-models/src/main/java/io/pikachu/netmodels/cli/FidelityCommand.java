package io.pikachu.netmodels.cli;

import io.pikachu.netmodels.cli.Fidelity.Score;
import io.pikachu.netmodels.experiments.Runner;
import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.options.RunManifest;
import io.pikachu.netmodels.report.Table;
import io.pikachu.netmodels.taalk.Setup;
import io.pikachu.netmodels.taalk.TaalkCli;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code fidelity}: scores every row of the notes' tolerance table over seeds (or batches) at full
 * scale, prints value, interval and verdict, and writes {@code fidelity.csv} and {@code
 * fidelity.md} (the table docs/network-models.md shows). Resumable: every measure is cached.
 */
final class FidelityCommand {
  private FidelityCommand() {}

  static Command command() {
    return new Command(
        "fidelity",
        "every part",
        "scores the notes' tolerance table: each row over >= 5 seeds or batches at full scale,"
            + " mean, 95% interval, met / in part / miss (resumable, cached)",
        "groups: 002 (DRILL, 17 runs of 2 s a seed: about 45 CPU-minutes a seed at full scale),"
            + " 001 (TAALK, one sweep a seed), 003 (CrossRSS, one batch of 10 runs), 004 (spraying,"
            + " one batch of 10 runs per point)",
        new CommandOptions.Spec()
            .value("--out", "DIR", "where fidelity.csv and fidelity.md go (target/netmodels)")
            .value(
                "--cache", "DIR", "where every measure is kept and reused (target/fidelity-cache)")
            .value("--groups", "G,G", "the seeds' rows to score: 002, 001, 003, 004 (all)")
            .value("--replicates", "N", "seeds or batches per row, at least 2 (5; TAALK 10)")
            .value("--seed", "N", "first seed; batches start at N, N + 10, ... (1)")
            .value("--threads", "N", "runs in parallel (1)")
            .value(
                "--scale", "full|small", "the seeds' setting, or the tests' shortened one (full)")
            .with(TaalkCli.costOptions()),
        FidelityCommand::run);
  }

  private static void run(CommandOptions o, PrintStream out) throws IOException {
    String scale = o.string("--scale", "full");
    if (!scale.equals("full") && !scale.equals("small")) {
      throw new IllegalArgumentException("unknown scale '" + scale + "': use full or small");
    }
    List<String> groups = List.of(o.string("--groups", "002,001,003,004").split(","));
    for (String g : groups) {
      if (!List.of("002", "001", "003", "004").contains(g)) {
        throw new IllegalArgumentException("unknown group '" + g + "': use 002, 001, 003, 004");
      }
    }
    Map<String, Integer> reps = new LinkedHashMap<>();
    for (String g : groups) {
      int n = o.has("--replicates") ? o.positive("--replicates", 5) : g.equals("001") ? 10 : 5;
      if (n < 2) throw new IllegalArgumentException("--replicates must be at least 2, got " + n);
      reps.put(g, n);
    }
    Path cache = Path.of(o.string("--cache", "target/fidelity-cache"));
    Path dir = Path.of(o.string("--out", "target/netmodels"));
    Runner runner = new Runner(o.positive("--threads", 1), null);
    Fidelity f = new Fidelity(cache, scale.equals("small"), runner, out);
    String costs = TaalkCli.costTag(o);
    if (!costs.isEmpty()) {
      if (!groups.equals(List.of("001"))) {
        throw new IllegalArgumentException(
            String.join(", ", TaalkCli.COSTS) + " change seed 001's testbed: use --groups 001");
      }
      f = f.withTaalkTestbed(TaalkCli.tuned(Setup.seedTestbed(), o), costs);
    }
    out.println(
        "scoring "
            + reps
            + " at "
            + scale
            + " scale"
            + (costs.isEmpty() ? "" : " (" + costs + ")")
            + "; cache "
            + cache.toAbsolutePath());
    List<Score> scores = f.run(groups, reps, o.longValue("--seed", 1));
    Table t = table(scores);
    out.print(t.render());
    Files.createDirectories(dir);
    t.writeCsv(dir.resolve("fidelity.csv"));
    Files.writeString(
        dir.resolve("fidelity.md"),
        markdown(scores, scale + (costs.isEmpty() ? "" : " with TAALK's costs " + costs)));
    out.println("wrote fidelity.csv and fidelity.md to " + dir.toAbsolutePath());
  }

  static Table table(List<Score> scores) {
    Table t =
        new Table(
            "The notes' tolerance table, scored",
            "row",
            "finding",
            "tolerance",
            "n",
            "mean",
            "ci95_lo",
            "ci95_hi",
            "min",
            "max",
            "verdict");
    for (Score s : scores) {
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (double v : s.values()) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      t.row(
          s.row().id(),
          '"' + s.row().finding().replace("\"", "'") + '"',
          '"' + s.row().tolerance() + '"',
          s.values().length,
          s.mean(),
          s.lo(),
          s.hi(),
          min,
          max,
          s.verdict());
    }
    return t;
  }

  static String markdown(List<Score> scores, String scale) {
    StringBuilder b =
        new StringBuilder(
            "| row | finding (the seed's number) | tolerance | n | mean | 95% interval | verdict |\n"
                + "|---|---|---|---|---|---|---|\n");
    for (Score s : scores) {
      b.append(
          String.format(
              Locale.ROOT,
              "| `%s` | %s | %s | %d | %s | %s-%s | %s |%n",
              s.row().id(),
              s.row().finding(),
              s.row().tolerance(),
              s.values().length,
              num(s.mean()),
              num(s.lo()),
              num(s.hi()),
              s.verdict()));
    }
    b.append(
        String.format(
            Locale.ROOT,
            "%nScored at %s scale by `fidelity` (build %s): met = the 95%% interval inside the"
                + " tolerance; in part = the mean inside, the interval across a bound; miss = the"
                + " mean outside.%n",
            scale,
            RunManifest.commit()));
    return b.toString();
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3f", v);
  }
}
