package io.pikachu.netmodels.smux;

import io.pikachu.netmodels.assign.Assignment;
import io.pikachu.netmodels.assign.VipShape;
import io.pikachu.netmodels.topology.EcmpRouter;
import io.pikachu.netmodels.topology.FatTree;
import java.util.List;

/**
 * Link utilisation of the whole datacenter, before and after a failure (section 3.8.5, Fig. 3.19).
 * All VIP traffic is routed with per-hop ECMP on the surviving switches: HMux VIPs from their
 * sources to their HMux and on to their DIPs; SMux VIPs (left-over, and those whose HMux failed)
 * from their sources to every live SMux in equal parts and from there to their DIPs. SMuxes sit on
 * servers spread round-robin over containers.
 */
public final class FailureImpact {
  private final FatTree tree;
  private final List<VipShape> shapes;

  public FailureImpact(FatTree tree, List<VipShape> shapes) {
    this.tree = tree;
    this.shapes = List.copyOf(shapes);
  }

  /**
   * ToR of SMux i: round-robin over containers first, so a container failure takes out few of them.
   */
  public int smuxTor(int i) {
    int c = i % tree.containers();
    int r = (i / tree.containers()) % tree.torsPerContainer();
    return tree.tor(c, r);
  }

  public EcmpRouter.Loads loads(Assignment a, int smuxes, FailureScenario f) {
    if (smuxes < 1) throw new IllegalArgumentException("need at least one SMux, got " + smuxes);
    EcmpRouter router = new EcmpRouter(tree, f.failed());
    EcmpRouter.Demands d = new EcmpRouter.Demands(router.nodes());
    int[] liveSmuxTors =
        java.util.stream.IntStream.range(0, smuxes)
            .map(this::smuxTor)
            .filter(t -> !f.torDown(t))
            .toArray();
    if (liveSmuxTors.length == 0)
      throw new IllegalStateException("the failure " + f.name() + " took out every SMux");
    double[] toSmuxFrom = new double[router.nodes()];
    double[] fromSmuxTo = new double[router.nodes()];
    for (int v = 0; v < a.vips(); v++) {
      double g = a.gbps(v);
      if (g == 0) continue;
      VipShape s = shapes.get(v);
      double srcLost = s.lostSrcShare(f.failed());
      double arriving =
          g * (1 - srcLost); // traffic still sent; its share to dead DIPs is dropped at the end
      boolean viaSmux = !a.onHmux(v) || f.switchDown(a.hmuxOf(v)) || tipDown(a, v, f);
      int[] src = s.srcTors();
      double[] sf = s.srcFractions();
      int[] dst = s.dipTors();
      double[] df = s.dipFractions();
      if (viaSmux) {
        for (int i = 0; i < src.length; i++)
          if (!f.torDown(src[i])) toSmuxFrom[src[i]] += g * sf[i];
        toSmuxFrom[router.internet()] += g * (1 - s.internalFraction());
        for (int i = 0; i < dst.length; i++)
          if (!f.torDown(dst[i])) fromSmuxTo[dst[i]] += arriving * df[i];
      } else {
        int h = a.hmuxOf(v);
        for (int i = 0; i < src.length; i++) if (!f.torDown(src[i])) d.add(src[i], h, g * sf[i]);
        d.add(router.internet(), h, g * (1 - s.internalFraction()));
        for (int i = 0; i < dst.length; i++)
          if (!f.torDown(dst[i])) d.add(h, dst[i], arriving * df[i]);
      }
    }
    for (int t : liveSmuxTors) {
      for (int u = 0; u < router.nodes(); u++) {
        if (toSmuxFrom[u] > 0) d.add(u, t, toSmuxFrom[u] / liveSmuxTors.length);
        if (fromSmuxTo[u] > 0) d.add(t, u, fromSmuxTo[u] / liveSmuxTors.length);
      }
    }
    return router.route(d);
  }

  private static boolean tipDown(Assignment a, int v, FailureScenario f) {
    for (int t : a.tipSwitchesOf(v)) if (f.switchDown(t)) return true;
    return false;
  }

  /**
   * Largest rise of any single link's utilisation (against full bandwidth) from {@code before} to
   * {@code after}.
   */
  public double maxLinkIncrease(EcmpRouter.Loads before, EcmpRouter.Loads after) {
    double worst = Double.NEGATIVE_INFINITY;
    for (int l = 0; l < tree.links(); l++) {
      worst = Math.max(worst, (after.gbps()[l] - before.gbps()[l]) / tree.capacityGbps(l));
    }
    return worst;
  }
}
