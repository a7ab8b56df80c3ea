package io.pikachu.netmodels.tool;

import io.pikachu.netmodels.fabric.Topology;
import io.pikachu.netmodels.lb.Registry;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FctSummary;
import io.pikachu.netmodels.metrics.FlowsCsv;
import io.pikachu.netmodels.metrics.PortQueueSeries;
import io.pikachu.netmodels.metrics.PortStats;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.run.RunResult;
import io.pikachu.netmodels.run.Simulation;
import io.pikachu.netmodels.run.TcpPresets;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpConfig;
import io.pikachu.netmodels.traffic.FlowList;
import io.pikachu.netmodels.traffic.FlowSizes;
import io.pikachu.netmodels.traffic.PoissonAllToAll;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code simulate}: one packet-level run of any topology file, with flows from a CSV trace or from
 * the Poisson all-to-all generator, under one path-selection scheme; writes {@code flows.csv} (one
 * row per finished flow) and, when asked, {@code queues.csv} (every switch port's queue over time).
 */
public final class SimulateCommand {
  /** The generator's flow-size distributions. */
  static final Registry<FlowSizes> SIZES =
      new Registry<FlowSizes>("flow-size distribution")
          .register(
              "websearch",
              "DCTCP web search as seed 002's scripts (interpolated)",
              FlowSizes.webSearchDrill())
          .register("datamining", "VL2 data mining (interpolated, bytes)", FlowSizes.dataMining());

  static final CommandOptions.Spec SPEC =
      new CommandOptions.Spec()
          .value("--topology", "FILE", "topology file: leaf-spine, fat-tree or graph (required)")
          .value("--trace", "FILE", "flow arrivals, CSV start_us,src,dst,bytes (or --load)")
          .value("--load", "L", "generator: Poisson all-to-all at this fraction of a host link")
          .value("--sizes", "NAME", "generator: websearch or datamining (websearch)")
          .value("--arrivals", "TIME", "generator: flows start during this time, e.g. 20ms (10ms)")
          .value("--scheme", "S", "path selection at every switch (ecmp); see the list above")
          .value("--tcp", "NAME", "TCP preset: drill, spraying, netbench, sack or dctcp (drill)")
          .value(
              "--ecn-k", "N", "DCTCP: switch ports mark packets that find N or more waiting (20)")
          .value(
              "--max-time",
              "TIME",
              "stop the run at this simulated time even if flows remain (10s)")
          .value("--queue-interval", "TIME", "write queues.csv, every switch port every TIME")
          .value("--seed", "N", "seed of every random stream (1)")
          .value("--out", "DIR", "where flows.csv and queues.csv go (target/netmodels/simulate)");

  private SimulateCommand() {}

  /** The {@code simulate} subcommand. */
  public static Command command() {
    return new Command(
        "simulate",
        "the engine on any topology",
        "one packet-level run of a topology file with a trace or the generator; flows.csv and"
            + " queues.csv",
        "schemes:\n"
            + Scheme.REGISTRY.describe()
            + "TCP presets:\n"
            + TcpPresets.REGISTRY.describe()
            + "flow sizes:\n"
            + SIZES.describe(),
        SPEC,
        SimulateCommand::run);
  }

  static void run(CommandOptions o, PrintStream out) throws IOException {
    String topoArg = o.string("--topology", null);
    if (topoArg == null) throw new IllegalArgumentException("simulate needs --topology FILE");
    Topology topology = TopologyFile.read(Path.of(topoArg));
    if (o.has("--trace") == o.has("--load")) {
      throw new IllegalArgumentException("simulate needs either --trace FILE or --load L");
    }
    o.exclusive("--trace", "--sizes", "--arrivals");
    Scheme scheme = Scheme.parse(o.string("--scheme", "ecmp"));
    TcpConfig tcp = TcpPresets.REGISTRY.create(o.string("--tcp", "drill"));
    long maxPs = Scheme.parseDuration(o.string("--max-time", "10s"), "--max-time");
    long seed = o.longValue("--seed", 1);
    Path dir = Path.of(o.string("--out", "target/netmodels/simulate"));
    Files.createDirectories(dir);

    Simulation sim = new Simulation(topology).scheme(scheme).tcp(tcp).seed(seed).end(maxPs);
    sim.ecnMarking(
        TcpPresets.markingThreshold(tcp, o.has("--ecn-k") ? o.intValue("--ecn-k", 0) : null));
    sim.stopWhenIdle(true);
    if (o.has("--trace")) {
      Path trace = Path.of(o.string("--trace", ""));
      sim.workload((random, hosts) -> TraceFile.read(trace, hosts));
    } else {
      double load = o.doubleValue("--load", 0);
      if (load > 1) throw new IllegalArgumentException("--load must be in (0, 1], got " + load);
      FlowSizes sizes = SIZES.create(o.string("--sizes", "websearch"));
      long arrivalsPs = Scheme.parseDuration(o.string("--arrivals", "10ms"), "--arrivals");
      double wire = (tcp.mss() + tcp.headerBytes()) / (double) tcp.mss();
      sim.workload(
          (random, hosts) ->
              FlowList.drain(
                  new PoissonAllToAll(
                      hosts, hostRate(topology), load, sizes, wire, 0, arrivalsPs, random)));
    }
    Writer queues = null;
    if (o.has("--queue-interval")) {
      long period = Scheme.parseDuration(o.string("--queue-interval", ""), "--queue-interval");
      Writer w = Files.newBufferedWriter(dir.resolve("queues.csv"));
      queues = w;
      sim.afterBuild(
          net -> {
            List<Port> ports = new ArrayList<>();
            for (Port p : net.ports()) if (p.owner() instanceof Switch) ports.add(p);
            new PortQueueSeries(net.sim(), ports, period, maxPs, w);
          });
    }
    RunResult r;
    try {
      r = sim.run();
    } catch (UncheckedIOException e) {
      throw new IOException("writing queues.csv: " + e.getCause().getMessage(), e.getCause());
    } finally {
      if (queues != null) queues.close();
    }
    FlowsCsv.write(r.flows(), r.unfinished(), dir.resolve("flows.csv"));
    PortStats.write(r.ports(), r.endPs(), dir.resolve("ports.csv"));
    FctSummary f = r.fct();
    out.printf(
        Locale.ROOT,
        "%s, %s, seed %d: %d flows started, %d finished, mean FCT %.3f ms, p99 %.3f ms, %d drops,"
            + " %,d packet-hops in %.1f s%n",
        scheme.label(),
        o.string("--tcp", "drill") + " TCP",
        seed,
        r.started(),
        r.flows().size(),
        f.count() == 0 ? Double.NaN : f.meanMs(),
        f.count() == 0 ? Double.NaN : f.p99Ms(),
        r.drops(),
        r.packetHops(),
        r.wallSeconds());
    if (!r.unfinished().isEmpty()) {
      out.printf(
          Locale.ROOT,
          "%d flows had not finished by --max-time %s: in flows.csv with finished 0%n",
          r.unfinished().size(),
          o.string("--max-time", "10s"));
    }
    out.println(
        "wrote "
            + dir.resolve("flows.csv").toAbsolutePath()
            + ", ports.csv"
            + (queues != null ? " and queues.csv" : ""));
  }

  /** The host link rate the generator's load is a fraction of: the first host's link. */
  private static long hostRate(Topology t) {
    Simulator probe = new Simulator(0);
    return t.build(new io.pikachu.netmodels.net.Network(probe)).hosts().get(0).nic().rateBps();
  }
}
