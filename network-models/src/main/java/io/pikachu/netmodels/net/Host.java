package io.pikachu.netmodels.net;

/**
 * An end host with one network interface (its first port). Arriving packets go to the endpoint
 * registered for their connection; a SYN for an unknown connection goes to the host's {@link
 * Listener}; anything else (a late duplicate for a closed connection) is freed.
 */
public final class Host extends Node {
  private final IntMap<Endpoint> endpoints = new IntMap<>();
  private Listener listener;
  private long unmatched;

  public Host(Network net, String name) {
    super(net, name);
  }

  public Port nic() {
    return ports().get(0);
  }

  public void setListener(Listener l) {
    this.listener = l;
  }

  public Listener listener() {
    return listener;
  }

  public void register(int conn, Endpoint e) {
    endpoints.put(conn, e);
  }

  public void unregister(int conn) {
    endpoints.remove(conn);
  }

  public Endpoint endpoint(int conn) {
    return endpoints.get(conn);
  }

  /** Packets that found no endpoint and no listener willing to take them. */
  public long unmatched() {
    return unmatched;
  }

  /** Sends a packet out of the interface (it may be dropped there if the NIC queue is full). */
  public void send(int packet) {
    nic().enqueue(packet);
  }

  @Override
  public void receive(int packet, Port from) {
    Packets pk = network().packets();
    Endpoint e = endpoints.get(pk.conn(packet));
    if (e == null
        && listener != null
        && pk.has(packet, Packets.SYN)
        && !pk.has(packet, Packets.ACK)) {
      e = listener.onSyn(this, packet);
    }
    if (e == null) {
      unmatched++;
      pk.free(packet);
      return;
    }
    e.receive(packet);
  }
}
