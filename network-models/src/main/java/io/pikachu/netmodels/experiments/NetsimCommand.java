package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FctSummary;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.run.RunResult;
import io.pikachu.netmodels.sim.EventCoreBenchmark;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The packet-level subcommands of the CLI (seeds 002 and 004, and the engine's benchmarks). Every
 * option is checked, and a wrong one is an {@link IllegalArgumentException} naming it.
 */
public final class NetsimCommand {
  public static final Set<String> COMMANDS =
      Set.of(
          "drill-load",
          "drill-staleness",
          "spray-static",
          "spray-random",
          "spray-shorts",
          "netsim-run",
          "netsim-bench",
          "netbench-scenario",
          "netbench-ours",
          "netbench-compare");

  public static final String USAGE =
      """
        drill-load       seed 002 Figs. 5.3, 5.4, 5.7, 5.8: mean FCT against load, every scheme
        drill-staleness  seed 002 Figs. 5.1, 5.2, 5.5, 5.6, 5.9, 5.10: FCT and queue std dev against update interval
        spray-static     seed 004 Figs. 2-4 (static scenario)
        spray-random     seed 004 Figs. 5-7 (random scenario)
        spray-shorts     seed 004 Figs. 8-9 (10 vs 20 short flows)
        netsim-run       one seed-002 run: --scheme S --load L, prints FCTs, drops, speed
        netsim-bench     event-core and end-to-end speed figures
        netbench-scenario / netbench-ours / netbench-compare   the NetBench comparison (see docs;
                         --duration is the simulated time, flows arrive during its first 75%)
          options: --out DIR --scale full|small --seed N --runs N --threads N
                   --loads 0.1,0.5 --schemes drill,ecmp,piu:10us,cu:1us,ppu,rr,spray,single,ecmp-add
                   --uplink GBPS --duration 0.5s --ns2-classifier --scheme S --load L
                   --cache DIR (seed 002: keep each run's result there, reuse what is there)
                   --netbench-topology FILE --ours FILE --netbench FILE""";

  private NetsimCommand() {}

  private static final class Options {
    Path out = Path.of("target/netmodels");
    String scale = "full";
    long seed = 1;
    Integer runs;
    int threads = 1;
    double[] loads;
    List<Scheme> schemes;
    Integer uplink;
    Long durationPs;
    boolean ns2;
    Scheme scheme;
    Double load;
    Path topology;
    Path ours;
    Path netbench;
    Path cache;
  }

  public static void run(String[] args, PrintStream out) throws IOException {
    String command = args[0];
    if (CommandOptions.wantsHelp(args)) {
      SPEC.printHelp(
          command,
          "packet-level subcommands:\n" + USAGE + "\nschemes:\n" + Scheme.REGISTRY.describe(),
          out);
      return;
    }
    Options o = parse(args);
    switch (command) {
      case "drill-load", "drill-staleness" -> drill(command, o, out);
      case "spray-static", "spray-random", "spray-shorts" -> spray(command, o, out);
      case "netsim-run" -> netsimRun(o, out);
      case "netsim-bench" -> bench(o, out);
      case "netbench-scenario" -> netbenchScenario(o, out);
      case "netbench-ours" -> netbenchOurs(o, out);
      case "netbench-compare" -> netbenchCompare(o, out);
      default -> throw new IllegalArgumentException("unknown experiment '" + command + "'");
    }
  }

  /** Every packet-level subcommand's options (one spec: the commands share most of them). */
  public static final CommandOptions.Spec SPEC =
      new CommandOptions.Spec()
          .value("--out", "DIR", "where CSV and SVG files go (target/netmodels)")
          .value(
              "--scale", "full|small", "seed's fabric or the scaled-down one of the tests (full)")
          .value("--seed", "N", "first seed; a point of --runs N runs uses seeds N, N+1, ... (1)")
          .value("--runs", "N", "runs per point (seed 002: 1; seed 004: 10)")
          .value("--threads", "N", "runs in parallel (1)")
          .value("--loads", "L,L", "loads to run, each in (0, 1], e.g. 0.1,0.9")
          .value("--schemes", "S,S", "path-selection policies to run, e.g. drill,ecmp,piu:10us")
          .value("--uplink", "GBPS", "seed 002's leaf-spine uplink rate (20; 40 is the text's)")
          .value("--duration", "TIME", "simulated time of a seed-002 run, e.g. 0.5s (1s)")
          .flag("--ns2-classifier", "one DRILL state per (switch, destination), as the ns-2 patch")
          .value("--scheme", "S", "netsim-run: the policy")
          .value("--load", "L", "netsim-run, netsim-bench, netbench-*: the load")
          .value("--cache", "DIR", "seed 002: keep each run's result there and reuse it")
          .value(
              "--netbench-topology", "FILE", "netbench-scenario: NetBench's fat_tree_k4.topology")
          .value("--ours", "FILE", "netbench-compare: our flow log")
          .value("--netbench", "FILE", "netbench-compare: NetBench's flow_completion.csv.log");

  private static Options parse(String[] args) {
    CommandOptions c = new CommandOptions(args, SPEC);
    Options o = new Options();
    o.out = Path.of(c.string("--out", "target/netmodels"));
    o.scale = c.string("--scale", "full");
    if (!o.scale.equals("full") && !o.scale.equals("small")) {
      throw new IllegalArgumentException("unknown scale '" + o.scale + "': use full or small");
    }
    o.seed = c.longValue("--seed", 1);
    if (c.has("--runs")) o.runs = positive("--runs", c.intValue("--runs", 1));
    o.threads = positive("--threads", c.intValue("--threads", 1));
    if (c.has("--loads")) {
      String[] parts = c.string("--loads", "").split(",");
      o.loads = new double[parts.length];
      for (int k = 0; k < parts.length; k++) o.loads[k] = load("--loads", parts[k]);
    }
    if (c.has("--load")) o.load = load("--load", c.string("--load", ""));
    if (c.has("--schemes")) {
      o.schemes = new ArrayList<>();
      for (String s : c.string("--schemes", "").split(",")) o.schemes.add(Scheme.parse(s));
    }
    if (c.has("--scheme")) o.scheme = Scheme.parse(c.string("--scheme", ""));
    if (c.has("--uplink")) o.uplink = positive("--uplink", c.intValue("--uplink", 1));
    if (c.has("--duration")) {
      o.durationPs = Scheme.parseDuration(c.string("--duration", ""), "--duration");
    }
    o.ns2 = c.has("--ns2-classifier");
    o.topology = path(c, "--netbench-topology");
    o.ours = path(c, "--ours");
    o.netbench = path(c, "--netbench");
    o.cache = path(c, "--cache");
    return o;
  }

  private static int positive(String opt, int v) {
    if (v < 1) throw new IllegalArgumentException(opt + " must be >= 1, got " + v);
    return v;
  }

  private static double load(String opt, String val) {
    double v;
    try {
      v = Double.parseDouble(val.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(opt + " must be a number in (0, 1], got '" + val + "'");
    }
    if (!(v > 0 && v <= 1)) {
      throw new IllegalArgumentException(opt + " must be in (0, 1], got '" + val + "'");
    }
    return v;
  }

  private static Path path(CommandOptions c, String name) {
    String v = c.string(name, null);
    return v == null ? null : Path.of(v);
  }

  private static DrillSetup drillSetup(Options o) {
    DrillSetup s = DrillSetup.named(o.scale);
    if (o.uplink != null) s = s.withUplinkGbps(o.uplink);
    if (o.durationPs != null) s = s.withDuration(o.durationPs);
    return s.withNs2Classifier(o.ns2);
  }

  private static void drill(String command, Options o, PrintStream out) throws IOException {
    DrillSetup setup = drillSetup(o);
    int runs = o.runs != null ? o.runs : 1;
    DrillExperiments ex = new DrillExperiments(setup, o.seed, runs, new Runner(o.threads, out));
    if (o.cache != null) ex.withCache(o.cache);
    out.println(setup.describe());
    Figure f =
        command.equals("drill-load")
            ? ex.load(
                o.loads != null ? o.loads : DrillExperiments.LOADS,
                o.schemes != null ? o.schemes : ex.loadSchemes())
            : ex.staleness(
                o.loads != null ? o.loads : DrillExperiments.SWEEP_LOADS,
                o.schemes != null ? o.schemes : ex.sweepSchemes());
    write(f, o.out, out);
  }

  private static void spray(String command, Options o, PrintStream out) throws IOException {
    Runner runner = new Runner(o.threads, out);
    SprayExperiments ex =
        o.scale.equals("full")
            ? SprayExperiments.full(o.seed, runner)
            : SprayExperiments.small(o.seed, runner);
    if (o.runs != null) ex = ex.withRuns(o.runs);
    Figure f =
        switch (command) {
          case "spray-static" -> ex.staticScenario();
          case "spray-random" -> ex.randomScenario();
          default -> ex.shortFlowCount();
        };
    write(f, o.out, out);
  }

  /** Prints the table, writes {@code <id>.csv} and one SVG per chart ({@code <id>-a.svg}, ...). */
  static void write(Figure f, Path dir, PrintStream out) throws IOException {
    Files.createDirectories(dir);
    out.print(f.table().render());
    f.table().writeCsv(dir.resolve(f.id() + ".csv"));
    int i = 0;
    for (Chart c : f.charts()) {
      c.writeSvg(dir.resolve(f.id() + "-" + (char) ('a' + i++) + ".svg"));
    }
    out.printf(Locale.ROOT, "wrote %s.csv and %d charts to %s%n", f.id(), i, dir.toAbsolutePath());
  }

  private static void netsimRun(Options o, PrintStream out) {
    if (o.scheme == null) throw new IllegalArgumentException("netsim-run needs --scheme");
    if (o.load == null) throw new IllegalArgumentException("netsim-run needs --load");
    DrillSetup setup = drillSetup(o);
    out.println(setup.describe());
    long cpu0 = cpuNanos();
    RunResult r =
        setup.simulation(o.scheme, o.load, o.seed, false).progress(out, o.scheme.label()).run();
    double cpu = (cpuNanos() - cpu0) / 1e9;
    FctSummary f = r.fct();
    out.printf(
        Locale.ROOT,
        "%s at load %.2f: %d flows measured (%d unfinished), mean FCT %.3f ms, median %.3f ms, p99 %.3f ms,"
            + " %d drops%n",
        o.scheme.label(),
        o.load,
        f.count(),
        r.unfinishedInWindow(),
        f.meanMs(),
        f.medianMs(),
        f.p99Ms(),
        r.drops());
    out.printf(
        Locale.ROOT,
        "%.3f s simulated in %.1f s wall, %.1f s CPU: %,d packet-hops (%.2f M per CPU-second), %,d events,"
            + " %,d packets at most in the pool; %s%n",
        setup.durationPs() / 1e12,
        r.wallSeconds(),
        cpu,
        r.packetHops(),
        r.packetHops() / cpu / 1e6,
        r.events(),
        r.poolHighWater(),
        r.queueShape());
  }

  private static void bench(Options o, PrintStream out) {
    EventCoreBenchmark.run(out);
    NetBenchScenario sc = new NetBenchScenario(o.load != null ? o.load : 0.6, 1.5, 2.0, o.seed);
    out.println("end to end, " + describe(sc) + " (first run warms the JIT up):");
    for (int round = 0; round < 3; round++) {
      long cpu0 = cpuNanos();
      RunResult r = sc.runOurs();
      double cpu = (cpuNanos() - cpu0) / 1e9;
      out.printf(
          Locale.ROOT,
          "  run %d: %,d packet-hops in %.2f s wall, %.2f s CPU: %.2f M packet-hops per CPU-second;"
              + " %,d flows finished, mean FCT %.3f ms, p99 %.3f ms%n",
          round + 1,
          r.packetHops(),
          r.wallSeconds(),
          cpu,
          r.packetHops() / cpu / 1e6,
          r.flows().size(),
          r.fct().meanMs(),
          r.fct().p99Ms());
    }
  }

  private static String describe(NetBenchScenario sc) {
    return String.format(
        Locale.ROOT,
        "k=4 fat-tree, 1 Gbps, ECMP, NetBench's NewReno, web-search sizes, load %.2f, arrivals for %.1f s,"
            + " %.1f s simulated, seed %d",
        sc.load(),
        sc.arrivalSeconds(),
        sc.runSeconds(),
        sc.seed());
  }

  private static NetBenchScenario scenario(Options o) {
    double secs = o.durationPs != null ? o.durationPs / 1e12 : 2.0;
    return new NetBenchScenario(o.load != null ? o.load : 0.6, secs * 0.75, secs, o.seed);
  }

  private static void netbenchScenario(Options o, PrintStream out) throws IOException {
    if (o.topology == null) {
      throw new IllegalArgumentException(
          "netbench-scenario needs --netbench-topology (NetBench's example/topologies/fat_tree/fat_tree_k4.topology)");
    }
    if (!Files.isRegularFile(o.topology)) {
      throw new IllegalArgumentException("--netbench-topology: no such file " + o.topology);
    }
    NetBenchScenario sc = scenario(o);
    Path p = sc.writeNetBenchProperties(o.out, o.topology);
    out.println(describe(sc) + ": " + sc.flows().size() + " flows; wrote " + p.toAbsolutePath());
  }

  private static void netbenchOurs(Options o, PrintStream out) throws IOException {
    NetBenchScenario sc = scenario(o);
    long cpu0 = cpuNanos();
    RunResult r = sc.runOurs();
    double cpu = (cpuNanos() - cpu0) / 1e9;
    Files.createDirectories(o.out);
    Path f = o.out.resolve("ours-flows.csv");
    NetBenchScenario.writeOurFlows(r, f);
    out.printf(
        Locale.ROOT,
        "%s: %,d packet-hops, %.2f s CPU in the simulation (%.2f M per CPU-second), %,d flows finished;"
            + " wrote %s%n",
        describe(sc),
        r.packetHops(),
        cpu,
        r.packetHops() / cpu / 1e6,
        r.flows().size(),
        f.toAbsolutePath());
  }

  private static void netbenchCompare(Options o, PrintStream out) throws IOException {
    if (o.ours == null || o.netbench == null) {
      throw new IllegalArgumentException("netbench-compare needs --ours FILE and --netbench FILE");
    }
    for (Path p : List.of(o.ours, o.netbench)) {
      if (!Files.isRegularFile(p)) throw new IllegalArgumentException("no such file " + p);
    }
    out.print(NetBenchScenario.compare(o.ours, o.netbench).render());
  }

  private static long cpuNanos() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }
}
