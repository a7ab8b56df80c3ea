package io.pikachu.netmodels.net;

import java.util.ArrayList;
import java.util.List;

/**
 * A node of the network: a host, a switch, or any other packet processor (a load balancer that
 * rewrites destinations, say). A node owns its output ports and is handed every packet that arrives
 * at it, with the port it came through; it must either forward the packet (enqueue it on one of its
 * ports), consume it, or free it.
 */
public abstract class Node {
  private final Network net;
  private final int id;
  private final String name;
  private final List<Port> ports = new ArrayList<>();

  protected Node(Network net, String name) {
    this.net = net;
    this.name = name;
    this.id = net.register(this);
  }

  public final int id() {
    return id;
  }

  public final String name() {
    return name;
  }

  public final Network network() {
    return net;
  }

  public final List<Port> ports() {
    return ports;
  }

  final void addPort(Port p) {
    ports.add(p);
  }

  /** A packet has arrived through {@code from} (a port of the upstream node). */
  public abstract void receive(int packet, Port from);

  @Override
  public String toString() {
    return name;
  }
}
