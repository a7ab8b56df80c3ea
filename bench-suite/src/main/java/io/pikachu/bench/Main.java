package io.pikachu.bench;

import io.pikachu.bench.demo.Demo;
import io.pikachu.bench.demo.DemoOptions;
import io.pikachu.bench.overhead.BinsOverheadBenchmark;
import io.pikachu.bench.replay.ReplayCommand;
import io.pikachu.bench.report.SuiteReport;
import io.pikachu.bench.suite.SuiteOptions;
import io.pikachu.bench.suite.SuiteRunner;
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
        io.pikachu.bench.report.ComparisonTable.of(
            java.nio.file.Path.of(args[0]),
            args.length > 1 ? args[1] : io.pikachu.bench.report.PairedComparison.STOCK));
    return 0;
  }

  private static int runBinsOverhead(String[] args) throws Exception {
    int reps;
    int maps;
    int megabytes;
    try {
      reps = args.length > 0 ? Args.atLeast("reps", args[0], 1) : 3;
      maps = args.length > 1 ? Args.atLeast("maps", args[1], 1) : 8;
      megabytes = args.length > 2 ? Args.atLeast("mb-per-map", args[2], 1) : 8;
    } catch (IllegalArgumentException e) {
      System.err.println("bins-overhead: " + e.getMessage());
      return 2;
    }
    new BinsOverheadBenchmark(reps, maps, megabytes, System.out)
        .run(java.nio.file.Path.of("target", "bench", "bins-overhead.csv"));
    return 0;
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
        args, SuiteOptions::parse, o -> new SuiteRunner(o, System.out).run(Arrays.asList(args)));
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
