package io.pikachu.netmodels.crossrss;

/**
 * What one run measured over its measured windows.
 *
 * @param coreVariance variance of every window's per-core served packets divided by that window's
 *     mean, pooled over the windows (the seed's metric, as a fraction: 0.01 is 1%)
 * @param serverVariance the same for the packets arriving at each server
 * @param brokenWithoutConsistency connections that a table rewrite sent to another server while
 *     they were open (broken, had the load balancer routed every packet by its table); -1 where the
 *     policy has no table (RR and Pow2 need per-connection state, hashing never moves)
 * @param brokenWithCookie the same with the server cookie routing every packet after the first
 * @param maxInFlight most connections open at once (what a stateful load balancer must remember)
 */
public record CrossRssRun(
    RunSpec spec,
    double coreVariance,
    double serverVariance,
    double offeredPackets,
    double deliveredPackets,
    double droppedPackets,
    long connections,
    long brokenWithoutConsistency,
    long brokenWithCookie,
    long tableEntriesRewritten,
    int maxInFlight) {

  private double gbps(double packets) {
    return packets * spec.trace().packetBytes() * 8 / 1e9 / spec.windows();
  }

  public double offeredGbps() {
    return gbps(offeredPackets);
  }

  public double deliveredGbps() {
    return gbps(deliveredPackets);
  }

  public double dropShare() {
    return offeredPackets == 0 ? 0 : droppedPackets / offeredPackets;
  }
}
