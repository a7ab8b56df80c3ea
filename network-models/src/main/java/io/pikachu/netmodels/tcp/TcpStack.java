package io.pikachu.netmodels.tcp;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import java.util.HashMap;
import java.util.Map;

/**
 * The TCP of one run: its configuration, the connection numbering, and the servers listening on
 * every host. {@link #open} starts a flow now. By default every host runs an unlimited {@link
 * TcpServer}; give a host another server (a finite backlog, say) with {@link Host#setListener}.
 */
public final class TcpStack {
  private final Network net;
  private final TcpConfig cfg;
  private final FlowObserver observer;
  private final Map<Integer, TcpReceiver> receivers = new HashMap<>();
  // Further receivers of a connection whose SYN reached several servers (a balancer that
  // duplicates SYNs); they are closed with the flow.
  private final Map<Integer, java.util.List<TcpReceiver>> extraReceivers = new HashMap<>();
  private int nextConn;

  public TcpStack(Network net, TcpConfig cfg, FlowObserver observer) {
    this.net = net;
    this.cfg = cfg;
    this.observer = observer;
    for (Host h : net.hosts()) {
      if (h.listener() == null) h.setListener(new TcpServer(this, Integer.MAX_VALUE));
    }
  }

  public Network network() {
    return net;
  }

  public TcpConfig config() {
    return cfg;
  }

  FlowObserver observer() {
    return observer;
  }

  /** Connections opened so far (the next connection's number). */
  public int opened() {
    return nextConn;
  }

  /** Opens a connection from {@code src} to {@code dst} and starts sending {@code bytes} now. */
  public TcpSender open(Host src, Host dst, long bytes) {
    if (src == dst) throw new IllegalArgumentException("a flow needs two different hosts");
    return open(src, dst.id(), bytes);
  }

  /**
   * Opens a connection to any node, such as a load balancer's virtual address that forwards to a
   * server: without a handshake the destination must be a host (its receiver is set up at once);
   * with one, whichever host the SYN reaches accepts it.
   */
  public TcpSender open(Host src, int dstNode, long bytes) {
    if (bytes <= 0) throw new IllegalArgumentException("flow size must be positive: " + bytes);
    if (!cfg.handshake() && !(net.node(dstNode) instanceof Host)) {
      throw new IllegalArgumentException("without a handshake a flow must go to a host");
    }
    int conn = nextConn++;
    // Ports as a real stack would pick them, so that 5-tuple hashing sees distinct flows.
    int sport = 1024 + (conn % 64_000);
    int dport = 80;
    TcpSender s = new TcpSender(this, conn, src, dstNode, sport, dport, bytes);
    src.register(conn, s);
    if (!cfg.handshake()) {
      Host dst = (Host) net.node(dstNode);
      // No SYN will announce the connection: the receiver exists from the start.
      TcpReceiver r = new TcpReceiver(this, conn, dst, src.id(), dport, sport, false, null);
      dst.register(conn, r);
      receivers.put(conn, r);
    }
    observer.onStart(s);
    s.start();
    return s;
  }

  void accepted(TcpReceiver r) {
    if (receivers.putIfAbsent(r.conn(), r) != null) {
      extraReceivers.computeIfAbsent(r.conn(), c -> new java.util.ArrayList<>()).add(r);
    }
  }

  /** The receiver of an open connection, or null. */
  public TcpReceiver receiver(int conn) {
    return receivers.get(conn);
  }

  /** Forgets a finished connection at both ends, so late duplicates are dropped. */
  void close(TcpSender s) {
    s.host().unregister(s.conn());
    TcpReceiver r = receivers.remove(s.conn());
    if (r != null) r.close();
    java.util.List<TcpReceiver> more = extraReceivers.remove(s.conn());
    if (more != null) more.forEach(TcpReceiver::close);
  }
}
