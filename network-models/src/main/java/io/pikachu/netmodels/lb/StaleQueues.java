package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.ArrivalObserver;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.PortGroup;
import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.Simulator;
import java.util.Arrays;

/**
 * A forwarding engine's stale copy of a group's queue lengths (DRILL thesis, section 4.4), kept up
 * to date by
 *
 * <ul>
 *   <li>periodic updates (PIU): every {@code interval} all entries are refreshed at once; the timer
 *       starts with the group's first packet, as the ns-2 classifier's does;
 *   <li>per-packet updates (PPU): a packet arriving from the far end of one of the group's ports
 *       refreshes that port's entry (the egress queue of the link it came in on);
 *   <li>both (CU).
 * </ul>
 *
 * <p>With a {@code packetPeriodPs} a packet refreshes its port's entry only if that entry has not
 * been refreshed by a packet in the last period: the per-packet updates of a switch whose
 * forwarding engines hear less often than every packet (the thesis's own estimate of its mechanism,
 * one refresh an entry every 2n packets). *
 *
 * <p>As the thesis describes it, the table is the switch's and every packet arriving at the switch
 * updates it ({@link #observer()}, installed on the switch). With {@code ns2Classifier} the table
 * belongs to one (switch, destination) classifier and only packets that classifier forwards update
 * it, as in the released ns-2 patch; in a two-tier leaf-spine those come from hosts, never from an
 * uplink's far end, so PPU then never updates.
 */
public final class StaleQueues implements QueueView, EventSource {
  private final Simulator sim;
  private final Packets pk;
  private final PortGroup group;
  private final int[] table;
  private final int[] indexOfPeer; // node id -> port index in the group, or -1
  private final long intervalPs; // 0: no periodic updates
  private final boolean perPacket;
  private final long packetPeriodPs; // 0: every packet refreshes
  private final long[] nextPacketUpdate; // per entry: no packet refreshes it before this time
  private final boolean ns2Classifier;
  private boolean started;
  private long refreshes;
  private long packetUpdates;

  public StaleQueues(
      Simulator sim,
      Packets pk,
      PortGroup group,
      int nodes,
      long intervalPs,
      boolean perPacket,
      long packetPeriodPs,
      boolean ns2Classifier) {
    if (intervalPs < 0) throw new IllegalArgumentException("update interval must not be negative");
    if (packetPeriodPs < 0) {
      throw new IllegalArgumentException("per-packet update period must not be negative");
    }
    if (intervalPs == 0 && !perPacket) {
      throw new IllegalArgumentException("a stale table needs periodic or per-packet updates");
    }
    this.sim = sim;
    this.pk = pk;
    this.group = group;
    this.table = new int[group.size()];
    this.indexOfPeer = new int[nodes];
    Arrays.fill(indexOfPeer, -1);
    for (int i = 0; i < group.size(); i++) indexOfPeer[group.port(i).peer().id()] = i;
    this.intervalPs = intervalPs;
    this.perPacket = perPacket;
    this.packetPeriodPs = packetPeriodPs;
    this.nextPacketUpdate = packetPeriodPs > 0 ? new long[group.size()] : null;
    this.ns2Classifier = ns2Classifier;
  }

  @Override
  public void prepare(PortGroup g, int p) {
    if (!started && intervalPs > 0) {
      started = true;
      onEvent(0);
    }
    if (ns2Classifier && perPacket) {
      int from = pk.lastHop(p);
      if (from >= 0) update(indexOfPeer[from]);
    }
  }

  @Override
  public int queue(PortGroup g, int i, int packet) {
    return table[i];
  }

  /** Periodic refresh of every entry. */
  @Override
  public void onEvent(int tag) {
    for (int i = 0; i < table.length; i++) table[i] = group.port(i).queueLength();
    refreshes++;
    sim.scheduleIn(intervalPs, this, 0);
  }

  private void update(int i) {
    if (i < 0) return;
    if (nextPacketUpdate != null) {
      long now = sim.now();
      if (now < nextPacketUpdate[i]) return;
      nextPacketUpdate[i] = now + packetPeriodPs;
    }
    table[i] = group.port(i).queueLength();
    packetUpdates++;
  }

  /**
   * The switch-level per-packet update: install on the group's switch when per-packet updates are
   * on and the table is the switch's (not ns-2's per-destination classifier).
   */
  public ArrivalObserver observer() {
    return (int packet, Port from) -> update(indexOfPeer[from.owner().id()]);
  }

  public boolean perPacketAtSwitch() {
    return perPacket && !ns2Classifier;
  }

  public long refreshes() {
    return refreshes;
  }

  public long packetUpdates() {
    return packetUpdates;
  }
}
