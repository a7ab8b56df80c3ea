package io.pikachu.netmodels.crossrss;

/**
 * The cores of all servers as fluid queues: each core serves packets at a fixed rate (a fixed cost
 * per packet), holds at most {@code capacity} packets waiting and drops what does not fit. Arrival
 * rates change only when a connection starts or ends, so between two such events a core's queue
 * grows or drains linearly and {@link #advance} computes exactly what arrived, was served and was
 * dropped. Counters are cumulative; callers take differences.
 */
final class CoreQueues {
  private final double servicePps;
  private final double capacity;
  final long[] ratePps;
  private final double[] queue;
  private final long[] lastNs;
  final double[] arrived;
  final double[] served;
  final double[] dropped;

  CoreQueues(int cores, double servicePps, int capacityPackets) {
    this.servicePps = servicePps;
    this.capacity = capacityPackets;
    ratePps = new long[cores];
    queue = new double[cores];
    lastNs = new long[cores];
    arrived = new double[cores];
    served = new double[cores];
    dropped = new double[cores];
  }

  int size() {
    return ratePps.length;
  }

  /** Brings core {@code c} up to time {@code nowNs} at its current arrival rate. */
  void advance(int c, long nowNs) {
    long dtNs = nowNs - lastNs[c];
    if (dtNs <= 0) return;
    lastNs[c] = nowNs;
    double dt = dtNs * 1e-9;
    double in = ratePps[c] * dt;
    double work = servicePps * dt;
    double q = queue[c];
    double after = q + in - work;
    arrived[c] += in;
    if (after <= 0) { // the queue empties and the core idles for part of the interval
      served[c] += q + in;
      queue[c] = 0;
    } else if (after <= capacity) {
      served[c] += work;
      queue[c] = after;
    } else {
      served[c] += work;
      dropped[c] += after - capacity;
      queue[c] = capacity;
    }
  }

  void advanceAll(long nowNs) {
    for (int c = 0; c < ratePps.length; c++) advance(c, nowNs);
  }

  double queued(int c) {
    return queue[c];
  }
}
