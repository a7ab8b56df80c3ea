package io.pikachu.netmodels.crossrss;

import java.util.Arrays;

/**
 * One policy at one load, over several runs with consecutive seeds: means, and the range of the
 * variances across runs (the seed plots the mean of its 10 runs). maxInFlight is the most
 * connections open at once in any run: what a stateful load balancer would have to remember.
 */
public record Summary(
    Policy policy,
    double load,
    int runs,
    double coreVariance,
    double coreVarianceMin,
    double coreVarianceMax,
    double serverVariance,
    double serverVarianceMin,
    double serverVarianceMax,
    double offeredGbps,
    double deliveredGbps,
    double dropShare,
    long connections,
    long brokenWithoutConsistency,
    long brokenWithCookie,
    int maxInFlight) {

  static Summary of(RunSpec base, Policy policy, double load, int runs, long seed) {
    if (runs < 1) throw new IllegalArgumentException("need at least one run, got " + runs);
    double[] core = new double[runs];
    double[] server = new double[runs];
    double offered = 0;
    double delivered = 0;
    double dropped = 0;
    double offeredPackets = 0;
    long connections = 0;
    long broken = 0;
    long brokenCookie = 0;
    int maxInFlight = 0;
    for (int r = 0; r < runs; r++) {
      CrossRssRun res = CrossRssSimulator.run(base.with(policy, load, seed + r));
      core[r] = res.coreVariance();
      server[r] = res.serverVariance();
      offered += res.offeredGbps();
      delivered += res.deliveredGbps();
      dropped += res.droppedPackets();
      offeredPackets += res.offeredPackets();
      connections += res.connections();
      broken += res.brokenWithoutConsistency();
      brokenCookie += res.brokenWithCookie();
      maxInFlight = Math.max(maxInFlight, res.maxInFlight());
    }
    return new Summary(
        policy,
        load,
        runs,
        mean(core),
        Arrays.stream(core).min().orElseThrow(),
        Arrays.stream(core).max().orElseThrow(),
        mean(server),
        Arrays.stream(server).min().orElseThrow(),
        Arrays.stream(server).max().orElseThrow(),
        offered / runs,
        delivered / runs,
        offeredPackets == 0 ? 0 : dropped / offeredPackets,
        connections,
        policy == Policy.CROSSRSS ? broken : -1,
        policy == Policy.CROSSRSS ? brokenCookie : -1,
        maxInFlight);
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElseThrow();
  }
}
