package io.pikachu.netmodels.tcp;

import io.pikachu.netmodels.net.Endpoint;
import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Listener;
import io.pikachu.netmodels.net.Packets;

/**
 * A server socket: accepts every SYN while fewer than {@code backlog} connections are half open
 * (SYN received, handshake not finished), and drops it otherwise, as a full SYN queue does. The
 * receiver it creates answers with a SYN-ACK and retransmits it with back-off.
 *
 * <p>A server application of finite capacity extends this class: it can refuse connections in
 * {@link #onSyn}, and it hears of every established connection, every data segment delivered in
 * order, and every connection that ends or is abandoned half open.
 */
public class TcpServer implements Listener {
  private final TcpStack stack;
  private final int backlog;
  private int halfOpen;
  private long refused;

  public TcpServer(TcpStack stack, int backlog) {
    if (backlog < 0) throw new IllegalArgumentException("backlog must be >= 0");
    this.stack = stack;
    this.backlog = backlog;
  }

  @Override
  public Endpoint onSyn(Host host, int packet) {
    if (halfOpen >= backlog) {
      refused++;
      return null;
    }
    Packets pk = host.network().packets();
    int conn = pk.conn(packet);
    TcpReceiver r =
        new TcpReceiver(
            stack, conn, host, pk.src(packet), pk.dstPort(packet), pk.srcPort(packet), true, this);
    host.register(conn, r);
    stack.accepted(r);
    halfOpen++;
    return r;
  }

  /** A half-open connection completed its handshake or was abandoned. */
  final void leftHalfOpen(TcpReceiver r, boolean established) {
    halfOpen--;
    if (established) onEstablished(r);
    else onAbandoned(r);
  }

  /**
   * The TCP timestamp (TSval) the server's packets carry; the client echoes it. A server that marks
   * its connections for a balancer (TAALK's multiples of a prime) overrides this.
   */
  protected long timestamp(TcpReceiver r, long now) {
    return now;
  }

  /** The handshake of {@code r} completed. */
  protected void onEstablished(TcpReceiver r) {}

  /** {@code r} gave its half-open connection up after its last SYN-ACK retry. */
  protected void onAbandoned(TcpReceiver r) {}

  /** {@code segments} more segments of {@code r}'s flow arrived in order. */
  protected void onData(TcpReceiver r, int segments) {}

  /** The flow of {@code r} ended (its sender had every byte acknowledged). */
  protected void onClosed(TcpReceiver r) {}

  public int halfOpen() {
    return halfOpen;
  }

  /** SYNs dropped because the backlog was full. */
  public long refused() {
    return refused;
  }
}
