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
 * A two-tier leaf-spine: every leaf connects to every spine. Links are full duplex,
 * store-and-forward, with a drop-tail queue at each end.
 *
 * @param hostLinkDelayPs propagation delay of a host-leaf link
 * @param fabricLinkDelayPs propagation delay of a leaf-spine link
 * @param queueBytes drop when the waiting bytes plus the arriving packet would exceed this
 * @param queuePackets drop when this many packets are already waiting
 */
public record LeafSpine(
    int leaves,
    int spines,
    int hostsPerLeaf,
    long hostRateBps,
    long fabricRateBps,
    long hostLinkDelayPs,
    long fabricLinkDelayPs,
    long queueBytes,
    int queuePackets)
    implements Topology {

  public LeafSpine {
    if (leaves < 1 || spines < 1 || hostsPerLeaf < 1) {
      throw new IllegalArgumentException("leaves, spines and hosts per leaf must be >= 1");
    }
  }

  /**
   * Seed 002's topology as its scripts build it: 8 leaves, 4 spines, 10 hosts per leaf, 10 Gbps
   * host links, {@code uplinkGbps} leaf-spine links (20 from the scripts' UCap formula, 40 in the
   * thesis text), 0.2 us per link plus 20 us on host links, and 50-packet queues counted in bytes
   * as ns-2's DropTail with {@code queue_in_bytes} does (75,000 bytes; a packet is dropped when the
   * queue would reach that, so 49 full-size packets fit).
   */
  public static LeafSpine drill(int uplinkGbps) {
    return new LeafSpine(
        8,
        4,
        10,
        10_000_000_000L,
        uplinkGbps * 1_000_000_000L,
        20_200_000L,
        200_000L,
        75_000 - 1,
        Integer.MAX_VALUE);
  }

  /** The same fabric with fewer leaves and hosts (same rates, delays, queues, oversubscription). */
  public LeafSpine scaled(int leafCount, int spineCount, int hostsEach) {
    long perLeafUp = fabricRateBps * spines / hostsPerLeaf; // uplink capacity per host
    long rate = perLeafUp * hostsEach / spineCount;
    return new LeafSpine(
        leafCount,
        spineCount,
        hostsEach,
        hostRateBps,
        rate,
        hostLinkDelayPs,
        fabricLinkDelayPs,
        queueBytes,
        queuePackets);
  }

  /** Host bandwidth over leaf uplink bandwidth. */
  public double oversubscription() {
    return (double) hostsPerLeaf * hostRateBps / ((double) spines * fabricRateBps);
  }

  public Fabric build(Network net) {
    List<Host> hosts = new ArrayList<>();
    List<Switch> leafSw = new ArrayList<>();
    List<Switch> spineSw = new ArrayList<>();
    for (int s = 0; s < spines; s++) spineSw.add(new Switch(net, "spine" + s));
    List<List<Port>> up = new ArrayList<>();
    List<List<Port>> down = new ArrayList<>();
    for (int s = 0; s < spines; s++) down.add(new ArrayList<>());
    for (int l = 0; l < leaves; l++) {
      Switch leaf = new Switch(net, "leaf" + l);
      leafSw.add(leaf);
      for (int h = 0; h < hostsPerLeaf; h++) {
        Host host = new Host(net, "h" + (l * hostsPerLeaf + h));
        hosts.add(host);
        net.connect(host, leaf, hostRateBps, hostLinkDelayPs, queueBytes, queuePackets);
      }
      List<Port> ups = new ArrayList<>();
      for (int s = 0; s < spines; s++) {
        Port[] pair =
            net.connect(
                leaf, spineSw.get(s), fabricRateBps, fabricLinkDelayPs, queueBytes, queuePackets);
        ups.add(pair[0]);
        down.get(s).add(pair[1]);
      }
      up.add(ups);
    }
    List<Switch> all = new ArrayList<>(leafSw);
    all.addAll(spineSw);
    String d =
        String.format(
            Locale.ROOT,
            "leaf-spine %d leaves x %d spines x %d hosts, hosts %.0f Gbps, uplinks %.0f Gbps"
                + " (oversubscription %.2f), links %.1f us (host links %.1f us)",
            leaves,
            spines,
            hostsPerLeaf,
            hostRateBps / 1e9,
            fabricRateBps / 1e9,
            oversubscription(),
            fabricLinkDelayPs / (double) Simulator.PS_PER_US,
            hostLinkDelayPs / (double) Simulator.PS_PER_US);
    return new Fabric(net, hosts, all, up, down, d);
  }
}
