package io.pikachu.netmodels.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PortTest {
  private static final long GBPS = 1_000_000_000L;

  /** h0 -> sw -> h1 with 10 Gbps links of 1 us; the switch's port to h1 holds 3 packets. */
  private final Simulator sim = new Simulator(1);

  private final Network net = new Network(sim);
  private final Host h0 = new Host(net, "h0");
  private final Host h1 = new Host(net, "h1");
  private final Switch sw = new Switch(net, "sw");
  private final List<Long> arrivals = new ArrayList<>();

  PortTest() {
    net.connect(h0, sw, 10 * GBPS, Simulator.PS_PER_US, Long.MAX_VALUE, Integer.MAX_VALUE);
    net.connect(sw, h1, 10 * GBPS, Simulator.PS_PER_US, Long.MAX_VALUE, 3);
    net.buildRoutes(false);
    h1.register(
        7,
        p -> {
          arrivals.add(sim.now());
          net.packets().free(p);
        });
  }

  private int packet(int bytes) {
    Packets pk = net.packets();
    int p = pk.allocate();
    pk.header(p, 7, Packets.DATA, h0.id(), h1.id(), 1, 2);
    pk.setBytes(p, bytes);
    return p;
  }

  @Test
  void storeAndForwardTimesAndFifoQueueing() {
    // 1500 B at 10 Gbps = 1.2 us per hop, plus 1 us delay: first arrival at 2 x 2.2 us.
    h0.send(packet(1500));
    h0.send(packet(1500));
    sim.runUntil(Long.MAX_VALUE);
    assertEquals(List.of(4_400_000L, 5_600_000L), arrivals);
    assertEquals(4, net.packetHops());
    assertEquals(0, net.packets().live());
  }

  @Test
  void queueLengthExcludesThePacketBeingSentAndDropTailCountsWaitingPackets() {
    Port toH1 = sw.ports().get(1);
    // Put 5 packets on the switch port at once: one in transmission, 3 waiting, one dropped.
    for (int i = 0; i < 5; i++) toH1.enqueue(packet(1000));
    assertEquals(3, toH1.queueLength());
    assertEquals(1, toH1.drops());
    assertEquals(1, net.drops());
    // 1000 B at 10 Gbps = 0.8 us: after 1.7 us two have started, two are waiting.
    sim.runUntil(1_700_000);
    assertEquals(1, toH1.queueLength());
    sim.runUntil(Long.MAX_VALUE);
    assertEquals(4, arrivals.size());
    assertEquals(0, toH1.queueLength());
  }

  @Test
  void byteLimitDropsWhenWaitingBytesWouldExceedIt() {
    Network n2 = new Network(new Simulator(1));
    Host a = new Host(n2, "a");
    Host b = new Host(n2, "b");
    Port ab = n2.connect(a, b, GBPS, 0, 2_999, Integer.MAX_VALUE)[0];
    Packets pk = n2.packets();
    int[] ps = new int[4];
    for (int i = 0; i < 4; i++) {
      ps[i] = pk.allocate();
      pk.setBytes(ps[i], 1500);
    }
    assertTrue(ab.enqueue(ps[0])); // sent at once: nothing waits
    assertTrue(ab.enqueue(ps[1])); // 1500 waiting
    assertFalse(ab.enqueue(ps[2])); // 3000 > 2999: dropped
    assertEquals(1500, ab.queueBytes());
  }

  @Test
  void packetWithoutRouteIsFreed() {
    Packets pk = net.packets();
    int p = pk.allocate();
    pk.header(p, 1, Packets.DATA, h1.id(), sw.id(), 1, 2); // a switch is not a destination
    pk.setBytes(p, 100);
    h1.send(p);
    sim.runUntil(Long.MAX_VALUE);
    assertEquals(1, net.unroutable());
    assertEquals(0, pk.live());
  }
}
