package io.pikachu.netmodels.net;

import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The nodes and links of one run, the packet pool, and network-wide counters. Build it by creating
 * nodes, {@link #connect connecting} them, then calling {@link #buildRoutes} once.
 */
public final class Network {
  /** Told of every packet a port drops. */
  public interface DropObserver {
    void onDrop(Port port, int packet);
  }

  private final Simulator sim;
  private final Packets packets = new Packets(1 << 14);
  private final List<Node> nodes = new ArrayList<>();
  private final List<Host> hosts = new ArrayList<>();
  private final List<Port> ports = new ArrayList<>();
  private DropObserver dropObserver;
  private long drops;
  private long unroutable;

  public Network(Simulator sim) {
    this.sim = sim;
  }

  public Simulator sim() {
    return sim;
  }

  public Packets packets() {
    return packets;
  }

  int register(Node n) {
    nodes.add(n);
    if (n instanceof Host h) hosts.add(h);
    return nodes.size() - 1;
  }

  public List<Node> nodes() {
    return nodes;
  }

  public Node node(int id) {
    return nodes.get(id);
  }

  public List<Host> hosts() {
    return hosts;
  }

  public List<Port> ports() {
    return ports;
  }

  public void setDropObserver(DropObserver o) {
    this.dropObserver = o;
  }

  void dropped(Port port, int packet) {
    drops++;
    if (dropObserver != null) dropObserver.onDrop(port, packet);
  }

  void unroutable(Node at, int packet) {
    unroutable++;
  }

  public long drops() {
    return drops;
  }

  public long unroutable() {
    return unroutable;
  }

  /** Packets delivered over any link so far (one per packet per hop). */
  public long packetHops() {
    long h = 0;
    for (Port p : ports) h += p.departures();
    return h;
  }

  /** A full-duplex link: one port in each direction with the same rate, delay and queue. */
  public Port[] connect(
      Node a, Node b, long rateBps, long delayPs, long maxQueueBytes, int maxQueuePackets) {
    return new Port[] {
      port(a, b, rateBps, delayPs, maxQueueBytes, maxQueuePackets),
      port(b, a, rateBps, delayPs, maxQueueBytes, maxQueuePackets)
    };
  }

  /** A one-way port from {@code from} to {@code to}. */
  public Port port(
      Node from, Node to, long rateBps, long delayPs, long maxQueueBytes, int maxQueuePackets) {
    Port p =
        new Port(
            this, from, to, from.ports().size(), rateBps, delayPs, maxQueueBytes, maxQueuePackets);
    from.addPort(p);
    ports.add(p);
    return p;
  }

  /**
   * Fills every router's table with shortest-path equal-cost port groups toward every host and
   * every {@link Router#addressable() addressable} router. Paths never pass through a host. With
   * {@code perDestination} each (router, destination) gets its own group and so its own
   * path-selection state, as ns-2's per-destination classifiers have; otherwise a router has one
   * group per distinct port set.
   */
  public void buildRoutes(boolean perDestination) {
    int n = nodes.size();
    int[] dist = new int[n];
    ArrayDeque<Node> queue = new ArrayDeque<>();
    List<Map<List<Port>, PortGroup>> shared = new ArrayList<>();
    for (int i = 0; i < n; i++) shared.add(new HashMap<>());
    List<Node> destinations = new ArrayList<>(hosts);
    for (Node u : nodes) if (u instanceof Router r && r.addressable()) destinations.add(u);
    for (Node dst : destinations) {
      Arrays.fill(dist, -1);
      dist[dst.id()] = 0;
      queue.add(dst);
      while (!queue.isEmpty()) {
        Node v = queue.poll();
        if (v != dst && !(v instanceof Router)) continue; // hosts do not forward
        for (Port in : incoming(v)) {
          Node u = in.owner();
          if (dist[u.id()] < 0) {
            dist[u.id()] = dist[v.id()] + 1;
            queue.add(u);
          }
        }
      }
      for (Node u : nodes) {
        if (!(u instanceof Router r) || dist[u.id()] <= 0) continue;
        List<Port> next = new ArrayList<>();
        for (Port p : u.ports()) {
          Node v = p.peer();
          boolean forwards = v == dst || v instanceof Router;
          if (forwards && dist[v.id()] == dist[u.id()] - 1) next.add(p);
        }
        PortGroup g =
            perDestination
                ? new PortGroup(u, next, dst.id())
                : shared.get(u.id()).computeIfAbsent(next, k -> new PortGroup(u, k, -1));
        r.setRoute(dst.id(), g);
      }
    }
  }

  private List<List<Port>> incomingCache;

  private List<Port> incoming(Node v) {
    if (incomingCache == null || incomingCache.size() != nodes.size()) {
      incomingCache = new ArrayList<>();
      for (int i = 0; i < nodes.size(); i++) incomingCache.add(new ArrayList<>());
      for (Port p : ports) incomingCache.get(p.peer().id()).add(p);
    }
    return incomingCache.get(v.id());
  }

  /** Every distinct port group of every router (each once), in node order. */
  public List<PortGroup> groups() {
    List<PortGroup> out = new ArrayList<>();
    java.util.Set<PortGroup> seen =
        java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (Node u : nodes) {
      if (!(u instanceof Router r)) continue;
      for (Host h : hosts) {
        PortGroup g = r.route(h.id());
        if (g != null && seen.add(g)) out.add(g);
      }
    }
    return out;
  }
}
