package io.pikachu.netmodels.cli;

import io.pikachu.netmodels.crossrss.CrossRssFindings;
import io.pikachu.netmodels.experiments.DrillFindings;
import io.pikachu.netmodels.experiments.Runner;
import io.pikachu.netmodels.experiments.SprayFindings;
import io.pikachu.netmodels.report.Intervals;
import io.pikachu.netmodels.taalk.Setup;
import io.pikachu.netmodels.taalk.TaalkFindings;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The notes' tolerance table (shared notes, network-models part 2), scored by the code: each row's
 * measure over several seeds (seeds 001, 002) or batches of the paper's 10 runs (seeds 003, 004),
 * its mean and 95% t-interval, and a verdict at the notes' bound:
 *
 * <ul>
 *   <li><b>met</b>: the whole interval is inside the tolerance;
 *   <li><b>in part</b>: the mean is inside, the interval crosses a bound;
 *   <li><b>miss</b>: the mean is outside.
 * </ul>
 *
 * <p>Each replicate's measures are kept in a cache the moment they are made (and seed 002's runs
 * one by one in the run cache), so a stopped scoring resumes where it stopped.
 */
final class Fidelity {
  /** Part of every cached replicate: raise it when a measure's definition changes. */
  static final int VERSION = 1;

  /** A row: the measure's id, what the seed found, the notes' bound. */
  record Row(String id, String group, String finding, String tolerance, double lo, double hi) {}

  /** The rows, in the notes' order; compound rows of the notes are split into their parts. */
  static final List<Row> ROWS =
      List.of(
          new Row("002-ecmp-90", "002", "ECMP / DRILL mean FCT at 90% (1.5)", "1.2-2.5", 1.2, 2.5),
          new Row(
              "002-ecmp-10", "002", "ECMP / DRILL at 10% (about equal)", "within 10%", 0.9, 1.1),
          new Row(
              "002-piu-order",
              "002",
              "PIU / DRILL at 90%: 1 < 10 < 100 us",
              "order holds (share of seeds)",
              1,
              1),
          new Row(
              "002-piu1-90",
              "002",
              "PIU 1 us / DRILL at 90% (1.035)",
              "<= 1.08",
              Double.NEGATIVE_INFINITY,
              1.08),
          new Row(
              "002-piu10-90", "002", "PIU 10 us / DRILL at 90% (1.22)", "1.08-1.40", 1.08, 1.40),
          new Row("002-piu100-90", "002", "PIU 100 us / DRILL at 90% (1.92)", "1.4-2.4", 1.4, 2.4),
          new Row(
              "002-piu0.1-90",
              "002",
              "PIU 0.1 us / DRILL at 90% (about equal)",
              "within 3%",
              0.97,
              1.03),
          new Row(
              "002-cu0.1-90",
              "002",
              "CU 0.1 us / DRILL at 90% (about equal)",
              "within 3%",
              0.97,
              1.03),
          new Row(
              "002-cu1-90", "002", "CU 1 us / DRILL at 90% (about equal)", "within 3%", 0.97, 1.03),
          new Row("002-ppu-10", "002", "PPU / DRILL at 10% (1.065)", "1.0-1.25", 1.0, 1.25),
          new Row("002-ppu-90", "002", "PPU / DRILL at 90% (1.11)", "1.0-1.25", 1.0, 1.25),
          new Row(
              "002-cu10-90",
              "002",
              "CU 10 us / DRILL at 90% (+6%)",
              "0-12% (1.00-1.12)",
              1.0,
              1.12),
          new Row(
              "002-cu10-vs-ecmp",
              "002",
              "CU 10 us below ECMP at 90%, % (29)",
              ">= 15%",
              15,
              Double.POSITIVE_INFINITY),
          new Row(
              "002-cu-le-min",
              "002",
              "CU 10 us / min(PIU 10 us, PPU) at 90%",
              "<= 1.02",
              Double.NEGATIVE_INFINITY,
              1.02),
          new Row(
              "002-queue-40",
              "002",
              "queue std dev ECMP / DRILL at 40% (92x)",
              ">= 20",
              20,
              Double.POSITIVE_INFINITY),
          new Row(
              "002-queue-80",
              "002",
              "queue std dev ECMP / DRILL at 80% (10.5x)",
              ">= 4",
              4,
              Double.POSITIVE_INFINITY),
          new Row(
              "002-spine-leaf-80",
              "002",
              "spine / leaf queue std dev, DRILL, 80% (42x)",
              ">= 5",
              5,
              Double.POSITIVE_INFINITY),
          new Row(
              "001-outliers",
              "001",
              "random choice's outliers at the SYN back-off times (share within 0.5 s)",
              ">= 98% within 0.5 s",
              0.98,
              Double.POSITIVE_INFINITY),
          new Row(
              "001-job-ratio",
              "001",
              "largest job-time ratio random / TAALK, loads 1-100 (30x; 8x at 82)",
              ">= 8",
              8,
              Double.POSITIVE_INFINITY),
          new Row(
              "001-job-ratio-60",
              "001",
              "the same over loads >= 60 (for reference)",
              ">= 8",
              8,
              Double.POSITIVE_INFINITY),
          new Row(
              "001-job-lower-60",
              "001",
              "share of loads >= 60 where TAALK's job time is lower",
              ">= 70%",
              0.7,
              Double.POSITIVE_INFINITY),
          new Row(
              "001-mean-above",
              "001",
              "share of loads 30-100 where TAALK's mean FCT is above",
              ">= 70%",
              0.7,
              Double.POSITIVE_INFINITY),
          new Row(
              "003-core-variance",
              "003",
              "per-core variance, least of RR, HASH, Pow2 over CrossRSS (28-35x)",
              ">= 10",
              10,
              Double.POSITIVE_INFINITY),
          new Row(
              "003-server-variance",
              "003",
              "baselines' per-server variance, largest run, %",
              "< 1%",
              Double.NEGATIVE_INFINITY,
              1),
          new Row(
              "003-equal-below-60",
              "003",
              "delivered throughput below 60% load, largest difference, %",
              "within 1%",
              Double.NEGATIVE_INFINITY,
              1),
          new Row(
              "003-rr-33.3",
              "003",
              "CrossRSS / RR delivered at 33.3 Gbps (1.09)",
              ">= 1.05",
              1.05,
              Double.POSITIVE_INFINITY),
          new Row(
              "003-rr-36.7",
              "003",
              "CrossRSS / RR delivered at 36.7 Gbps (1.09)",
              ">= 1.05",
              1.05,
              Double.POSITIVE_INFINITY),
          new Row(
              "003-hash-33.3",
              "003",
              "CrossRSS / HASH delivered at 33.3 Gbps (1.12)",
              ">= 1.08",
              1.08,
              Double.POSITIVE_INFINITY),
          new Row(
              "003-hash-36.7",
              "003",
              "CrossRSS / HASH delivered at 36.7 Gbps (1.12)",
              ">= 1.08",
              1.08,
              Double.POSITIVE_INFINITY),
          new Row(
              "004-short-random-n1",
              "004",
              "short FCT spray / single, random, n = 1",
              "<= 1.05",
              Double.NEGATIVE_INFINITY,
              1.05),
          new Row(
              "004-short-random-n2",
              "004",
              "short FCT spray / single, random, n = 2",
              "<= 1.05",
              Double.NEGATIVE_INFINITY,
              1.05),
          new Row(
              "004-short-random-n3",
              "004",
              "short FCT spray / single, random, n = 3",
              "<= 1.05",
              Double.NEGATIVE_INFINITY,
              1.05),
          new Row(
              "004-short-random-n4",
              "004",
              "short FCT spray / single, random, n = 4",
              "<= 1.05",
              Double.NEGATIVE_INFINITY,
              1.05),
          new Row(
              "004-short-random-n5",
              "004",
              "short FCT spray / single, random, n = 5",
              "<= 1.05",
              Double.NEGATIVE_INFINITY,
              1.05),
          new Row(
              "004-short-gap-grows",
              "004",
              "single's short-FCT lead over spray grows from n = 1 to 5, ms",
              "> 0",
              Double.NEGATIVE_INFINITY,
              Double.POSITIVE_INFINITY),
          new Row(
              "004-short-static-n3-5",
              "004",
              "short FCT spray / single, static, n = 3-5",
              "<= 1.05",
              Double.NEGATIVE_INFINITY,
              1.05),
          new Row(
              "004-long-static",
              "004",
              "long-flow throughput spray / single, static, n = 2-5",
              ">= 0.98",
              0.98,
              Double.POSITIVE_INFINITY),
          new Row(
              "004-long-random-n1",
              "004",
              "long-flow throughput spray / single, random, n = 1",
              ">= 1.05",
              1.05,
              Double.POSITIVE_INFINITY),
          new Row(
              "004-long-random-n2",
              "004",
              "long-flow throughput spray / single, random, n = 2",
              ">= 1.05",
              1.05,
              Double.POSITIVE_INFINITY),
          new Row(
              "004-long-random-n3",
              "004",
              "long-flow throughput spray / single, random, n = 3",
              ">= 1.05",
              1.05,
              Double.POSITIVE_INFINITY),
          new Row(
              "004-long-random-n4",
              "004",
              "long-flow throughput spray / single, random, n = 4",
              ">= 1.05",
              1.05,
              Double.POSITIVE_INFINITY),
          new Row(
              "004-long-random-n5",
              "004",
              "long-flow throughput spray / single, random, n = 5",
              ">= 1.05",
              1.05,
              Double.POSITIVE_INFINITY),
          new Row("004-ooo-single", "004", "out-of-order share, single path, %", "0", 0, 0),
          new Row(
              "004-ooo-spray",
              "004",
              "out-of-order share, spraying, random, n = 1-5, % (about 20)",
              "10-35%",
              10,
              35));

  /** A row's verdict over its replicates. */
  record Score(Row row, double[] values, double mean, double lo, double hi, String verdict) {}

  private final Path cache;
  private final boolean small;
  private final Runner runner;
  private final PrintStream progress;
  private Setup taalkTestbed = Setup.seedTestbed();
  private String taalkCosts = ""; // the testbed's costs as a tag, empty for the seed's own

  Fidelity(Path cache, boolean small, Runner runner, PrintStream progress) {
    this.cache = cache;
    this.small = small;
    this.runner = runner;
    this.progress = progress;
  }

  /**
   * Scores seed 001's rows on another testbed (other costs), {@code tag} naming its costs: the tag
   * is part of every cached replicate's key and file name, so cells do not mix.
   */
  Fidelity withTaalkTestbed(Setup testbed, String tag) {
    taalkTestbed = testbed;
    taalkCosts = tag;
    return this;
  }

  /** The seed (or a batch's first seed) of replicate {@code r} of a group. */
  static long seedOf(String group, long first, int r) {
    return switch (group) {
      case "003", "004" -> first + 10L * r; // batches of the paper's 10 runs: 1-10, 11-20, ...
      default -> first + r;
    };
  }

  /** One replicate's measures, from the cache or made now (and cached). */
  Map<String, Double> replicate(String group, long seed) {
    String variant =
        group.equals("001") && !taalkCosts.isEmpty() ? group + "-" + taalkCosts : group;
    String key =
        "fidelity " + VERSION + " | " + (small ? "small" : "full") + " | " + variant + " | " + seed;
    Path f =
        cache.resolve(
            String.format(Locale.ROOT, "%s-%s-%d.txt", small ? "small" : "full", variant, seed));
    Map<String, Double> m = read(f, key);
    if (m != null) return m;
    long t0 = System.nanoTime();
    m =
        switch (group) {
          case "002" -> DrillFindings.measure(seed, small, cache.resolve("runs"), runner);
          case "001" -> TaalkFindings.measure(seed, taalkTestbed);
          case "003" -> CrossRssFindings.measure(seed, small);
          case "004" -> SprayFindings.measure(seed, small ? 4 : 10, runner);
          default -> throw new IllegalArgumentException("unknown group " + group);
        };
    write(f, key, m);
    if (progress != null) {
      progress.printf(
          Locale.ROOT,
          "  seed %s, %s %d: measured in %.0f s%n",
          group,
          group.equals("003") || group.equals("004") ? "batch from seed" : "seed",
          seed,
          (System.nanoTime() - t0) / 1e9);
    }
    return m;
  }

  private static Map<String, Double> read(Path f, String key) {
    if (!Files.isRegularFile(f)) return null;
    try {
      List<String> lines = Files.readAllLines(f);
      if (lines.isEmpty() || !lines.get(0).equals(key)) return null;
      Map<String, Double> m = new LinkedHashMap<>();
      for (String l : lines.subList(1, lines.size())) {
        String[] kv = l.split(" ");
        m.put(kv[0], Double.parseDouble(kv[1]));
      }
      return m;
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("--cache: unreadable file " + f + ": " + e.getMessage());
    }
  }

  private static void write(Path f, String key, Map<String, Double> m) {
    StringBuilder b = new StringBuilder(key).append('\n');
    m.forEach((k, v) -> b.append(k).append(' ').append(Double.toString(v)).append('\n'));
    try {
      Files.createDirectories(f.getParent());
      Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
      Files.writeString(tmp, b.toString());
      Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Scores a row over its replicates' measures. */
  static Score score(Row row, double[] v) {
    double mean = Intervals.mean(v);
    double half = v.length > 1 ? Intervals.halfWidth95(v) : 0;
    double lo = mean - half;
    double hi = mean + half;
    String verdict;
    if (Double.isNaN(mean) || mean < row.lo() || mean > row.hi()) verdict = "miss";
    else if (lo >= row.lo() && hi <= row.hi()) verdict = "met";
    else verdict = "in part";
    return new Score(row, v, mean, lo, hi, verdict);
  }

  /** Every row of the groups asked for, each over its group's replicates. */
  List<Score> run(List<String> groups, Map<String, Integer> replicates, long firstSeed) {
    Map<String, List<Map<String, Double>>> measured = new LinkedHashMap<>();
    for (String g : groups) {
      List<Map<String, Double>> reps = new ArrayList<>();
      for (int r = 0; r < replicates.get(g); r++) reps.add(replicate(g, seedOf(g, firstSeed, r)));
      measured.put(g, reps);
    }
    List<Score> out = new ArrayList<>();
    for (Row row : ROWS) {
      List<Map<String, Double>> reps = measured.get(row.group());
      if (reps == null) continue;
      double[] v = reps.stream().mapToDouble(m -> m.get(row.id())).toArray();
      out.add(score(row, v));
    }
    return out;
  }
}
