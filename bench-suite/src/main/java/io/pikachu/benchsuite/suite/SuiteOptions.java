package io.pikachu.benchsuite.suite;

import io.pikachu.bench.Args;
import io.pikachu.benchmodel.CommandLines;
import io.pikachu.benchmodel.Method;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * What the suite runs. The defaults are the full suite of section 2.6; {@code --quick} is the
 * smallest run that still goes through every step (generation, jobs, per-run files, report), for
 * CI.
 *
 * @param sweep the grid of fixed P for Optimal; refined afterwards around its best point
 * @param methods which of stock, tarazu, pikachu (one-shot), two-stage, optimal and
 *     two-stage-hadoop-copies (two-stage with Hadoop's own map estimates) to run
 */
public record SuiteOptions(
    List<SuiteApp> apps,
    List<SuiteCluster> clusters,
    List<String> methods,
    int reps,
    int sweepReps,
    List<Double> sweep,
    boolean refine,
    int maps,
    int megabytesPerMap,
    long seed,
    Path out,
    boolean fresh,
    Map<String, String> jobSettings) {

  /** The methods a full run compares, when --methods is not given. */
  public static final List<String> METHODS =
      List.of("stock", "tarazu", "pikachu", "two-stage", "optimal");

  /** Methods run only when asked for: two-stage without rule map-copy-by-node-speed. */
  static final List<String> EXTRA_METHODS = List.of("two-stage-hadoop-copies");

  private static final Options OPTIONS =
      new Options()
          .addOption(
              opt(
                  "apps",
                  "comma-separated applications (default all: "
                      + Arrays.stream(SuiteApp.values()).map(SuiteApp::label).toList()
                      + ")"))
          .addOption(
              opt(
                  "configs",
                  "comma-separated built-in clusters: config-1, config-2, homogeneous"
                      + " (default config-1,config-2 unless --cluster is given)"))
          .addOption(
              Option.builder()
                  .longOpt("cluster")
                  .hasArg()
                  .argName("LABEL=NODES")
                  .desc(
                      "a cluster of your own (repeatable): LABEL=[COUNTx]NAME:CORES:MAP_SLOTS:"
                          + "REDUCE_SLOTS;... or LABEL=@FILE with one node group per line, e.g."
                          + " wide=1xfast:1.2:4:2;2xslow:0.15:1:2")
                  .build())
          .addOption(
              opt(
                  "methods",
                  "comma-separated subset of "
                      + String.join(",", METHODS)
                      + " (default all), or two-stage-hadoop-copies: two-stage with Hadoop's own"
                      + " map estimates, to measure rule map-copy-by-node-speed"))
          .addOption(opt("reps", "repetitions of every method but the sweep (default 3)"))
          .addOption(opt("sweep-reps", "repetitions of every sweep point (default 1)"))
          .addOption(opt("sweep", "grid of fixed P for Optimal (default 0.5,1,1.5,2,3,4)"))
          .addOption(
              Option.builder()
                  .longOpt("no-refine")
                  .desc("do not add sweep points around the grid's best")
                  .build())
          .addOption(opt("maps", "input files per application, one map each (default 12)"))
          .addOption(opt("mb-per-map", "MB of input per map (default 4)"))
          .addOption(opt("seed", "data seed (default 42)"))
          .addOption(
              opt("out", "suite directory: results.csv, runs/, report.md (default target/suite)"))
          .addOption(
              Option.builder()
                  .longOpt("fresh")
                  .desc("discard earlier results in the suite directory instead" + " of resuming")
                  .build())
          .addOption(
              Option.builder()
                  .longOpt("quick")
                  .desc(
                      "one small application once, stock, both Pikachu estimators and one"
                          + " sweep point on config-1: proves the pipeline, measures nothing (other options still apply)")
                  .build())
          .addOption(
              Option.builder("D")
                  .argName("key=value")
                  .hasArg()
                  .desc(
                      "a setting of every job of every method (repeatable), e.g. -D"
                          + " mapreduce.job.reduce.slowstart.completedmaps=0")
                  .build())
          .addOption(Option.builder("h").longOpt("help").desc("this help").build());

  public SuiteOptions {
    apps = List.copyOf(apps);
    clusters = List.copyOf(clusters);
    methods = List.copyOf(methods);
    sweep = List.copyOf(sweep);
    jobSettings = Map.copyOf(jobSettings);
    for (String m : methods) {
      if (!METHODS.contains(m) && !EXTRA_METHODS.contains(m)) {
        throw new IllegalArgumentException(
            "unknown method '" + m + "'; known: " + METHODS + " and " + EXTRA_METHODS);
      }
    }
    for (double p : sweep) {
      if (!(p > 0)) {
        throw new IllegalArgumentException("--sweep values must be positive, got " + p);
      }
    }
    if (apps.isEmpty() || clusters.isEmpty() || methods.isEmpty()) {
      throw new IllegalArgumentException("need at least one application, configuration and method");
    }
  }

  public static SuiteOptions parse(String[] args) {
    CommandLine line = CommandLines.parseOptions(OPTIONS, args, usage());
    boolean quick = line.hasOption("quick");
    return new SuiteOptions(
        list(
            line,
            "apps",
            quick ? "wordcount" : "wordcount,sort,multiwordcount,invertedindex,selfjoin",
            SuiteApp::parse),
        clusters(line, quick),
        list(
            line,
            "methods",
            quick ? "stock,pikachu,two-stage,optimal" : String.join(",", METHODS),
            String::trim),
        whole(line, "reps", quick ? 1 : 3),
        whole(line, "sweep-reps", 1),
        list(line, "sweep", quick ? "2" : "0.5,1,1.5,2,3,4", SuiteOptions::decimal),
        !quick && !line.hasOption("no-refine"),
        whole(line, "maps", quick ? 4 : 12),
        whole(line, "mb-per-map", quick ? 1 : 4),
        Long.parseLong(line.getOptionValue("seed", "42")),
        Path.of(line.getOptionValue("out", quick ? "target/suite-quick" : "target/suite")),
        line.hasOption("fresh"),
        jobSettings(line));
  }

  private static Map<String, String> jobSettings(CommandLine line) {
    Map<String, String> settings = new TreeMap<>();
    String[] given = line.getOptionValues("D");
    for (String setting : given == null ? new String[0] : given) {
      int eq = setting.indexOf('=');
      if (eq <= 0 || eq == setting.length() - 1) {
        throw new IllegalArgumentException("-D needs key=value, got '" + setting + "'");
      }
      settings.put(setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
    }
    return settings;
  }

  public boolean runs(String method) {
    return methods.contains(method);
  }

  /**
   * How many repetitions the suite goes through: the methods' or the sweep's, whichever is more.
   */
  public int rounds() {
    return Math.max(reps, runs("optimal") ? sweepReps : 0);
  }

  /**
   * What repetition {@code rep} runs for each application, in order: the compared methods, then the
   * sweep grid's points, so that Optimal is measured in the same machine state as the methods.
   */
  public List<Method> round(int rep) {
    List<Method> round = new ArrayList<>();
    if (rep <= reps) {
      Method.COMPARED.stream().filter(m -> runs(m.label())).forEach(round::add);
    }
    if (runs("optimal") && rep <= sweepReps) {
      sweep.forEach(p -> round.add(Method.fixed(p)));
    }
    return round;
  }

  public static String usage() {
    StringWriter text = new StringWriter();
    new HelpFormatter()
        .printHelp(
            new PrintWriter(text),
            100,
            "suite [options]",
            "Runs the benchmark suite on embedded heterogeneous clusters and writes results.csv and report.md.",
            OPTIONS,
            2,
            4,
            "");
    return text.toString();
  }

  private static Option opt(String name, String description) {
    return Option.builder().longOpt(name).hasArg().desc(description).build();
  }

  private static <T> List<T> list(
      CommandLine line, String name, String fallback, Function<String, T> parse) {
    String text = line.getOptionValue(name, fallback);
    try {
      return Arrays.stream(text.split(","))
          .map(String::trim)
          .filter(s -> !s.isEmpty())
          .map(parse)
          .toList();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--" + name + ": " + e.getMessage(), e);
    }
  }

  private static List<SuiteCluster> clusters(CommandLine line, boolean quick) {
    String[] own = line.getOptionValues("cluster");
    List<SuiteCluster> clusters = new ArrayList<>();
    if (line.hasOption("configs") || own == null) {
      clusters.addAll(
          list(line, "configs", quick ? "config-1" : "config-1,config-2", SuiteCluster::parse));
    }
    for (String text : own == null ? new String[0] : own) {
      try {
        clusters.add(SuiteCluster.parse(text));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--cluster " + text + ": " + e.getMessage(), e);
      }
    }
    if (clusters.stream().map(SuiteCluster::label).distinct().count() != clusters.size()) {
      throw new IllegalArgumentException(
          "two clusters share a label: " + clusters.stream().map(SuiteCluster::label).toList());
    }
    return clusters;
  }

  private static int whole(CommandLine line, String name, int fallback) {
    String text = line.getOptionValue(name);
    return text == null ? fallback : Args.atLeast("--" + name, text.trim(), 1);
  }

  private static double decimal(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a number: '" + text + "'", e);
    }
  }
}
