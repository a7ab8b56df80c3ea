package io.pikachu.netmodels.metrics;

/**
 * One finished flow: times in ps, {@code src} and {@code dst} as host indices. The out-of-order
 * count is the receiver's (network reordering, retransmissions excluded).
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
    long retransmits,
    long timeouts) {
  public long fctPs() {
    return endPs - startPs;
  }

  /** Goodput over the flow's lifetime, bits per second. */
  public double throughputBps() {
    return bytes * 8.0 / (fctPs() / 1e12);
  }
}
