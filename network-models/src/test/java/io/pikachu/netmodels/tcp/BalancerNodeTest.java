package io.pikachu.netmodels.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Router;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A new node type on the engine, as the server-aware balancers need: a one-armed L4 balancer with a
 * virtual address that copies every SYN to two servers and steers later packets by the timestamp
 * the client echoes, and servers that mark their timestamps (TAALK's mechanism in miniature).
 * Nothing in the core was changed for it.
 */
class BalancerNodeTest {
  private static final long GBPS = 1_000_000_000L;

  /** Copies SYNs to both servers; sends everything else to the server its echoed mark names. */
  static final class DuplicatingBalancer extends Router {
    final List<Host> servers = new ArrayList<>();
    int synCopies;

    DuplicatingBalancer(Network net) {
      super(net, "vip");
    }

    @Override
    public boolean addressable() {
      return true;
    }

    @Override
    public void receive(int p, Port from) {
      Packets pk = network().packets();
      if (pk.dst(p) != id()) {
        forward(p);
        return;
      }
      if (pk.has(p, Packets.SYN)) {
        for (Host s : servers) {
          int copy = pk.copy(p);
          pk.setDst(copy, s.id());
          forward(copy);
          synCopies++;
        }
        pk.free(p);
        return;
      }
      pk.setDst(p, servers.get((int) (pk.tsEcr(p) & 1)).id());
      forward(p);
    }
  }

  /** A server whose timestamps carry its index in the lowest bit. */
  static final class MarkingServer extends TcpServer {
    final int index;
    int established;
    int abandoned;
    long segments;

    MarkingServer(TcpStack stack, int index) {
      super(stack, Integer.MAX_VALUE);
      this.index = index;
    }

    @Override
    protected long timestamp(TcpReceiver r, long now) {
      return (now & ~1L) | index;
    }

    @Override
    protected void onEstablished(TcpReceiver r) {
      established++;
    }

    @Override
    protected void onAbandoned(TcpReceiver r) {
      abandoned++;
    }

    @Override
    protected void onData(TcpReceiver r, int n) {
      segments += n;
    }
  }

  @Test
  void aBalancerNodeDuplicatesSynsAndTheLoserGivesItsHalfOpenConnectionUp() {
    Simulator sim = new Simulator(1);
    Network net = new Network(sim);
    Host client = new Host(net, "client");
    Host s0 = new Host(net, "s0");
    Host s1 = new Host(net, "s1");
    Switch sw = new Switch(net, "sw");
    DuplicatingBalancer lb = new DuplicatingBalancer(net);
    lb.servers.add(s0);
    lb.servers.add(s1);
    for (var n : List.of(client, s0, s1, lb)) {
      net.connect(n, sw, 10 * GBPS, Simulator.PS_PER_US, Long.MAX_VALUE, Integer.MAX_VALUE);
    }
    net.buildRoutes(false);
    List<TcpSender> done = new ArrayList<>();
    TcpConfig cfg =
        TcpConfig.drillScripts().toBuilder().handshake(Simulator.PS_PER_MS, 6, 2).build();
    TcpStack stack =
        new TcpStack(
            net,
            cfg,
            new FlowObserver() {
              @Override
              public void onComplete(TcpSender flow, TcpReceiver receiver) {
                done.add(flow);
              }
            });
    MarkingServer m0 = new MarkingServer(stack, 0);
    MarkingServer m1 = new MarkingServer(stack, 1);
    s0.setListener(m0);
    s1.setListener(m1);
    TcpSender flow = stack.open(client, lb.id(), 100 * 1460);
    sim.runUntil(Simulator.PS_PER_S);

    assertTrue(flow.done());
    assertEquals(2, lb.synCopies);
    MarkingServer winner = m0.established == 1 ? m0 : m1;
    MarkingServer loser = winner == m0 ? m1 : m0;
    assertEquals(1, winner.established);
    assertEquals(100, winner.segments, "every segment reached the first server to answer");
    assertEquals(0, loser.established, "the other server never saw the handshake's ACK");
    assertEquals(1, loser.abandoned, "it gave up after its SYN-ACK retries (1 + 2 + 4 ms)");
    assertEquals(0, loser.halfOpen());
    assertEquals(0, net.packets().live(), "no packet left behind");
  }
}
