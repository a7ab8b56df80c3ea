package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.maglev.FiveTuple;
import io.pikachu.netmodels.maglev.MaglevTable;
import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.FlowObserver;
import io.pikachu.netmodels.tcp.TcpConfig;
import io.pikachu.netmodels.tcp.TcpReceiver;
import io.pikachu.netmodels.tcp.TcpSender;
import io.pikachu.netmodels.tcp.TcpStack;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The seed's testbed on the packet-level engine: client - router - balancers - servers, with the
 * servers' replies going straight to the router (Maglev's direct server return). One run opens
 * {@code load} connections and lasts until every one has finished or failed.
 */
public final class Testbed {
  private static final long GBPS = 1_000_000_000L;
  private static final long LINK_DELAY_PS = 50 * Simulator.PS_PER_US;
  private static final int LINK_QUEUE_PACKETS = 1000;

  /** Past the last SYN retry's timeout (SYNs at 0, 1, 3, 7, 15, 31, 63 s; failure at 127 s). */
  private static final long RUN_LIMIT_PS = 200 * Simulator.PS_PER_S;

  private Testbed() {}

  /**
   * Linux's TCP for short connections: initial window 10, RTO 1 s initially and 200 ms at least,
   * fast retransmit, SACK, and a handshake whose SYN (and SYN-ACK) timeout starts at 1 s and
   * doubles: 6 SYN retries (at 1, 3, 7, 15, 31, 63 s), 5 SYN-ACK retries.
   */
  public static TcpConfig linuxTcp() {
    return TcpConfig.sprayingDefaults().toBuilder()
        .initialRto(Simulator.PS_PER_S)
        .minRto(200 * Simulator.PS_PER_MS)
        .maxRto(120 * Simulator.PS_PER_S)
        .sack(true)
        .handshake(Simulator.PS_PER_S, 6, 5)
        .build();
  }

  /** Runs repetition {@code rep} of load {@code load} (x connections opened together). */
  public static LoadRun run(Setup s, int load, int rep) {
    if (load < 1) throw new IllegalArgumentException("load must be at least 1, got " + load);
    // Every policy sees the same randomness for the same (seed, load, rep): common random numbers.
    long runSeed = FiveTuple.fmix64(s.seed() * 1_000_003L + load * 1_009L + rep);
    Simulator sim = new Simulator(runSeed);
    Network net = new Network(sim);
    Host client = new Host(net, "client");
    VipRouter router = new VipRouter(net, sim.random().stream("router"));
    List<Host> hosts = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < s.servers(); i++) {
      hosts.add(new Host(net, String.format("s%03d", i)));
      names.add(String.format("s%03d", i));
    }
    SplittableRandom addr = sim.random().stream("client-address");
    Connections conns =
        new Connections(
            addr.nextInt(),
            router.id(),
            new ServerChoice(s.servers(), s.choices(), s.seed()),
            s.servers());
    MaglevTable table =
        s.policy() == Policy.MAGLEV ? MaglevTable.build(names, MaglevTable.DEFAULT_SIZE) : null;
    for (int k = 0; k < s.balancers(); k++) {
      router.balancers.add(
          new Balancer(
              net,
              "lb" + k,
              s.policy(),
              hosts,
              conns,
              sim.random().stream("balancer", k),
              table,
              s.balancerCostPs(),
              s.cpuQueue()));
    }
    java.util.BitSet finished = new java.util.BitSet(load);
    LoadRun.Builder result = new LoadRun.Builder(load, rep, s.servers());
    TcpStack stack =
        new TcpStack(
            net,
            linuxTcp(),
            new FlowObserver() {
              @Override
              public void onComplete(TcpSender flow, TcpReceiver receiver) {
                ended(flow, false);
              }

              @Override
              public void onFailed(TcpSender flow) {
                ended(flow, true);
              }

              private void ended(TcpSender flow, boolean failed) {
                result.flow(flow, failed);
                finished.set(flow.conn());
                if (finished.cardinality() == load) sim.stop();
              }
            });
    List<Backend> backends = new ArrayList<>();
    List<ServerCpu> cpus = new ArrayList<>();
    for (int i = 0; i < s.servers(); i++) {
      Backend b = new Backend(stack, i, s.policy(), conns, finished);
      hosts.get(i).setListener(b);
      backends.add(b);
      double speed = s.speed(i);
      cpus.add(
          new ServerCpu(
              net,
              hosts.get(i),
              Math.round(s.packetCostPs() / speed),
              Math.round(s.requestCostPs() / speed),
              s.cpuQueue(),
              s.backlog(),
              new ServerCpu.Stalls(
                  s.stallMeanPs(), s.stallShare(), sim.random().stream("stalls", i))));
    }
    link(net, client, router);
    for (Balancer b : router.balancers) {
      link(net, router, b);
      for (ServerCpu c : cpus) link(net, b, c);
    }
    for (int i = 0; i < s.servers(); i++) {
      link(net, cpus.get(i), router); // replies bypass the balancers
      link(net, cpus.get(i), hosts.get(i));
    }
    net.buildRoutes(false);

    // The client's threads start one after another, each a little late by a random amount.
    SplittableRandom starts = sim.random().stream("starts");
    for (int i = 0; i < load; i++) {
      long at = i * s.startGapPs() + (long) (starts.nextDouble() * s.startGapPs());
      sim.schedule(at, tag -> stack.open(client, router.id(), s.requestBytes()), 0);
    }
    sim.runUntil(RUN_LIMIT_PS);
    for (int i = 0; i < s.servers(); i++) {
      result.server(i, backends.get(i), cpus.get(i));
    }
    for (Balancer b : router.balancers) result.balancer(b);
    return result.build();
  }

  private static void link(
      Network net, io.pikachu.netmodels.net.Node a, io.pikachu.netmodels.net.Node b) {
    net.connect(a, b, GBPS, LINK_DELAY_PS, Long.MAX_VALUE, LINK_QUEUE_PACKETS);
  }
}
