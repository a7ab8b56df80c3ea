package io.pikachu.benchsuite;

import io.pikachu.bench.Args;
import io.pikachu.benchsuite.demo.Demo;
import io.pikachu.benchsuite.demo.DemoOptions;
import io.pikachu.benchsuite.namenode.NameNodeLoadBenchmark;
import io.pikachu.benchsuite.overhead.BinsOverheadBenchmark;
import io.pikachu.benchsuite.replay.ReplayCommand;
import io.pikachu.benchsuite.report.SuiteReport;
import io.pikachu.benchsuite.suite.SuiteOptions;
import io.pikachu.benchsuite.suite.SuiteRunner;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Entry point of the benchmark suite: the main command, the suite, its report and replay, on this
 * machine (the applications themselves are {@link BenchApps}).
 */
public final class Main {
  private static final String USAGE =
      """
      usage: <command> [args]
        demo       Wordcount on an embedded heterogeneous cluster, stock Hadoop then Pikachu, per node
        bins-overhead [reps] [maps] [mb-per-map]   stock shuffle vs Pikachu bins (even map), embedded cluster
        namenode-load [rounds] [maps] [mb-per-map]   NameNode RPCs per reducer-second, stock vs two-stage,
                   embedded Config-1 cluster on a MiniDFSCluster
        suite      [options]   the benchmark suite: 5 apps x configs x stock/tarazu/pikachu/optimal (--help)
        report     <suite-dir>  writes report.md and charts/ again from a suite's results.csv and runs/
        compare    <suite-dir> [baseline]   every method against stock (or baseline), round by round:
                   medians and 95% intervals
        replay     [-D key=value]... <trace.jsonl>...   the controller's decision on recorded traces, offline
      The benchmark applications (wordcount, sort, ...) run with
        hadoop jar bench-apps/target/bench-apps-<version>.jar <program> [args]
      """;

  private Main() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.print(USAGE);
      System.exit(2);
    }
    // The report's charts are drawn with AWT; no display is needed or wanted.
    System.setProperty("java.awt.headless", "true");
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    int status =
        switch (args[0]) {
          case "demo" -> runDemo(rest);
          case "bins-overhead" -> runBinsOverhead(rest);
          case "namenode-load" -> runNameNodeLoad(rest);
          case "suite" -> runSuite(rest);
          case "report" -> runReport(rest);
          case "compare" -> runCompare(rest);
          case "replay" -> runReplay(rest);
          default -> {
            System.err.print("unknown command '" + args[0] + "'\n" + USAGE);
            yield 2;
          }
        };
    System.exit(status);
  }

  private static int runCompare(String[] args) throws Exception {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: compare <suite-dir> [baseline method, default stock]");
      return 2;
    }
    System.out.print(
        io.pikachu.benchsuite.report.ComparisonTable.of(
            java.nio.file.Path.of(args[0]),
            args.length > 1 ? args[1] : io.pikachu.benchsuite.report.PairedComparison.STOCK));
    return 0;
  }

  private static int runBinsOverhead(String[] args) throws Exception {
    int[] sizes =
        counts("bins-overhead", args, new String[] {"reps", "maps", "mb-per-map"}, 3, 8, 8);
    if (sizes == null) {
      return 2;
    }
    new BinsOverheadBenchmark(sizes[0], sizes[1], sizes[2], System.out)
        .run(java.nio.file.Path.of("target", "bench", "bins-overhead.csv"));
    return 0;
  }

  private static int runNameNodeLoad(String[] args) throws Exception {
    int[] sizes =
        counts("namenode-load", args, new String[] {"rounds", "maps", "mb-per-map"}, 3, 12, 4);
    if (sizes == null) {
      return 2;
    }
    new NameNodeLoadBenchmark(sizes[0], sizes[1], sizes[2], System.out)
        .run(java.nio.file.Path.of("target", "bench", "namenode-load.csv"));
    return 0;
  }

  /** Positional counts, each at least 1, defaults for those left out; null (told why) if bad. */
  private static int[] counts(String command, String[] args, String[] names, int... defaults) {
    int[] values = defaults.clone();
    try {
      for (int i = 0; i < Math.min(args.length, names.length); i++) {
        values[i] = Args.atLeast(names[i], args[i], 1);
      }
    } catch (IllegalArgumentException e) {
      System.err.println(command + ": " + e.getMessage());
      return null;
    }
    return values;
  }

  private static int runReport(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: report <suite-dir>");
      return 2;
    }
    System.out.println(SuiteReport.write(java.nio.file.Path.of(args[0])).toAbsolutePath());
    return 0;
  }

  private static int runReplay(String[] args) {
    ReplayCommand command;
    try {
      command = ReplayCommand.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    return command.run(System.out, System.err);
  }

  private static int runSuite(String[] args) throws Exception {
    return runParsed(
        args,
        SuiteOptions::parse,
        o -> {
          new SuiteRunner(o, System.out).run(Arrays.asList(args));
          // The report reads what the runs wrote: the suite's package knows nothing of it.
          Path report = SuiteReport.write(o.out());
          System.out.println("\nReport: " + report.toAbsolutePath());
        });
  }

  private static int runDemo(String[] args) throws Exception {
    return runParsed(args, DemoOptions::parse, o -> new Demo(o, System.out).run());
  }

  private interface Command<T> {
    void run(T options) throws Exception;
  }

  /** Bad options print their message and the usage, and exit with 2, before anything starts. */
  private static <T> int runParsed(
      String[] args, java.util.function.Function<String[], T> parse, Command<T> command)
      throws Exception {
    T options;
    try {
      options = parse.apply(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    command.run(options);
    return 0;
  }
}
