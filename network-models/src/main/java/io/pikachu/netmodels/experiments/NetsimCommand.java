package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FctSummary;
import io.pikachu.netmodels.metrics.FlowsCsv;
import io.pikachu.netmodels.metrics.PortStats;
import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.report.Chart;
import io.pikachu.netmodels.report.Experiments.Figure;
import io.pikachu.netmodels.run.RunResult;
import io.pikachu.netmodels.run.TcpPresets;
import io.pikachu.netmodels.sim.EventCoreBenchmark;
import io.pikachu.netmodels.tcp.TcpConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The packet-level subcommands of the CLI (seeds 002 and 004, and the engine's benchmarks). Every
 * option is checked, and a wrong one is an {@link IllegalArgumentException} naming it.
 */
public final class NetsimCommand {
  private static final String DRILL = "DRILL with stale queues (seed 002)";
  private static final String SPRAY = "packet spraying (seed 004)";
  private static final String ENGINE = "the packet engine's speed; the NetBench comparison";

  private NetsimCommand() {}

  /** Every option of this group, declared once; each command below picks the ones it takes. */
  private static final CommandOptions.Spec OPTIONS =
      new CommandOptions.Spec()
          .value("--out", "DIR", "where CSV and SVG files go (target/netmodels; drill-run: none)")
          .value(
              "--scale", "full|small", "seed's fabric or the scaled-down one of the tests (full)")
          .value("--seed", "N", "first seed; a point of --runs N runs uses seeds N, N+1, ... (1)")
          .value("--runs", "N", "runs per point (seed 002: 1; seed 004: 10, as the paper)")
          .value("--threads", "N", "runs in parallel (1)")
          .value("--loads", "L,L", "loads to run, each in (0, 1], e.g. 0.1,0.9")
          .value("--schemes", "S,S", "path-selection policies to run, e.g. drill,ecmp,piu:10us")
          .value("--uplink", "GBPS", "seed 002's leaf-spine uplink rate (20; 40 is the text's)")
          .value("--duration", "TIME", "simulated time of a run, e.g. 0.5s (1s)")
          .value(
              "--tail",
              "TIME",
              "run TIME longer, flows still arriving, measuring the same flows (0)")
          .flag("--ns2-classifier", "one DRILL state per (switch, destination), as the ns-2 patch")
          .value(
              "--ppu-period",
              "TIME",
              "PPU and CU: a port's entry is refreshed by packets at most once every TIME (0: by"
                  + " every packet; the thesis estimates its own at 2.4us)")
          .value("--scheme", "S", "the path-selection policy, e.g. drill or cu:10us")
          .value("--load", "L", "the load, in (0, 1]")
          .value("--cache", "DIR", "keep each run's result there and reuse it (resumable sweeps)")
          .value("--tcp", "NAME", "TCP preset: drill (the scripts'), sack or dctcp (drill)")
          .value(
              "--ecn-k", "N", "DCTCP: switch ports mark packets that find N or more waiting (20)")
          .value(
              "--netbench-topology",
              "FILE",
              "NetBench's example/topologies/fat_tree/fat_tree_k4.topology")
          .value("--sample-every", "TIME", "queue sampling period (1us)")
          .value("--sample-from", "TIME", "queue sampling starts (the measurement window's start)")
          .value("--sample-to", "TIME", "queue sampling ends (the measurement window's end)")
          .value("--ours", "FILE", "our flow log (netbench-ours' ours-flows.csv)")
          .value("--netbench", "FILE", "NetBench's flow_completion.csv.log");

  /** What every seed-002 sweep takes: its fabric, runs, loads and schemes. */
  private static final String[] DRILL_SWEEP = {
    "--out",
    "--scale",
    "--seed",
    "--runs",
    "--threads",
    "--loads",
    "--schemes",
    "--uplink",
    "--duration",
    "--tail"
  };

  private static final String[] DRILL_FIGURE =
      concat(DRILL_SWEEP, "--ns2-classifier", "--ppu-period", "--cache", "--tcp", "--ecn-k");

  private static String[] concat(String[] a, String... b) {
    String[] r = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static final String[] SPRAY_FIGURE = {
    "--out", "--scale", "--seed", "--runs", "--threads", "--schemes"
  };

  /** The packet-level subcommands (seeds 002 and 004, the engine's benchmarks). */
  public static List<Command> commands() {
    String schemes = "schemes:\n" + Scheme.REGISTRY.describe();
    return List.of(
        new Command(
            "drill-load",
            DRILL,
            "seed 002 Figs. 5.3, 5.4, 5.7, 5.8: mean FCT against load, every scheme",
            schemes,
            OPTIONS.pick(DRILL_FIGURE),
            (o, out) -> drill(true, o, out)),
        new Command(
            "drill-staleness",
            DRILL,
            "seed 002 Figs. 5.1, 5.2, 5.5, 5.6, 5.9, 5.10: FCT and queue std dev against update"
                + " interval",
            schemes,
            OPTIONS.pick(DRILL_FIGURE),
            (o, out) -> drill(false, o, out)),
        new Command(
            "drill-run",
            DRILL,
            "one seed-002 run (--scheme S --load L): FCTs, drops, speed; with --out its flows.csv"
                + " and ports.csv",
            schemes,
            OPTIONS.pick(
                "--scheme",
                "--load",
                "--scale",
                "--seed",
                "--uplink",
                "--duration",
                "--tail",
                "--ns2-classifier",
                "--ppu-period",
                "--tcp",
                "--ecn-k",
                "--out"),
            NetsimCommand::drillRun),
        new Command(
            "drill-queues",
            DRILL,
            "seed 002 Figs. 5.9, 5.10 as an experiment: queue spread per scheme, load and seed,"
                + " read three ways (instant, pooled, temporal); ratios over the first scheme",
            schemes,
            OPTIONS.pick(concat(DRILL_SWEEP, "--sample-every", "--sample-from", "--sample-to")),
            NetsimCommand::drillQueues),
        new Command(
            "spray-static",
            SPRAY,
            "seed 004 Figs. 2-4 (static scenario)",
            schemes,
            OPTIONS.pick(SPRAY_FIGURE),
            (o, out) -> spray("spray-static", o, out)),
        new Command(
            "spray-random",
            SPRAY,
            "seed 004 Figs. 5-7 (random scenario)",
            schemes,
            OPTIONS.pick(SPRAY_FIGURE),
            (o, out) -> spray("spray-random", o, out)),
        new Command(
            "spray-shorts",
            SPRAY,
            "seed 004 Figs. 8-9 (10 vs 20 short flows)",
            schemes,
            OPTIONS.pick(SPRAY_FIGURE),
            (o, out) -> spray("spray-shorts", o, out)),
        new Command(
            "netsim-bench",
            ENGINE,
            "event-core and end-to-end speed figures",
            OPTIONS.pick("--load", "--seed"),
            NetsimCommand::bench),
        new Command(
            "netbench-scenario",
            ENGINE,
            "writes NetBench's properties and flows for the comparison (flows arrive during the"
                + " first 75% of --duration)",
            OPTIONS.pick("--netbench-topology", "--out", "--load", "--duration", "--seed"),
            NetsimCommand::netbenchScenario),
        new Command(
            "netbench-ours",
            ENGINE,
            "runs the comparison's scenario on this engine, writes ours-flows.csv",
            OPTIONS.pick("--out", "--load", "--duration", "--seed"),
            NetsimCommand::netbenchOurs),
        new Command(
            "netbench-compare",
            ENGINE,
            "compares the two flow logs' FCTs",
            OPTIONS.pick("--ours", "--netbench"),
            NetsimCommand::netbenchCompare));
  }

  private static String scale(CommandOptions o) {
    String scale = o.string("--scale", "full");
    if (!scale.equals("full") && !scale.equals("small")) {
      throw new IllegalArgumentException("unknown scale '" + scale + "': use full or small");
    }
    return scale;
  }

  /** {@code --loads}, each in (0, 1], or the figure's own loads. */
  private static double[] loads(CommandOptions o, double[] fallback) {
    if (!o.has("--loads")) return fallback;
    String[] parts = o.string("--loads", "").split(",");
    double[] loads = new double[parts.length];
    for (int k = 0; k < parts.length; k++) loads[k] = load("--loads", parts[k]);
    return loads;
  }

  /** {@code --schemes}, or the figure's own schemes. */
  private static List<Scheme> schemes(CommandOptions o, List<Scheme> fallback) {
    if (!o.has("--schemes")) return fallback;
    List<Scheme> schemes = new ArrayList<>();
    for (String s : o.string("--schemes", "").split(",")) schemes.add(Scheme.parse(s));
    return schemes;
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

  private static Double loadOrNull(CommandOptions o) {
    return o.has("--load") ? load("--load", o.string("--load", "")) : null;
  }

  private static Long durationOrNull(CommandOptions o) {
    return o.has("--duration")
        ? Scheme.parseDuration(o.string("--duration", ""), "--duration")
        : null;
  }

  /** A time option ({@code 2.4us}, {@code 0.1s}, or {@code 0}), or {@code fallback} if absent. */
  private static long time(CommandOptions o, String name, long fallback) {
    if (!o.has(name)) return fallback;
    String v = o.string(name, "");
    return v.trim().equals("0") ? 0 : Scheme.parseDuration(v, name);
  }

  private static Path path(CommandOptions o, String name) {
    String v = o.string(name, null);
    return v == null ? null : Path.of(v);
  }

  private static Path out(CommandOptions o) {
    return Path.of(o.string("--out", "target/netmodels"));
  }

  private static DrillSetup drillSetup(CommandOptions o) {
    DrillSetup s = DrillSetup.named(scale(o));
    if (o.has("--uplink")) s = s.withUplinkGbps(o.positive("--uplink", 1));
    Long duration = durationOrNull(o);
    if (duration != null) s = s.withDuration(duration);
    if (o.has("--tail")) s = s.withTail(Scheme.parseDuration(o.string("--tail", ""), "--tail"));
    if (o.has("--tcp") || o.has("--ecn-k")) {
      TcpConfig tcp = TcpPresets.REGISTRY.create(o.string("--tcp", "drill"));
      Integer k = o.has("--ecn-k") ? o.intValue("--ecn-k", 0) : null;
      s = s.withTcp(tcp, TcpPresets.markingThreshold(tcp, k));
    }
    if (o.has("--ppu-period")) s = s.withPacketPeriod(time(o, "--ppu-period", 0));
    return s.withNs2Classifier(o.flag("--ns2-classifier"));
  }

  private static void drill(boolean load, CommandOptions o, PrintStream out) throws IOException {
    DrillSetup setup = drillSetup(o);
    long seed = o.longValue("--seed", 1);
    Runner runner = new Runner(o.positive("--threads", 1), out);
    DrillExperiments ex = new DrillExperiments(setup, seed, o.positive("--runs", 1), runner);
    Path cache = path(o, "--cache");
    if (cache != null) ex.withCache(cache);
    double[] loads = loads(o, load ? DrillExperiments.LOADS : DrillExperiments.SWEEP_LOADS);
    List<Scheme> schemes = schemes(o, load ? ex.loadSchemes() : ex.sweepSchemes());
    Path dir = out(o);
    out.println(setup.describe());
    write(load ? ex.load(loads, schemes) : ex.staleness(loads, schemes), dir, out);
  }

  private static void drillQueues(CommandOptions o, PrintStream out) throws IOException {
    DrillSetup setup = drillSetup(o);
    QueueSpread q =
        new QueueSpread(
            setup,
            o.longValue("--seed", 1),
            o.positive("--runs", 5),
            new Runner(o.positive("--threads", 1), out),
            time(o, "--sample-every", io.pikachu.netmodels.sim.Simulator.PS_PER_US),
            time(o, "--sample-from", setup.warmupPs()),
            time(o, "--sample-to", setup.measureToPs()));
    List<Scheme> schemes =
        schemes(
            o,
            List.of(DrillExperiments.drill(), DrillExperiments.ecmp(), Scheme.parse("ecmp-add")));
    out.println(setup.describe());
    write(q.figure(loads(o, new double[] {0.4, 0.8}), schemes), out(o), out);
  }

  private static void spray(String command, CommandOptions o, PrintStream out) throws IOException {
    long seed = o.longValue("--seed", 1);
    Runner runner = new Runner(o.positive("--threads", 1), out);
    SprayExperiments ex =
        scale(o).equals("full")
            ? SprayExperiments.full(seed, runner)
            : SprayExperiments.small(seed, runner);
    if (o.has("--runs")) ex = ex.withRuns(o.positive("--runs", 1));
    if (o.has("--schemes")) ex = ex.withSchemes(schemes(o, List.of()));
    Path dir = out(o);
    Figure f =
        switch (command) {
          case "spray-static" -> ex.staticScenario();
          case "spray-random" -> ex.randomScenario();
          default -> ex.shortFlowCount();
        };
    write(f, dir, out);
  }

  /** Prints the table, writes {@code <id>.csv} and one SVG per chart ({@code <id>-a.svg}, ...). */
  static void write(Figure f, Path dir, PrintStream out) throws IOException {
    Files.createDirectories(dir);
    out.print(f.table().render());
    f.table().writeCsv(dir.resolve(f.id() + ".csv"));
    if (f.runs() != null) f.runs().writeCsv(dir.resolve(f.id() + "-runs.csv"));
    int i = 0;
    for (Chart c : f.charts()) {
      c.writeSvg(dir.resolve(f.id() + "-" + (char) ('a' + i++) + ".svg"));
    }
    if (i == 0) {
      out.printf(
          Locale.ROOT,
          "wrote %s.csv%s to %s%n",
          f.id(),
          f.runs() != null ? " and " + f.id() + "-runs.csv" : "",
          dir.toAbsolutePath());
      return;
    }
    out.printf(
        Locale.ROOT,
        "wrote %s.csv%s and %d charts to %s%n",
        f.id(),
        f.runs() != null ? ", " + f.id() + "-runs.csv" : "",
        i,
        dir.toAbsolutePath());
  }

  private static void drillRun(CommandOptions o, PrintStream out) throws IOException {
    if (!o.has("--scheme")) throw new IllegalArgumentException("drill-run needs --scheme");
    Scheme scheme = Scheme.parse(o.string("--scheme", ""));
    Double load = loadOrNull(o);
    if (load == null) throw new IllegalArgumentException("drill-run needs --load");
    DrillSetup setup = drillSetup(o);
    long seed = o.longValue("--seed", 1);
    out.println(setup.describe());
    long cpu0 = cpuNanos();
    RunResult r = setup.simulation(scheme, load, seed, false).progress(out, scheme.label()).run();
    double cpu = (cpuNanos() - cpu0) / 1e9;
    FctSummary f = r.fct();
    out.printf(
        Locale.ROOT,
        "%s at load %.2f: %d flows measured (%d unfinished), mean FCT %.3f ms, median %.3f ms, p99 %.3f ms,"
            + " %d drops%n",
        scheme.label(),
        load,
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
    if (o.has("--out")) {
      Path dir = out(o);
      Files.createDirectories(dir);
      FlowsCsv.write(r.flows(), r.unfinished(), dir.resolve("flows.csv"));
      PortStats.write(r.ports(), r.endPs(), dir.resolve("ports.csv"));
      out.println(
          "wrote the measured flows (finished or not) to "
              + dir.resolve("flows.csv").toAbsolutePath()
              + ", and ports.csv");
    }
  }

  private static void bench(CommandOptions o, PrintStream out) {
    Double load = loadOrNull(o);
    long seed = o.longValue("--seed", 1);
    EventCoreBenchmark.run(out);
    NetBenchScenario sc = new NetBenchScenario(load != null ? load : 0.6, 1.5, 2.0, seed);
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

  private static NetBenchScenario scenario(CommandOptions o) {
    Long duration = durationOrNull(o);
    double secs = duration != null ? duration / 1e12 : 2.0;
    Double load = loadOrNull(o);
    return new NetBenchScenario(
        load != null ? load : 0.6, secs * 0.75, secs, o.longValue("--seed", 1));
  }

  private static void netbenchScenario(CommandOptions o, PrintStream out) throws IOException {
    Path topology = path(o, "--netbench-topology");
    if (topology == null) {
      throw new IllegalArgumentException(
          "netbench-scenario needs --netbench-topology (NetBench's example/topologies/fat_tree/fat_tree_k4.topology)");
    }
    if (!Files.isRegularFile(topology)) {
      throw new IllegalArgumentException("--netbench-topology: no such file " + topology);
    }
    NetBenchScenario sc = scenario(o);
    Path p = sc.writeNetBenchProperties(out(o), topology);
    out.println(describe(sc) + ": " + sc.flows().size() + " flows; wrote " + p.toAbsolutePath());
  }

  private static void netbenchOurs(CommandOptions o, PrintStream out) throws IOException {
    NetBenchScenario sc = scenario(o);
    Path dir = out(o);
    long cpu0 = cpuNanos();
    RunResult r = sc.runOurs();
    double cpu = (cpuNanos() - cpu0) / 1e9;
    Files.createDirectories(dir);
    Path f = dir.resolve("ours-flows.csv");
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

  private static void netbenchCompare(CommandOptions o, PrintStream out) throws IOException {
    Path ours = path(o, "--ours");
    Path netbench = path(o, "--netbench");
    if (ours == null || netbench == null) {
      throw new IllegalArgumentException("netbench-compare needs --ours FILE and --netbench FILE");
    }
    for (Path p : List.of(ours, netbench)) {
      if (!Files.isRegularFile(p)) throw new IllegalArgumentException("no such file " + p);
    }
    out.print(NetBenchScenario.compare(ours, netbench).render());
  }

  private static long cpuNanos() {
    return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }
}
