package io.pikachu.netmodels.net;

/**
 * A node that forwards packets toward their destination host through per-destination groups of
 * equal-cost ports ({@link Network#buildRoutes}). Subclasses decide what happens on arrival: a
 * {@link Switch} forwards everything; a load balancer node would rewrite the destination of some
 * packets first and then call {@link #forward(int)}.
 */
public abstract class Router extends Node {
  private PortGroup[] routes = new PortGroup[0];
  private final Packets pk;

  protected Router(Network net, String name) {
    super(net, name);
    this.pk = net.packets();
  }

  void setRoute(int destination, PortGroup group) {
    if (destination >= routes.length) {
      routes = java.util.Arrays.copyOf(routes, Math.max(destination + 1, 2 * routes.length));
    }
    routes[destination] = group;
  }

  /**
   * Whether other nodes may address packets to this one (a load balancer's virtual address), so
   * that {@link Network#buildRoutes} computes routes toward it as toward a host.
   */
  public boolean addressable() {
    return false;
  }

  /** The group toward a destination node, or null when it is unreachable. */
  public PortGroup route(int destination) {
    return destination < routes.length ? routes[destination] : null;
  }

  /** Sends a packet on toward its destination, or frees it when there is no route. */
  protected final void forward(int packet) {
    int dst = pk.dst(packet);
    PortGroup g = dst < routes.length ? routes[dst] : null;
    if (g == null) {
      network().unroutable(this, packet);
      pk.free(packet);
      return;
    }
    g.choose(packet).enqueue(packet);
  }
}
