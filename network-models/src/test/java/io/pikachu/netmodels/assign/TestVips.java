package io.pikachu.netmodels.assign;

import io.pikachu.netmodels.topology.FatTree;
import io.pikachu.netmodels.workload.PortGroup;
import io.pikachu.netmodels.workload.Vip;
import java.util.List;
import java.util.Random;

/** Hand-made VIPs for unit tests. */
final class TestVips {
  private TestVips() {}

  static Vip random(int id, FatTree tree, Random rnd, int sources, int dips) {
    int[] src = rnd.ints(0, tree.tors()).distinct().limit(sources).toArray();
    double[] shares = new double[src.length];
    double sum = 0;
    for (int i = 0; i < shares.length; i++) sum += shares[i] = 0.2 + rnd.nextDouble();
    for (int i = 0; i < shares.length; i++) shares[i] /= sum;
    int[] servers = rnd.ints(0, tree.servers()).distinct().limit(dips).sorted().toArray();
    double[] w = new double[servers.length];
    for (int i = 0; i < w.length; i++) w[i] = rnd.nextBoolean() ? 1 : 2;
    return new Vip(
        id, src, shares, 0.4 + 0.6 * rnd.nextDouble(), List.of(new PortGroup(0, 1.0, servers, w)));
  }
}
