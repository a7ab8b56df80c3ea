package io.pikachu.netmodels.assign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pikachu.netmodels.topology.EcmpRouter;
import io.pikachu.netmodels.topology.FatTree;
import java.util.BitSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The closed-form link loads must equal generic per-hop ECMP routing for every candidate switch.
 */
class LoadModelTest {
  private final FatTree tree = new FatTree(3, 4, 2, 4, 5, 10, 40);
  private final SwitchTables tables = SwitchTables.paper();

  @Test
  void closedFormLoadsMatchEcmpRoutingOnEveryCandidate() {
    Random rnd = new Random(7);
    EcmpRouter router = new EcmpRouter(tree, new BitSet());
    for (int trial = 0; trial < 20; trial++) {
      VipShape v =
          new VipShape(
              TestVips.random(0, tree, rnd, 1 + rnd.nextInt(6), 1 + rnd.nextInt(12)), tree, tables);
      double gbps = 1 + 9 * rnd.nextDouble();
      for (int sw = 0; sw < tree.switches(); sw++) {
        double[] model = new double[tree.links()];
        LoadModel.forEach(tree, v, gbps, sw, (l, g) -> model[l] += g);
        EcmpRouter.Demands d = new EcmpRouter.Demands(router.nodes());
        int[] src = v.srcTors();
        double[] sf = v.srcFractions();
        for (int i = 0; i < src.length; i++) d.add(src[i], sw, gbps * sf[i]);
        d.add(router.internet(), sw, gbps * (1 - v.internalFraction()));
        int[] dst = v.dipTors();
        double[] df = v.dipFractions();
        for (int i = 0; i < dst.length; i++) d.add(sw, dst[i], gbps * df[i]);
        double[] routed = router.route(d).gbps();
        for (int l = 0; l < tree.links(); l++) {
          assertEquals(
              routed[l],
              model[l],
              1e-9,
              "trial "
                  + trial
                  + ", "
                  + tree.describe(sw)
                  + ", link "
                  + tree.linkFrom(l)
                  + "->"
                  + tree.linkTo(l));
        }
      }
    }
  }
}
