package io.pikachu.netmodels.run;

import io.pikachu.netmodels.fabric.Fabric;
import io.pikachu.netmodels.fabric.Topology;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.metrics.FlowLog;
import io.pikachu.netmodels.metrics.PortStats;
import io.pikachu.netmodels.metrics.QueueSampler;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.RandomStreams;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpConfig;
import io.pikachu.netmodels.tcp.TcpStack;
import io.pikachu.netmodels.traffic.FlowSequence;
import io.pikachu.netmodels.traffic.FlowStarter;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * One packet-level run: a topology, a path-selection scheme, TCP, a workload, a measurement window.
 * Build with the setters, then {@link #run()}. Flows that start in {@code [measureFrom, measureTo)}
 * and finish by {@code end} are recorded; queues are sampled in {@code [sampleFrom, sampleTo)} when
 * a sampling period is set.
 */
public final class Simulation {
  private final Topology topology;
  private Scheme scheme = Scheme.of(Scheme.Kind.ECMP);
  private TcpConfig tcp = TcpConfig.drillScripts();
  private BiFunction<RandomStreams, Integer, FlowSequence> workload;
  private long seed = 1;
  private long endPs;
  private long measureFromPs;
  private long measureToPs = Long.MAX_VALUE;
  private long samplePeriodPs;
  private long sampleFromPs;
  private long sampleToPs;
  private boolean perDestinationGroups;
  private boolean stopWhenIdle;
  private int ecnMarkPackets = NO_MARKING;

  /** {@link #ecnMarking} value that marks nothing. */
  public static final int NO_MARKING = Integer.MAX_VALUE;

  private PrintStream progress;
  private java.util.function.Consumer<Network> afterBuild = n -> {};
  private String label = "";

  public Simulation(Topology topology) {
    this.topology = topology;
  }

  public Simulation scheme(Scheme s) {
    scheme = s;
    return this;
  }

  public Simulation tcp(TcpConfig c) {
    tcp = c;
    return this;
  }

  /** The flows, from the run's random streams and the number of hosts. */
  public Simulation workload(BiFunction<RandomStreams, Integer, FlowSequence> w) {
    workload = w;
    return this;
  }

  public Simulation seed(long s) {
    seed = s;
    return this;
  }

  /** Simulated time at which the run stops. */
  public Simulation end(long ps) {
    endPs = ps;
    return this;
  }

  public Simulation measure(long fromPs, long toPs) {
    measureFromPs = fromPs;
    measureToPs = toPs;
    return this;
  }

  public Simulation sampleQueues(long periodPs, long fromPs, long toPs) {
    samplePeriodPs = periodPs;
    sampleFromPs = fromPs;
    sampleToPs = toPs;
    return this;
  }

  /**
   * ECN marking at every switch port: an ECN-capable packet that finds {@code packets} or more
   * waiting is marked (DCTCP's threshold K); {@link #NO_MARKING} marks nothing.
   */
  public Simulation ecnMarking(int packets) {
    if (packets < 0) throw new IllegalArgumentException("--ecn-k must be >= 0, got " + packets);
    ecnMarkPackets = packets;
    return this;
  }

  /** Ends the run as soon as every flow of the workload has finished. */
  public Simulation stopWhenIdle(boolean on) {
    stopWhenIdle = on;
    return this;
  }

  /** One path-selection state per (switch, destination), as ns-2's classifiers. */
  public Simulation perDestinationGroups(boolean on) {
    perDestinationGroups = on;
    return this;
  }

  /** Adjusts the built network before the run (another path selector on some groups, say). */
  public Simulation afterBuild(java.util.function.Consumer<Network> c) {
    afterBuild = c;
    return this;
  }

  /** Prints a line every tenth of the simulated time. */
  public Simulation progress(PrintStream out, String runLabel) {
    progress = out;
    label = runLabel;
    return this;
  }

  public RunResult run() {
    if (workload == null) throw new IllegalStateException("no workload");
    if (endPs <= 0) throw new IllegalStateException("no end time");
    long wall0 = System.nanoTime();
    Simulator sim = new Simulator(seed);
    Network net = new Network(sim);
    Fabric fabric = topology.build(net);
    net.buildRoutes(perDestinationGroups);
    scheme.install(net, sim.random());
    if (ecnMarkPackets != NO_MARKING) {
      for (var p : net.ports()) if (p.owner() instanceof Switch) p.markAbove(ecnMarkPackets);
    }
    afterBuild.accept(net);
    FlowLog log = new FlowLog(fabric.hosts(), measureFromPs, measureToPs);
    TcpStack stack = new TcpStack(net, tcp, log);
    FlowStarter starter =
        new FlowStarter(
            sim, stack, fabric.hosts(), workload.apply(sim.random(), fabric.hosts().size()));
    QueueSampler sampler =
        samplePeriodPs > 0
            ? new QueueSampler(
                sim, fabric.upTier(), fabric.downTier(), samplePeriodPs, sampleFromPs, sampleToPs)
            : null;
    if (stopWhenIdle) {
      log.afterEach(
          () -> {
            if (starter.exhausted() && log.finished() == stack.opened()) sim.stop();
          });
    }
    if (progress != null) new Progress(sim, endPs, progress, label, wall0);
    sim.runUntil(endPs);
    double wall = (System.nanoTime() - wall0) / 1e9;
    return new RunResult(
        scheme,
        log.records(),
        log.unfinished(sim.now(), stack::receiver),
        log.startedInWindow(),
        starter.started(),
        stack.opened(),
        sampler,
        net.drops(),
        net.packetHops(),
        sim.events(),
        net.packets().highWater(),
        sim.queueShape(),
        wall,
        sim.now(),
        PortStats.of(net.ports()));
  }

  /** Prints progress every tenth of the run. */
  private static final class Progress implements EventSource {
    private final Simulator sim;
    private final long step;
    private final PrintStream out;
    private final String label;
    private final long wall0;

    Progress(Simulator sim, long endPs, PrintStream out, String label, long wall0) {
      this.sim = sim;
      this.step = Math.max(1, endPs / 10);
      this.out = out;
      this.label = label;
      this.wall0 = wall0;
      sim.schedule(step, this, 1);
    }

    @Override
    public void onEvent(int tenth) {
      out.printf(
          Locale.ROOT,
          "  %s: %d%% (%.3f s simulated) after %.1f s%n",
          label,
          tenth * 10,
          sim.now() / 1e12,
          (System.nanoTime() - wall0) / 1e9);
      if (tenth < 9) sim.schedule(sim.now() + step, this, tenth + 1);
    }
  }
}
