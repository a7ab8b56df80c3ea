package io.pikachu.netmodels.fabric;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.topology.FatTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The packet-level network of a fat-tree. The shape (containers of ToR and Agg switches, core
 * planes, servers per ToR, tier rates) is {@link FatTree}'s, the one description of a fat-tree the
 * Duet model uses too; this adds links, delays and queues. A k-ary fat-tree (Al-Fares et al.) is
 * {@link FatTree#kAry}: k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 cores, k^3/4
 * hosts. Numbering follows seed 004's Figure 1: host S(i) on edge E(i / (k/2)); pod p has edges E(p
 * k/2 ..) and aggregations A(p k/2 ..); aggregation j of every pod connects to cores C(j k/2 ..).
 * Ports are created in that order, so the first of equal-cost ports is the lowest-numbered switch
 * (S0 to S15 goes E0, A0, C0, A6, E7).
 *
 * @param hostBps rate of the server links (the ToR-Agg and Agg-Core rates are the shape's)
 */
public record FatTreeFabric(
    FatTree shape, long hostBps, long linkDelayPs, long queueBytes, int queuePackets)
    implements Topology {

  /** A k-ary fat-tree with every link at one rate. */
  public static FatTreeFabric kAry(
      int k, long rateBps, long linkDelayPs, long queueBytes, int queuePackets) {
    return new FatTreeFabric(
        FatTree.kAry(k, rateBps / 1e9), rateBps, linkDelayPs, queueBytes, queuePackets);
  }

  /** Seed 004: k = 4, 1 Gbps, 25 us per link, 1000-packet (1.5 MB) drop-tail queues per port. */
  public static FatTreeFabric spraying() {
    return kAry(4, 1_000_000_000L, 25 * Simulator.PS_PER_US, 1_500_000, 1000);
  }

  public int hostCount() {
    return shape.servers();
  }

  public Fabric build(Network net) {
    FatTree t = shape;
    long torAggBps = Math.round(t.capacityGbps(t.torUp(0, 0)) * 1e9);
    long aggCoreBps = Math.round(t.capacityGbps(t.aggUp(0, 0, 0)) * 1e9);
    List<Host> hosts = new ArrayList<>();
    List<Switch> edges = new ArrayList<>();
    List<Switch> aggs = new ArrayList<>();
    List<Switch> cores = new ArrayList<>();
    for (int i = 0; i < t.tors(); i++) edges.add(new Switch(net, "E" + i));
    for (int i = 0; i < t.aggs(); i++) aggs.add(new Switch(net, "A" + i));
    for (int i = 0; i < t.cores(); i++) cores.add(new Switch(net, "C" + i));
    for (int i = 0; i < t.servers(); i++) {
      Host h = new Host(net, "S" + i);
      hosts.add(h);
      net.connect(h, edges.get(t.torOfServer(i)), hostBps, linkDelayPs, queueBytes, queuePackets);
    }
    List<List<Port>> up = new ArrayList<>();
    for (int c = 0; c < t.containers(); c++) {
      for (int e = 0; e < t.torsPerContainer(); e++) {
        List<Port> ups = new ArrayList<>();
        for (int a = 0; a < t.aggsPerContainer(); a++) {
          Port[] pair =
              net.connect(
                  edges.get(t.tor(c, e)),
                  aggs.get(t.agg(c, a) - t.tors()),
                  torAggBps,
                  linkDelayPs,
                  queueBytes,
                  queuePackets);
          ups.add(pair[0]);
        }
        up.add(ups);
      }
    }
    List<List<Port>> down = new ArrayList<>();
    for (int c = 0; c < t.cores(); c++) down.add(new ArrayList<>());
    for (int c = 0; c < t.containers(); c++) {
      for (int a = 0; a < t.aggsPerContainer(); a++) {
        for (int i = 0; i < t.coresPerPlane(); i++) {
          int core = t.core(a, i) - t.tors() - t.aggs();
          Port[] pair =
              net.connect(
                  aggs.get(t.agg(c, a) - t.tors()),
                  cores.get(core),
                  aggCoreBps,
                  linkDelayPs,
                  queueBytes,
                  queuePackets);
          down.get(core).add(pair[1]);
        }
      }
    }
    List<Switch> all = new ArrayList<>(edges);
    all.addAll(aggs);
    all.addAll(cores);
    String d =
        String.format(
            Locale.ROOT,
            "fat-tree %s (%d hosts, %d switches), %.0f Gbps, %.0f us per link, %d-packet queues",
            t.isKAry() ? "k=" + t.containers() : t.toString(),
            hostCount(),
            all.size(),
            hostBps / 1e9,
            linkDelayPs / (double) Simulator.PS_PER_US,
            queuePackets);
    return new Fabric(net, hosts, all, up, down, d);
  }
}
