package io.pikachu.netmodels.fabric;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A k-ary fat-tree (Al-Fares et al.): k pods of k/2 edge and k/2 aggregation switches, (k/2)^2
 * cores, k^3/4 hosts, all links of one rate. Numbering follows seed 004's Figure 1: host S(i) on
 * edge E(i / (k/2)); pod p has edges E(p k/2 ..) and aggregations A(p k/2 ..); aggregation j of
 * every pod connects to cores C(j k/2 ..). Ports are created in that order, so the first of
 * equal-cost ports is the lowest-numbered switch (S0 to S15 goes E0, A0, C0, A6, E7).
 */
public record FatTreeFabric(
    int k, long rateBps, long linkDelayPs, long queueBytes, int queuePackets) implements Topology {
  public FatTreeFabric {
    if (k < 2 || k % 2 != 0) throw new IllegalArgumentException("k must be even and >= 2: " + k);
  }

  /** Seed 004: k = 4, 1 Gbps, 25 us per link, 1000-packet (1.5 MB) drop-tail queues per port. */
  public static FatTreeFabric spraying() {
    return new FatTreeFabric(4, 1_000_000_000L, 25 * Simulator.PS_PER_US, 1_500_000, 1000);
  }

  public int hostCount() {
    return k * k * k / 4;
  }

  public Fabric build(Network net) {
    int half = k / 2;
    List<Host> hosts = new ArrayList<>();
    List<Switch> edges = new ArrayList<>();
    List<Switch> aggs = new ArrayList<>();
    List<Switch> cores = new ArrayList<>();
    for (int i = 0; i < k * half; i++) edges.add(new Switch(net, "E" + i));
    for (int i = 0; i < k * half; i++) aggs.add(new Switch(net, "A" + i));
    for (int i = 0; i < half * half; i++) cores.add(new Switch(net, "C" + i));
    for (int i = 0; i < hostCount(); i++) {
      Host h = new Host(net, "S" + i);
      hosts.add(h);
      net.connect(h, edges.get(i / half), rateBps, linkDelayPs, queueBytes, queuePackets);
    }
    List<List<Port>> up = new ArrayList<>();
    for (int p = 0; p < k; p++) {
      for (int e = 0; e < half; e++) {
        List<Port> ups = new ArrayList<>();
        for (int a = 0; a < half; a++) {
          Port[] pair =
              net.connect(
                  edges.get(p * half + e),
                  aggs.get(p * half + a),
                  rateBps,
                  linkDelayPs,
                  queueBytes,
                  queuePackets);
          ups.add(pair[0]);
        }
        up.add(ups);
      }
    }
    List<List<Port>> down = new ArrayList<>();
    for (int c = 0; c < half * half; c++) down.add(new ArrayList<>());
    for (int p = 0; p < k; p++) {
      for (int a = 0; a < half; a++) {
        for (int c = 0; c < half; c++) {
          int core = a * half + c;
          Port[] pair =
              net.connect(
                  aggs.get(p * half + a),
                  cores.get(core),
                  rateBps,
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
            "fat-tree k=%d (%d hosts, %d switches), %.0f Gbps, %.0f us per link, %d-packet queues",
            k,
            hostCount(),
            all.size(),
            rateBps / 1e9,
            linkDelayPs / (double) Simulator.PS_PER_US,
            queuePackets);
    return new Fabric(net, hosts, all, up, down, d);
  }
}
