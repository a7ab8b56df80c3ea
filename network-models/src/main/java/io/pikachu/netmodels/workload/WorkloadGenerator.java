package io.pikachu.netmodels.workload;

import io.pikachu.netmodels.topology.FatTree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;

/**
 * Seeded generator of a workload shaped like section 3.8.1: log-normal (heavily skewed) VIP
 * traffic, log-normal DIP counts with a floor that grows with the VIP's traffic, client racks drawn
 * at random, DIPs on random servers, and a trace whose per-VIP traffic drifts as an AR(1) process
 * in log space. The same seed gives the same workload.
 */
public final class WorkloadGenerator {
  private final FatTree tree;
  private final WorkloadSpec spec;

  public WorkloadGenerator(FatTree tree, WorkloadSpec spec) {
    this.tree = tree;
    this.spec = spec;
  }

  public Workload generate(long seed) {
    RandomGenerator rnd = new Well19937c(seed);
    int n = spec.vips();
    double[] base = new double[n];
    double sum = 0;
    for (int v = 0; v < n; v++) {
      base[v] = Math.exp(spec.trafficSigma() * rnd.nextGaussian());
      sum += base[v];
    }
    for (int v = 0; v < n; v++) base[v] /= sum;
    List<Vip> vips = new ArrayList<>(n);
    for (int v = 0; v < n; v++) vips.add(vip(v, base[v], rnd));
    return new Workload(tree, vips, trace(base, sum, vips, rnd));
  }

  private Vip vip(int id, double share, RandomGenerator rnd) {
    double refGbps = share * spec.referenceTotalGbps();
    double internal = clamp(spec.meanInternalFraction() + 0.3 * (2 * rnd.nextDouble() - 1), 0, 1);
    int sources =
        (int)
            Math.min(
                spec.maxSourceRacks(),
                Math.max(1, Math.ceil(refGbps * internal / spec.gbpsPerSourceRack()))
                    + rnd.nextInt(3));
    sources = Math.min(sources, tree.tors());
    int[] srcTors = distinct(sources, tree.tors(), rnd);
    double[] srcShares = new double[sources];
    double total = 0;
    for (int i = 0; i < sources; i++) {
      srcShares[i] =
          0.5 + rnd.nextDouble(); // clients of a service differ, but within a factor of 3
      total += srcShares[i];
    }
    for (int i = 0; i < sources; i++) srcShares[i] /= total;

    int dips = (int) Math.round(spec.dipMedian() * Math.exp(spec.dipSigma() * rnd.nextGaussian()));
    dips = (int) Math.max(Math.max(1, dips), Math.ceil(refGbps / spec.maxGbpsPerDip()));
    dips = Math.min(dips, tree.servers() / 2);
    boolean heterogeneous = rnd.nextDouble() < spec.heterogeneousFraction();
    List<PortGroup> ports = new ArrayList<>();
    if (dips >= 2 && rnd.nextDouble() < spec.portBasedFraction()) {
      int web = Math.max(1, (int) Math.round(dips * 0.8));
      int ftp = Math.max(1, dips - web);
      ports.add(group(80, 0.8, web, heterogeneous, rnd));
      ports.add(group(21, 0.2, ftp, heterogeneous, rnd));
    } else {
      ports.add(group(0, 1.0, dips, heterogeneous, rnd));
    }
    return new Vip(id, srcTors, srcShares, internal, ports);
  }

  private PortGroup group(
      int port, double share, int dips, boolean heterogeneous, RandomGenerator rnd) {
    int[] servers = distinct(dips, tree.servers(), rnd);
    Arrays.sort(servers); // keeps TIP partitions rack-local when a VIP needs them
    double[] weights = new double[dips];
    for (int i = 0; i < dips; i++) weights[i] = heterogeneous && rnd.nextBoolean() ? 2.0 : 1.0;
    return new PortGroup(port, share, servers, weights);
  }

  private TrafficTrace trace(double[] base, double baseScale, List<Vip> vips, RandomGenerator rnd) {
    int k = spec.intervals();
    int n = base.length;
    double[][] shares = new double[k][n];
    double[] deviation = new double[n];
    double[] level = base.clone();
    double[] totals = new double[k];
    for (int t = 0; t < k; t++) {
      double sum = 0;
      for (int v = 0; v < n; v++) {
        if (t > 0) {
          deviation[v] =
              spec.driftPersistence() * deviation[v] + spec.driftSigma() * rnd.nextGaussian();
          if (rnd.nextDouble() < spec.churnProbability()) {
            // A service does not outgrow its DIPs or its clients: the new level keeps the per-DIP
            // and
            // per-client-rack loads the generator gave every VIP.
            Vip vip = vips.get(v);
            double capGbps =
                Math.min(
                    vip.totalDips() * spec.maxGbpsPerDip(),
                    vip.srcTors().length
                        * spec.gbpsPerSourceRack()
                        / Math.max(0.1, vip.internalFraction()));
            double cap = capGbps / spec.referenceTotalGbps();
            level[v] =
                Math.min(cap, Math.exp(spec.trafficSigma() * rnd.nextGaussian()) / baseScale);
          }
        }
        shares[t][v] = level[v] * Math.exp(deviation[v]);
        sum += shares[t][v];
      }
      for (int v = 0; v < n; v++) shares[t][v] /= sum;
      double phase = k == 1 ? 0 : 2 * Math.PI * t / k;
      totals[t] =
          spec.traceMinGbps()
              + (spec.traceMaxGbps() - spec.traceMinGbps()) * (0.5 + 0.5 * Math.sin(phase));
    }
    return new TrafficTrace(shares, totals);
  }

  private static int[] distinct(int count, int range, RandomGenerator rnd) {
    if (count > range)
      throw new IllegalArgumentException("cannot draw " + count + " distinct of " + range);
    if (count * 4 > range) { // dense: partial Fisher-Yates
      int[] all = new int[range];
      for (int i = 0; i < range; i++) all[i] = i;
      for (int i = 0; i < count; i++) {
        int j = i + rnd.nextInt(range - i);
        int tmp = all[i];
        all[i] = all[j];
        all[j] = tmp;
      }
      return Arrays.copyOf(all, count);
    }
    java.util.HashSet<Integer> seen = new java.util.HashSet<>();
    int[] out = new int[count];
    int i = 0;
    while (i < count) {
      int x = rnd.nextInt(range);
      if (seen.add(x)) out[i++] = x;
    }
    return out;
  }

  private static double clamp(double x, double lo, double hi) {
    return Math.max(lo, Math.min(hi, x));
  }
}
