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
    if (bytes <= 0) throw new IllegalArgumentException("flow size must be positive: " + bytes);
    int conn = nextConn++;
    // Ports as a real stack would pick them, so that 5-tuple hashing sees distinct flows.
    int sport = 1024 + (conn % 64_000);
    int dport = 80;
    TcpSender s = new TcpSender(this, conn, src, dst.id(), sport, dport, bytes);
    src.register(conn, s);
    if (!cfg.handshake()) {
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
    receivers.put(r.conn(), r);
  }

  TcpReceiver receiver(int conn) {
    return receivers.get(conn);
  }

  /** Forgets a finished connection at both ends, so late duplicates are dropped. */
  void close(TcpSender s) {
    s.host().unregister(s.conn());
    TcpReceiver r = receivers.remove(s.conn());
    if (r != null) r.close();
  }
}
