package io.pikachu.netmodels.lb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.fabric.Fabric;
import io.pikachu.netmodels.fabric.LeafSpine;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.PortGroup;
import io.pikachu.netmodels.net.Router;
import io.pikachu.netmodels.sim.Simulator;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PathSelectorsTest {
  private final Simulator sim = new Simulator(3);
  private final Network net = new Network(sim);
  private final Fabric fabric = LeafSpine.drill(20).scaled(2, 4, 2).build(net);
  private final PortGroup uplinks;
  private final Packets pk = net.packets();

  PathSelectorsTest() {
    net.buildRoutes(false);
    Router leaf0 = fabric.switches().get(0);
    uplinks = leaf0.route(fabric.hosts().get(3).id());
  }

  private int packet(int src, int dst, int sport, int dport) {
    int p = pk.allocate();
    pk.header(p, 1, Packets.DATA, src, dst, sport, dport);
    pk.setBytes(p, 1500);
    return p;
  }

  /** Puts {@code n} packets waiting on uplink {@code i} (plus the one in transmission). */
  private void fill(int i, int n) {
    for (int k = 0; k <= n; k++) uplinks.port(i).enqueue(packet(0, 5, 1, 1));
  }

  @Test
  void ecmpKeepsAFlowOnOnePathAndSpreadsFlows() {
    Ecmp ecmp = new Ecmp(pk, 12345, false);
    int[] count = new int[4];
    for (int f = 0; f < 4000; f++) {
      int p = packet(f % 7, 100 + f % 11, 1024 + f, 80);
      int first = ecmp.select(uplinks, p);
      for (int rep = 0; rep < 3; rep++) assertEquals(first, ecmp.select(uplinks, p));
      count[first]++;
      pk.free(p);
    }
    for (int c : count) assertEquals(1000, c, 120, "flows per port");
    // Another salt (another switch) maps flows differently.
    Ecmp other = new Ecmp(pk, 999, false);
    int differ = 0;
    for (int f = 0; f < 100; f++) {
      int p = packet(1, 2, 1024 + f, 80);
      if (other.select(uplinks, p) != ecmp.select(uplinks, p)) differ++;
      pk.free(p);
    }
    assertTrue(differ > 50, "salted hashes disagree on most flows: " + differ);
  }

  @Test
  void additiveHashIsTheScriptsSum() {
    Ecmp add = new Ecmp(pk, 0, true);
    assertEquals((3 + 9 + 1030 + 80) % 4, add.select(uplinks, packet(3, 9, 1030, 80)));
    assertEquals((3 + 9 + 1031 + 80) % 4, add.select(uplinks, packet(3, 9, 1031, 80)));
  }

  @Test
  void sprayIsUniformRoundRobinCyclesSinglePathStays() {
    RandomSpray spray = new RandomSpray(new SplittableRandom(1));
    int[] count = new int[4];
    for (int i = 0; i < 40_000; i++) count[spray.select(uplinks, 0)]++;
    for (int c : count) assertEquals(10_000, c, 400);
    RoundRobin rr = new RoundRobin();
    for (int i = 0; i < 12; i++) assertEquals(i % 4, rr.select(uplinks, 0));
    SinglePath single = new SinglePath();
    for (int i = 0; i < 5; i++) assertEquals(0, single.select(uplinks, 0));
  }

  @Test
  void drillKeepsTheRememberedPortOnlyWhenStrictlyShortest() {
    Drill drill = new Drill(new SplittableRandom(5), QueueView.FRESH);
    fill(1, 3);
    fill(2, 3);
    fill(3, 3);
    // Port 0 is empty and remembered: it is kept every time.
    for (int i = 0; i < 50; i++) assertEquals(0, drill.select(uplinks, 0));
    fill(0, 3); // now all equal: the remembered port never wins a tie
    int prev = drill.memory();
    for (int i = 0; i < 200; i++) {
      int c = drill.select(uplinks, 0);
      assertNotEquals(prev, c);
      prev = c;
    }
  }

  @Test
  void drillSamplesTwoDistinctPortsOtherThanTheRememberedOne() {
    // A view that records which ports a decision reads.
    int[] reads = new int[4];
    int[] lengths = {9, 9, 9, 9};
    QueueView spy =
        (g, i, p) -> {
          reads[i]++;
          return lengths[i];
        };
    Drill drill = new Drill(new SplittableRandom(11), spy);
    for (int i = 0; i < 3000; i++) {
      java.util.Arrays.fill(reads, 0);
      int m = drill.memory();
      drill.select(uplinks, 0);
      assertEquals(1, reads[m]);
      int sampled = 0;
      for (int j = 0; j < 4; j++) if (j != m) sampled += reads[j];
      assertEquals(2, sampled);
      for (int j = 0; j < 4; j++) assertTrue(reads[j] <= 1, "each port read at most once");
    }
  }

  @Test
  void drillPrefersTheShorterSampleAndTheSecondOnTies() {
    int[] lengths = {5, 1, 2, 3};
    QueueView view = (g, i, p) -> lengths[i];
    Drill drill = new Drill(new SplittableRandom(2), view);
    // Memory 0 (length 5) loses to any sample; the shortest of the two samples wins.
    for (int i = 0; i < 200; i++) {
      lengths[0] = 5;
      Drill d = new Drill(new SplittableRandom(i), view);
      int c = d.select(uplinks, 0);
      assertNotEquals(0, c);
      assertNotEquals(3, c, "port 3 (length 3) is never the shorter of two samples");
    }
    assertTrue(drill.select(uplinks, 0) >= 0);
  }

  @Test
  void periodicTableShowsQueuesAsOfTheLastRefresh() {
    StaleQueues t =
        new StaleQueues(
            sim, pk, uplinks, net.nodes().size(), 10 * Simulator.PS_PER_US, false, 0, false);
    fill(2, 4);
    t.prepare(uplinks, 0); // first packet: refresh now and every 10 us
    assertEquals(4, t.queue(uplinks, 2, 0));
    fill(1, 6);
    assertEquals(0, t.queue(uplinks, 1, 0), "not seen before the next refresh");
    sim.runUntil(10 * Simulator.PS_PER_US);
    assertTrue(t.queue(uplinks, 1, 0) > 0, "seen after it");
    assertEquals(2, t.refreshes());
  }

  @Test
  void perPacketUpdateRefreshesTheEntryOfTheLinkThePacketCameIn() {
    StaleQueues t = new StaleQueues(sim, pk, uplinks, net.nodes().size(), 0, true, 0, false);
    fill(3, 5);
    assertEquals(0, t.queue(uplinks, 3, 0));
    // A packet arriving at the leaf from spine 3 (the far end of uplink 3).
    int p = packet(5, 0, 1, 1);
    t.observer().onArrival(p, fabric.downTier().get(3).get(0));
    assertEquals(5, t.queue(uplinks, 3, 0));
    assertEquals(0, t.queue(uplinks, 0, 0));
  }

  @Test
  void perPacketUpdatesWithAPeriodRefreshAnEntryAtMostOnceInIt() {
    long period = Simulator.PS_PER_MS;
    StaleQueues t = new StaleQueues(sim, pk, uplinks, net.nodes().size(), 0, true, period, false);
    Port fromSpine3 = fabric.downTier().get(3).get(0);
    fill(3, 5);
    t.observer().onArrival(packet(5, 0, 1, 1), fromSpine3);
    assertEquals(5, t.queue(uplinks, 3, 0));
    fill(3, 2);
    assertEquals(8, uplinks.port(3).queueLength());
    t.observer().onArrival(packet(5, 0, 1, 1), fromSpine3);
    assertEquals(5, t.queue(uplinks, 3, 0), "a second packet inside the period does not refresh");
    assertEquals(1, t.packetUpdates());
    sim.schedule(period, tag -> {}, 0);
    sim.runUntil(period);
    t.observer().onArrival(packet(5, 0, 1, 1), fromSpine3);
    assertEquals(0, t.queue(uplinks, 3, 0), "refreshed once the period is over (queue drained)");
    assertEquals(2, t.packetUpdates());
  }

  @Test
  void onlySchemesWithPerPacketUpdatesTakeAPeriod() {
    assertEquals(7L, Scheme.parse("ppu").withPacketPeriod(7).packetPeriodPs());
    assertEquals(7L, Scheme.parse("cu:10us").withPacketPeriod(7).packetPeriodPs());
    assertEquals(0L, Scheme.parse("piu:10us").withPacketPeriod(7).packetPeriodPs());
    assertEquals(0L, Scheme.parse("drill").withPacketPeriod(7).packetPeriodPs());
    assertThrows(IllegalArgumentException.class, () -> new Scheme(Scheme.Kind.DRILL, 0, 7));
  }

  @Test
  void schemesParseAndRejectBadNames() {
    assertEquals(Scheme.Kind.DRILL, Scheme.parse("drill").kind());
    assertEquals(100_000L, Scheme.parse("piu:0.1us").intervalPs());
    assertEquals(10 * Simulator.PS_PER_US, Scheme.parse("cu:10us").intervalPs());
    assertEquals("piu:0.1us", Scheme.parse("piu:100ns").label());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Scheme.parse("conga"));
    assertTrue(e.getMessage().contains("conga"));
    e = assertThrows(IllegalArgumentException.class, () -> Scheme.parse("piu:-1us"));
    assertTrue(e.getMessage().contains("positive"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Scheme.parse("piu"));
    assertTrue(e.getMessage().contains("interval"));
    e = assertThrows(IllegalArgumentException.class, () -> Scheme.parse("cu:10"));
    assertTrue(e.getMessage().contains("unit"));
  }
}
