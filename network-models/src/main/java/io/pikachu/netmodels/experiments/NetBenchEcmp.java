package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Node;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.PathSelector;
import io.pikachu.netmodels.net.PortGroup;

/**
 * NetBench's ECMP hash, so that the comparison runs every flow on the same path in both simulators
 * and what differs is the simulators, not the hash draws. NetBench hashes (source, destination,
 * flow id) with Bob Jenkins' 32-bit integer hash, mixes in the switch id and takes the result
 * modulo the number of next hops, in the order its topology file lists them ({@code
 * ext/basic/TcpHeader} and {@code ext/ecmp/EcmpSwitch}). Node ids are translated to NetBench's for
 * its k=4 fat-tree extended with 2 servers per ToR: E(i) is i, A(i) 8 + i, C(i) 16 + i, S(i) 20 +
 * i; the port orders of {@code FatTreeFabric} are those of the topology file.
 */
final class NetBenchEcmp implements PathSelector {
  private final Packets pk;
  private final int[] netbenchId; // our node id -> NetBench's
  // The flow part of the hash, per connection and direction (slot 2c: from the lower node id), plus
  // one; 0 until first needed. It is the same for every packet of a flow: only the switch id mixed
  // in last differs from hop to hop.
  private int[] flowHash = new int[64];

  NetBenchEcmp(Network net) {
    this.pk = net.packets();
    netbenchId = new int[net.nodes().size()];
    for (Node n : net.nodes()) {
      int i = Integer.parseInt(n.name().substring(1));
      netbenchId[n.id()] =
          switch (n.name().charAt(0)) {
            case 'E' -> i;
            case 'A' -> 8 + i;
            case 'C' -> 16 + i;
            case 'S' -> 20 + i;
            default -> throw new IllegalArgumentException("not a k=4 fat-tree node: " + n.name());
          };
    }
  }

  @Override
  public int select(PortGroup group, int p) {
    int h = hash(netbenchId[group.owner().id()] + absolute(flow(p)));
    return h % group.size();
  }

  private int flow(int p) {
    int src = pk.src(p);
    int dst = pk.dst(p);
    int slot = 2 * pk.conn(p) + (src < dst ? 0 : 1);
    if (slot >= flowHash.length) {
      flowHash = java.util.Arrays.copyOf(flowHash, Math.max(2 * flowHash.length, slot + 2));
    }
    int f = flowHash[slot];
    if (f == 0) {
      f = hash(netbenchId[src] + hash(netbenchId[dst] + hash(pk.conn(p)))) + 1;
      flowHash[slot] = f;
    }
    return f - 1;
  }

  /** Bob Jenkins' 32-bit integer hash, made non-negative, as NetBench has it. */
  static int hash(int a) {
    a = (a + 0x7ed55d16) + (a << 12);
    a = (a ^ 0xc761c23c) ^ (a >> 19);
    a = (a + 0x165667b1) + (a << 5);
    a = (a + 0xd3a2646c) ^ (a << 9);
    a = (a + 0xfd7046c5) + (a << 3);
    a = (a ^ 0xb55a4f09) ^ (a >> 16);
    return absolute(a);
  }

  private static int absolute(int x) {
    return x == Integer.MIN_VALUE ? Integer.MAX_VALUE : Math.abs(x);
  }
}
