package io.pikachu.netmodels.crossrss;

/**
 * The cores of all servers as fluid queues: each core serves packets at a fixed rate (a fixed cost
 * per packet), holds at most {@code capacity} packets waiting and drops what does not fit. Arrival
 * rates change only when a connection starts or ends, so between two such events a core's queue
 * grows or drains linearly and {@link #advance} computes exactly what arrived, was served and was
 * dropped. Counters are cumulative; callers take differences. A core's state sits in one cache
 * line, since at 32,000 cores every connection start and end touches a random one.
 */
final class CoreQueues {
  private static final int STRIDE = 8;
  private static final int RATE = 0; // packets per second, a sum of integers (exact in a double)
  private static final int QUEUE = 1;
  private static final int LAST_NS = 2;
  private static final int ARRIVED = 3;
  private static final int SERVED = 4;
  private static final int DROPPED = 5;

  private final double servicePps;
  private final double capacity;
  private final double[] state;

  CoreQueues(int cores, double servicePps, int capacityPackets) {
    this.servicePps = servicePps;
    this.capacity = capacityPackets;
    this.state = new double[cores * STRIDE];
  }

  int size() {
    return state.length / STRIDE;
  }

  /** Brings core {@code c} up to time {@code nowNs} at its current arrival rate. */
  void advance(int c, long nowNs) {
    int o = c * STRIDE;
    double dtNs = nowNs - state[o + LAST_NS];
    if (dtNs <= 0) return;
    state[o + LAST_NS] = nowNs;
    double dt = dtNs * 1e-9;
    double in = state[o + RATE] * dt;
    double work = servicePps * dt;
    double q = state[o + QUEUE];
    double after = q + in - work;
    state[o + ARRIVED] += in;
    if (after <= 0) { // the queue empties and the core idles for part of the interval
      state[o + SERVED] += q + in;
      state[o + QUEUE] = 0;
    } else if (after <= capacity) {
      state[o + SERVED] += work;
      state[o + QUEUE] = after;
    } else {
      state[o + SERVED] += work;
      state[o + DROPPED] += after - capacity;
      state[o + QUEUE] = capacity;
    }
  }

  void advanceAll(long nowNs) {
    for (int c = 0; c < size(); c++) advance(c, nowNs);
  }

  /** Changes core {@code c}'s arrival rate from now on; advance it to now first. */
  void addRate(int c, long deltaPps) {
    state[c * STRIDE + RATE] += deltaPps;
  }

  double arrived(int c) {
    return state[c * STRIDE + ARRIVED];
  }

  double served(int c) {
    return state[c * STRIDE + SERVED];
  }

  double dropped(int c) {
    return state[c * STRIDE + DROPPED];
  }

  double queued(int c) {
    return state[c * STRIDE + QUEUE];
  }
}
