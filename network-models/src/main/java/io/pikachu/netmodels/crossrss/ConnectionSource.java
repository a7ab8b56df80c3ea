package io.pikachu.netmodels.crossrss;

import io.pikachu.netmodels.maglev.FiveTuple;
import java.util.SplittableRandom;

/**
 * Streams the synthetic trace's connections in arrival order, so that a run never holds more than
 * the connections in flight. For a given seed the draws are the same at every load (only the time
 * scale changes), so experiments that compare loads or policies see the same connections.
 */
final class ConnectionSource {
  private final SplittableRandom random;
  private final TraceShape shape;
  private final AliasTable pairs;
  private final double arrivalsPerSecond;
  private final double load;
  private double clockSeconds;

  /** Arrival time of the current connection, ns from the start of the run. */
  long arrivalNs;

  /** The connection's 5-tuple hash, which the load balancer hashes on. */
  long key;

  /** Hash of the connection's host pair (what a NIC hashing only addresses sees). */
  long pairKey;

  double packets;
  long ratePps;

  /**
   * @param load offered load as a fraction of the cluster's capacity
   * @param capacityPps packets per second that all the cluster's cores can serve
   */
  ConnectionSource(TraceShape shape, double load, double capacityPps, long seed) {
    if (!(load > 0)) {
      throw new IllegalArgumentException("offered load must be positive, got " + load);
    }
    this.random = new SplittableRandom(seed);
    this.shape = shape;
    this.pairs = new AliasTable(shape.pairPopularity());
    this.load = load;
    this.arrivalsPerSecond = load * capacityPps / shape.meanPackets();
    next();
  }

  /** Moves on to the next connection. Always five draws, whatever the load. */
  void next() {
    clockSeconds += -Math.log(1 - random.nextDouble()) / arrivalsPerSecond;
    arrivalNs = (long) (clockSeconds * 1e9);
    packets = shape.packets(random.nextDouble());
    ratePps = Math.max(1, Math.round(shape.ratePps(random.nextDouble()) * load));
    key = random.nextLong();
    pairKey = FiveTuple.fmix64(pairs.sample(random.nextDouble()) + 0x9a1e_0000_0000L);
  }
}
