package io.pikachu.netmodels.tcp;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Router;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Two hosts joined through one programmable router (10 Gbps, 1 us links, deep queues) that can drop
 * or hold back chosen packets: a bench for the TCP model.
 */
final class Lab implements FlowObserver {
  final Simulator sim = new Simulator(1);
  final Network net = new Network(sim);
  final Host h0 = new Host(net, "h0");
  final Host h1 = new Host(net, "h1");
  final Middle mid = new Middle(net);
  final List<TcpSender> done = new ArrayList<>();
  final List<TcpReceiver> receivers = new ArrayList<>();
  final List<TcpSender> failed = new ArrayList<>();
  TcpStack stack;

  /** A router that applies the lab's drop and delay rules before forwarding. */
  static final class Middle extends Router {
    IntPredicate drop = p -> false;
    IntPredicate holdBack = p -> false; // delayed by holdPs before forwarding
    long holdPs;
    int dropped;

    Middle(Network net) {
      super(net, "mid");
    }

    @Override
    public void receive(int p, Port from) {
      if (drop.test(p)) {
        dropped++;
        network().packets().free(p);
        return;
      }
      if (holdBack.test(p)) {
        network().sim().scheduleIn(holdPs, tag -> forward(p), 0);
        return;
      }
      forward(p);
    }
  }

  Lab(TcpConfig cfg) {
    net.connect(h0, mid, 10_000_000_000L, Simulator.PS_PER_US, Long.MAX_VALUE, Integer.MAX_VALUE);
    net.connect(mid, h1, 10_000_000_000L, Simulator.PS_PER_US, Long.MAX_VALUE, Integer.MAX_VALUE);
    net.buildRoutes(false);
    stack = new TcpStack(net, cfg, this);
  }

  /** Drops data segment {@code seg} the first {@code times} times it passes. */
  void dropSegment(int seg, int times) {
    int[] left = {times};
    IntPredicate before = mid.drop;
    Packets pk = net.packets();
    mid.drop =
        p -> {
          if (before.test(p)) return true;
          if (pk.has(p, Packets.DATA) && pk.seq(p) == seg && left[0] > 0) {
            left[0]--;
            return true;
          }
          return false;
        };
  }

  /** Drops the first {@code times} SYNs. */
  void dropSyns(int times) {
    int[] left = {times};
    Packets pk = net.packets();
    mid.drop = p -> pk.flags(p) == Packets.SYN && left[0]-- > 0;
  }

  TcpSender send(long bytes) {
    TcpSender s = stack.open(h0, h1, bytes);
    sim.runUntil(100 * Simulator.PS_PER_S);
    return s;
  }

  @Override
  public void onComplete(TcpSender flow, TcpReceiver receiver) {
    done.add(flow);
    receivers.add(receiver);
  }

  @Override
  public void onFailed(TcpSender flow) {
    failed.add(flow);
  }

  double fctUs(TcpSender s) {
    return (s.endPs() - s.startPs()) / 1e6;
  }
}
