package io.pikachu.netmodels.crossrss;

/**
 * The shape of the synthetic trace that stands in for the seed's campus trace (not public).
 * Connections arrive as a Poisson process; a connection's size in packets is bounded-Pareto
 * (heavy-tailed: most connections are small, most packets belong to a few large ones); it sends its
 * packets at a constant rate drawn log-uniformly, independent of its size. Each connection belongs
 * to a host pair (client and server address) drawn from a Zipf popularity, so that a few pairs
 * carry much of the traffic.
 *
 * <p>Rates are given at the reference load (the cluster's capacity). The trace at another load is
 * the same trace replayed faster or slower, as the seed varied its replay speed: arrivals and
 * per-connection rates scale together, so the number of connections in flight stays the same.
 *
 * @param sizeAlpha tail index of the connection sizes
 * @param minPackets smallest connection
 * @param maxPackets largest connection
 * @param minRatePps slowest connection at the reference load, packets per second
 * @param maxRatePps fastest connection at the reference load
 * @param hostPairs distinct (client, server address) pairs the connections come from
 * @param pairSkew Zipf exponent of the host pairs' popularity (0: all equally popular)
 * @param packetBytes mean packet size, only to express packet rates in Gbps
 */
public record TraceShape(
    double sizeAlpha,
    double minPackets,
    double maxPackets,
    double minRatePps,
    double maxRatePps,
    int hostPairs,
    double pairSkew,
    int packetBytes) {

  public TraceShape {
    if (!(sizeAlpha > 0) || sizeAlpha == 1) {
      throw new IllegalArgumentException(
          "size tail index must be positive and not 1: " + sizeAlpha);
    }
    if (!(minPackets >= 1 && maxPackets > minPackets)) {
      throw new IllegalArgumentException(
          "connection sizes need 1 <= min < max, got " + minPackets + ".." + maxPackets);
    }
    if (!(minRatePps > 0 && maxRatePps >= minRatePps)) {
      throw new IllegalArgumentException(
          "connection rates need 0 < min <= max, got " + minRatePps + ".." + maxRatePps);
    }
    if (hostPairs < 1) throw new IllegalArgumentException("need a host pair, got " + hostPairs);
    if (!(pairSkew >= 0)) throw new IllegalArgumentException("pair skew must be >= 0: " + pairSkew);
    if (packetBytes <= 0) {
      throw new IllegalArgumentException("packet size must be positive, got " + packetBytes);
    }
  }

  /** The trace of every experiment here; the docs give the reasons for each number. */
  public static TraceShape campusLike() {
    return new TraceShape(1.2, 400, 50_000, 250, 2_500, 2000, 1.0, 1000);
  }

  /** Mean connection size in packets (the bounded Pareto's mean). */
  public double meanPackets() {
    double a = sizeAlpha;
    double l = minPackets;
    double h = maxPackets;
    return Math.pow(l, a)
        / (1 - Math.pow(l / h, a))
        * a
        / (a - 1)
        * (Math.pow(l, 1 - a) - Math.pow(h, 1 - a));
  }

  /** A connection size from a uniform draw {@code u} in [0, 1) (inverse CDF). */
  double packets(double u) {
    double tail = 1 - Math.pow(minPackets / maxPackets, sizeAlpha);
    return minPackets * Math.exp(-Math.log(1 - u * tail) / sizeAlpha);
  }

  /** A rate at the reference load from a uniform draw {@code u} in [0, 1). */
  double ratePps(double u) {
    return minRatePps * Math.exp(u * Math.log(maxRatePps / minRatePps));
  }

  /** The host pairs' popularity (Zipf), most popular first, summing to 1. */
  double[] pairPopularity() {
    double[] p = new double[hostPairs];
    double sum = 0;
    for (int i = 0; i < hostPairs; i++) {
      p[i] = Math.pow(i + 1, -pairSkew);
      sum += p[i];
    }
    for (int i = 0; i < hostPairs; i++) p[i] /= sum;
    return p;
  }

  /** Mean number of a core's connections in flight when it is offered its capacity. */
  public double connectionsInFlightPerCore(double corePps) {
    double meanInverseRate =
        maxRatePps == minRatePps
            ? 1 / minRatePps
            : (1 / minRatePps - 1 / maxRatePps) / Math.log(maxRatePps / minRatePps);
    return corePps * meanInverseRate;
  }
}
