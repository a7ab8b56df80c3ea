package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.maglev.FiveTuple;
import io.pikachu.netmodels.net.Endpoint;
import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpReceiver;
import io.pikachu.netmodels.tcp.TcpServer;
import io.pikachu.netmodels.tcp.TcpStack;
import java.util.HashMap;
import java.util.Map;

/**
 * A server's listening socket: it drops a SYN while {@code backlog} connections are established and
 * not yet finished (Linux drops SYNs when the accept queue is full), and marks every packet it
 * sends with the prime that tells the balancers where the connection lives.
 */
final class Backend extends TcpServer {
  private final int index;
  private final Policy policy;
  private final Connections connections;
  private final java.util.BitSet finished;
  private final Map<Integer, Integer> markOfConn = new HashMap<>();
  private long late;
  private long won;
  private long lost;

  /**
   * @param finished connections the client has closed: a SYN of one of them, reaching this server
   *     late, is answered as the client's RST would answer its SYN-ACK, by forgetting it
   */
  Backend(
      TcpStack stack,
      int index,
      Policy policy,
      Connections connections,
      java.util.BitSet finished) {
    // Half-open connections are capped by Linux's SYN queue default (tcp_max_syn_backlog):
    // TAALK's losers sit there until the connection ends (or their retries do).
    super(stack, 1024);
    this.index = index;
    this.policy = policy;
    this.connections = connections;
    this.finished = finished;
  }

  @Override
  public Endpoint onSyn(Host host, int packet) {
    if (finished.get(host.network().packets().conn(packet))) {
      late++;
      return null;
    }
    FiveTuple t = connections.tuple(host.network().packets(), packet);
    int mark = connections.markOf(t, index, policy);
    Endpoint e = super.onSyn(host, packet);
    if (e != null) markOfConn.put(host.network().packets().conn(packet), Math.max(mark, 0));
    return e;
  }

  @Override
  protected long timestamp(TcpReceiver r, long now) {
    return connections.marks().mark(now / Simulator.PS_PER_MS, markOfConn.get(r.conn()));
  }

  @Override
  protected void onEstablished(TcpReceiver r) {
    won++;
  }

  @Override
  protected void onAbandoned(TcpReceiver r) {
    lost++;
  }

  @Override
  protected void onClosed(TcpReceiver r) {
    markOfConn.remove(r.conn());
  }

  /** SYNs that reached the server after their connection had ended elsewhere. */
  long lateSyns() {
    return late;
  }

  /** Connections whose handshake completed here. */
  long won() {
    return won;
  }

  /** Half-open connections given up (TAALK's losers, when the flow ends or retries run out). */
  long lost() {
    return lost;
  }
}
