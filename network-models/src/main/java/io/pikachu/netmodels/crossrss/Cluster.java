package io.pikachu.netmodels.crossrss;

/**
 * The servers behind the load balancer and their cores.
 *
 * @param servers number of servers
 * @param cores cores per server
 * @param rssBuckets entries of each NIC's RSS indirection table, and of CrossRSS's table
 * @param queuePackets per-core software queue; packets that find it full are dropped
 * @param corePps packets per second one core serves (the inverse of the fixed per-packet cost)
 * @param reportNs interval of the per-core load reports and of CrossRSS's table rebuild
 * @param reportAlpha weight of the newest interval in the smoothed load (the seed's AWRR_ALPHA)
 * @param rssOnHostPair whether the NICs' RSS hashes only the addresses (as many NICs do by default
 *     for UDP) rather than the whole 5-tuple; CrossRSS's load balancer computes the same hash
 */
public record Cluster(
    int servers,
    int cores,
    int rssBuckets,
    int queuePackets,
    double corePps,
    long reportNs,
    double reportAlpha,
    boolean rssOnHostPair) {

  public Cluster {
    if (servers < 1) throw new IllegalArgumentException("need at least one server, got " + servers);
    if (cores < 1) throw new IllegalArgumentException("need at least one core, got " + cores);
    if (rssBuckets < 1 || Integer.bitCount(rssBuckets) != 1) {
      throw new IllegalArgumentException("RSS buckets must be a power of two, got " + rssBuckets);
    }
    if (queuePackets < 1) {
      throw new IllegalArgumentException("queue must hold a packet at least, got " + queuePackets);
    }
    if (!(corePps > 0)) throw new IllegalArgumentException("core rate must be positive");
    if (reportNs < 1_000_000) {
      throw new IllegalArgumentException("report interval under 1 ms: " + reportNs + " ns");
    }
    if (!(reportAlpha > 0 && reportAlpha <= 1)) {
      throw new IllegalArgumentException("report smoothing must be in (0, 1], got " + reportAlpha);
    }
    if (servers > ServerCookie.MAX_SERVERS) {
      throw new IllegalArgumentException(
          "at most " + ServerCookie.MAX_SERVERS + " servers (16-bit cookie), got " + servers);
    }
  }

  /**
   * The seed's experiment: 4 servers of 4 cores, 128 RSS buckets, 128-packet queues, 10 Hz reports
   * smoothed with weight 0.5. A core serves 250,000 packets per second (4 us per packet), so the 16
   * cores serve 32 Gbps of 1000-byte packets, where the seed's CrossRSS curve levels off.
   */
  public static Cluster seedSetup() {
    return new Cluster(4, 4, 128, 128, 250_000, 100_000_000L, 0.5, true);
  }

  public Cluster withSize(int servers, int cores) {
    return new Cluster(
        servers, cores, rssBuckets, queuePackets, corePps, reportNs, reportAlpha, rssOnHostPair);
  }

  public Cluster withRssOnHostPair(boolean onPair) {
    return new Cluster(
        servers, cores, rssBuckets, queuePackets, corePps, reportNs, reportAlpha, onPair);
  }

  public int totalCores() {
    return servers * cores;
  }

  public double capacityPps() {
    return totalCores() * corePps;
  }
}
