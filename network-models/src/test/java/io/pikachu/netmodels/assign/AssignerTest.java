package io.pikachu.netmodels.assign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.topology.FatTree;
import io.pikachu.netmodels.workload.PortGroup;
import io.pikachu.netmodels.workload.Vip;
import io.pikachu.netmodels.workload.Workload;
import io.pikachu.netmodels.workload.WorkloadGenerator;
import io.pikachu.netmodels.workload.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AssignerTest {
  private final FatTree tree = new FatTree(4, 6, 2, 4, 10, 10, 40);

  @Test
  void neverExceedsAnyResourceAndRespectsTheHostTable() {
    SwitchTables tables = new SwitchTables(60, 32, 256, 0.8);
    List<VipShape> shapes = skewedVips(tables);
    double[] gbps = skewedTraffic();
    Assignment a = new Assigner(tree, tables, shapes).assign(gbps, Assigner.Strategy.DUET, 1);
    NetworkState st = a.state();
    for (int l = 0; l < tree.links(); l++)
      assertTrue(st.linkUtilisation(l) <= 1 + 1e-9, "link " + l);
    for (int s = 0; s < tree.switches(); s++) {
      assertTrue(st.tunnelUsed(s) <= tables.tunnelEntries(), "tunnel table of switch " + s);
    }
    assertTrue(
        a.hmuxVipCount() <= tables.hostEntries() - tree.serversPerTor(),
        "host table holds " + a.hmuxVipCount() + " VIPs");
    assertTrue(a.hmuxVipCount() > 0);
    // VIPs are placed in decreasing traffic: no SMux VIP has more traffic than the last HMux VIP
    // before the stop
    double smallestOnHmux =
        IntStream.range(0, gbps.length)
            .filter(a::onHmux)
            .mapToDouble(v -> gbps[v])
            .min()
            .orElseThrow();
    assertTrue(a.leftoverGbps() < a.totalGbps());
    assertTrue(smallestOnHmux > 0);
  }

  /**
   * Every reading of Random's "first feasible" keeps every resource within capacity, and the
   * largest VIP, placed on an empty network where every reading sees the same feasible switches,
   * goes to the first of them in each reading's order.
   */
  @Test
  void firstFitReadingsTryTheSwitchesInTheirOwnOrder() {
    SwitchTables tables = new SwitchTables(60, 32, 256, 0.8);
    List<VipShape> shapes = skewedVips(tables);
    double[] gbps = skewedTraffic();
    Assigner assigner = new Assigner(tree, tables, shapes);
    java.util.Map<Assigner.Strategy, Integer> first =
        new java.util.EnumMap<>(Assigner.Strategy.class);
    for (Assigner.Strategy s : Assigner.Strategy.values()) {
      if (s == Assigner.Strategy.DUET) continue;
      Assignment a = assigner.assign(gbps, s, 1);
      for (int l = 0; l < tree.links(); l++) {
        assertTrue(a.state().linkUtilisation(l) <= 1 + 1e-9, s + ": link " + l);
      }
      assertTrue(a.onHmux(0), s + ": the largest VIP fits somewhere");
      first.put(s, a.hmuxOf(0));
    }
    int numbered = first.get(Assigner.Strategy.FIRST_FIT_NUMBERED);
    int topDown = first.get(Assigner.Strategy.FIRST_FIT_CORES_FIRST);
    for (int sw : first.values()) {
      assertTrue(numbered <= sw, "numbered order takes the lowest-numbered feasible switch");
      assertTrue(tierTopDown(topDown) <= tierTopDown(sw), "cores first takes the highest tier");
    }
    assertTrue(tierTopDown(topDown) < tierTopDown(numbered), "the two orders differ: " + first);
  }

  /** 120 random VIPs of 1-4 source racks and 1-20 DIPs. */
  private List<VipShape> skewedVips(SwitchTables tables) {
    Random rnd = new Random(3);
    List<VipShape> shapes = new ArrayList<>();
    for (int i = 0; i < 120; i++) {
      Vip v = TestVips.random(i, tree, rnd, 1 + rnd.nextInt(4), 1 + rnd.nextInt(20));
      shapes.add(new VipShape(v, tree, tables));
    }
    return shapes;
  }

  /** Their traffic, falling exponentially from 8 Gbps. */
  private static double[] skewedTraffic() {
    return IntStream.range(0, 120).mapToDouble(i -> 8 * Math.exp(-i / 15.0)).toArray();
  }

  /** 0 for a Core, 1 for an Agg, 2 for a ToR. */
  private int tierTopDown(int sw) {
    return sw >= tree.tors() + tree.aggs() ? 0 : sw >= tree.tors() ? 1 : 2;
  }

  @Test
  void sameSeedSameAssignmentAndWorkload() {
    WorkloadSpec spec = WorkloadSpec.paperScale().withVips(400).scaledVolume(0.02);
    Workload w1 = new WorkloadGenerator(tree, spec).generate(5);
    Workload w2 = new WorkloadGenerator(tree, spec).generate(5);
    Workload w3 = new WorkloadGenerator(tree, spec).generate(6);
    assertArrayEquals(w1.trace().gbps(3), w2.trace().gbps(3));
    assertTrue(!java.util.Arrays.equals(w1.trace().gbps(0), w3.trace().gbps(0)));
    SwitchTables tables = SwitchTables.paper().withHostEntries(300);
    Assigner as = new Assigner(tree, tables, VipShape.of(w1.vips(), tree, tables));
    Assignment a1 = as.assign(w1.trace().gbps(0), Assigner.Strategy.DUET, 9);
    Assignment a2 = as.assign(w2.trace().gbps(0), Assigner.Strategy.DUET, 9);
    for (int v = 0; v < a1.vips(); v++) assertEquals(a1.hmuxOf(v), a2.hmuxOf(v), "VIP " + v);
  }

  @Test
  void largeFanoutVipGoesThroughTransientIps() {
    SwitchTables tables = new SwitchTables(1000, 512, 4096, 0.8);
    FatTree big = new FatTree(4, 8, 2, 4, 40, 10, 40);
    int[] servers = IntStream.range(0, 1200).map(i -> i).toArray();
    Vip vip = new Vip(0, new int[] {5}, new double[] {1}, 0.7, List.of(PortGroup.anyPort(servers)));
    VipShape shape = new VipShape(vip, big, tables);
    assertEquals(3, shape.tips().size(), "1200 DIPs need ceil(1200/512) TIPs");
    assertEquals(3, shape.hmuxTunnelEntries(), "the HMux tunnels to the TIPs, not to the DIPs");
    assertEquals(1200, shape.tips().stream().mapToInt(VipShape.Tip::tunnelEntries).sum());
    assertTrue(shape.tips().stream().allMatch(t -> t.tunnelEntries() <= 512));
    Assignment a =
        new Assigner(big, tables, List.of(shape))
            .assign(new double[] {5}, Assigner.Strategy.DUET, 1);
    assertTrue(a.onHmux(0));
    int[] tips = a.tipSwitchesOf(0);
    assertEquals(3, tips.length);
    int tunnel = 0;
    for (int s = 0; s < big.switches(); s++) tunnel += a.state().tunnelUsed(s);
    assertEquals(3 + 1200, tunnel, "HMux entries plus every DIP once behind its TIP");
    assertEquals(4, a.state().hostEntriesUsed(), "the VIP and its three TIPs are routable");
  }

  @Test
  void portBasedVipKeepsSeparateDipSetsAndWcmpSplitsByWeight() {
    SwitchTables tables = SwitchTables.paper();
    PortGroup web = new PortGroup(80, 0.75, new int[] {0, 10}, new double[] {1, 2});
    PortGroup ftp = new PortGroup(21, 0.25, new int[] {20}, new double[] {1});
    Vip vip = new Vip(0, new int[] {3}, new double[] {1}, 1.0, List.of(web, ftp));
    VipShape s = new VipShape(vip, tree, tables);
    assertEquals(3, s.hmuxTunnelEntries());
    assertEquals(4, s.hmuxEcmpEntries(), "weights 1:2 take 1+2 ECMP entries, the FTP DIP one");
    assertEquals(0.25, s.dipShareAt(tree.torOfServer(0)), 1e-12);
    assertEquals(0.5, s.dipShareAt(tree.torOfServer(10)), 1e-12);
    assertEquals(0.25, s.dipShareAt(tree.torOfServer(20)), 1e-12);
  }

  @Test
  void badInputIsRejectedWithAClearMessage() {
    SwitchTables tables = SwitchTables.paper();
    Vip vip =
        new Vip(0, new int[] {1}, new double[] {1}, 0.5, List.of(PortGroup.anyPort(new int[] {1})));
    Assigner as = new Assigner(tree, tables, List.of(new VipShape(vip, tree, tables)));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> as.assign(new double[] {1, 2}, Assigner.Strategy.DUET, 1));
    assertTrue(e.getMessage().contains("2 entries for 1 VIPs"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> as.assign(new double[] {Double.NaN}, Assigner.Strategy.DUET, 1));
    assertTrue(e.getMessage().contains("VIP 0"), e.getMessage());
    Vip outside =
        new Vip(
            1,
            new int[] {1},
            new double[] {1},
            0.5,
            List.of(PortGroup.anyPort(new int[] {tree.servers()})));
    e = assertThrows(IllegalArgumentException.class, () -> new VipShape(outside, tree, tables));
    assertTrue(e.getMessage().contains("DIP server " + tree.servers()), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> new FatTree(4, 4, 3, 4, 4, 10, 40));
    assertTrue(e.getMessage().contains("multiple of aggsPerContainer"), e.getMessage());
  }
}
