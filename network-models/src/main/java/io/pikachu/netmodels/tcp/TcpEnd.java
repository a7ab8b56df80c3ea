package io.pikachu.netmodels.tcp;

import io.pikachu.netmodels.net.Endpoint;
import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.sim.Simulator;

/** What both ends of a connection have: its identity, and the way they send packets. */
abstract class TcpEnd implements Endpoint {
  protected final TcpStack stack;
  protected final TcpConfig cfg;
  protected final Simulator sim;
  protected final Packets pk;
  protected final int conn;
  protected final Host host;
  protected final int peer;
  protected final int sport;
  protected final int dport;

  TcpEnd(TcpStack stack, int conn, Host host, int peer, int sport, int dport) {
    this.stack = stack;
    this.cfg = stack.config();
    this.sim = host.network().sim();
    this.pk = host.network().packets();
    this.conn = conn;
    this.host = host;
    this.peer = peer;
    this.sport = sport;
    this.dport = dport;
  }

  /**
   * A new packet of this connection toward the peer: header only, time-stamped now and echoing
   * {@code ecr}. The caller sets what else it carries and sends it with {@link #send(int)}.
   */
  protected final int packet(int flags, long ecr) {
    int p = pk.allocate();
    pk.header(p, conn, flags, host.id(), peer, sport, dport);
    pk.setBytes(p, cfg.headerBytes());
    pk.setTimestamps(p, timestamp(), ecr);
    return p;
  }

  /** The timestamp value this end puts on its packets (TSval): the clock, unless overridden. */
  protected long timestamp() {
    return sim.now();
  }

  protected final void send(int p) {
    host.send(p);
  }

  public final int conn() {
    return conn;
  }

  public final Host host() {
    return host;
  }

  /** Node id of the host at the other end. */
  public final int peer() {
    return peer;
  }
}
