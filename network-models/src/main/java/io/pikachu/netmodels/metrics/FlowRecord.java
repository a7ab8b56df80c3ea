package io.pikachu.netmodels.metrics;

/**
 * One flow: times in ps, {@code src} and {@code dst} as host indices. Out of order are the
 * receiver's late packets (a lower sequence number than one already received, retransmissions
 * excluded: network reordering), counted and in wire bytes; ahead of order are those that arrived
 * beyond a hole. A flow still running when the run ended (or that gave up on its handshake) is
 * {@code finished == false}: its {@code endPs} is the run's end and {@code ackedBytes} what was
 * acknowledged by then, so its "FCT" is a lower bound.
 */
public record FlowRecord(
    int id,
    int src,
    int dst,
    long bytes,
    long startPs,
    long endPs,
    long dataPackets,
    long outOfOrder,
    long outOfOrderBytes,
    long aheadOfOrder,
    long retransmits,
    long timeouts,
    boolean finished,
    long ackedBytes) {
  public long fctPs() {
    return endPs - startPs;
  }

  /** Goodput over the flow's lifetime, bits per second. */
  public double throughputBps() {
    return bytes * 8.0 / (fctPs() / 1e12);
  }
}
