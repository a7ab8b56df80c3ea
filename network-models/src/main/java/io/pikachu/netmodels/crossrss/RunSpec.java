package io.pikachu.netmodels.crossrss;

/**
 * One simulated run.
 *
 * @param load offered load as a fraction of the cluster's capacity
 * @param warmupSeconds simulated time before the first measured window (fills the cluster with
 *     connections in flight)
 * @param windows measured 1-second windows
 */
public record RunSpec(
    Cluster cluster,
    TraceShape trace,
    Policy policy,
    double load,
    double warmupSeconds,
    int windows,
    long seed) {

  public RunSpec {
    if (!(load > 0)) throw new IllegalArgumentException("offered load must be positive: " + load);
    if (!(warmupSeconds >= 0) || warmupSeconds != Math.floor(warmupSeconds)) {
      throw new IllegalArgumentException("warm-up must be whole seconds, got " + warmupSeconds);
    }
    if (windows < 1) throw new IllegalArgumentException("need a measured window, got " + windows);
    if (warmupSeconds + windows > MAX_SECONDS) { // the simulator counts 0.1 ms ticks in an int
      throw new IllegalArgumentException(
          "at most " + MAX_SECONDS + " simulated seconds, got " + (warmupSeconds + windows));
    }
  }

  public static final int MAX_SECONDS = 200_000;

  public RunSpec with(Policy p, double newLoad, long newSeed) {
    return new RunSpec(cluster, trace, p, newLoad, warmupSeconds, windows, newSeed);
  }

  public double offeredGbps() {
    return load * cluster.capacityPps() * trace.packetBytes() * 8 / 1e9;
  }
}
