package io.pikachu.netmodels.net;

import java.util.List;

/**
 * The equal-cost output ports a node may use toward some destinations, and the rule that picks one
 * per packet. Nodes share one group among all destinations reached through the same ports
 * (switch-level state, as the DRILL thesis describes its classifier) unless the network is built
 * with one group per destination (ns-2's per-destination multipath classifiers).
 */
public final class PortGroup {
  private final Node owner;
  private final Port[] ports;
  private final int destination; // the one destination this group serves, or -1 if shared
  private PathSelector selector;

  PortGroup(Node owner, List<Port> ports, int destination) {
    this.owner = owner;
    this.ports = ports.toArray(new Port[0]);
    this.destination = destination;
  }

  public Node owner() {
    return owner;
  }

  public int size() {
    return ports.length;
  }

  public Port port(int i) {
    return ports[i];
  }

  /** Index of the port whose peer is {@code node}, or -1. */
  public int indexOfPeer(int node) {
    for (int i = 0; i < ports.length; i++) if (ports[i].peer().id() == node) return i;
    return -1;
  }

  /** The destination this group was built for, or -1 when shared by all that use these ports. */
  public int destination() {
    return destination;
  }

  public PathSelector selector() {
    return selector;
  }

  public void setSelector(PathSelector s) {
    this.selector = s;
  }

  /** The port for this packet. */
  public Port choose(int packet) {
    return ports.length == 1 ? ports[0] : ports[selector.select(this, packet)];
  }
}
