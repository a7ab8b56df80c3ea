package io.pikachu.netmodels.assign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.topology.FatTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The container shortcut and per-class maxima must give exactly the brute-force MRU of equation
 * 3.2.
 */
class MruEvaluatorTest {
  private final FatTree tree = new FatTree(4, 5, 2, 4, 6, 10, 40);

  @Test
  void fastEvaluationEqualsBruteForceAlongAWholeAssignment() {
    Random rnd = new Random(11);
    SwitchTables tables = new SwitchTables(400, 16, 64, 0.8);
    List<VipShape> shapes = new ArrayList<>();
    double[] gbps = new double[60];
    for (int i = 0; i < gbps.length; i++) {
      shapes.add(
          new VipShape(
              TestVips.random(i, tree, rnd, 1 + rnd.nextInt(5), 1 + rnd.nextInt(10)),
              tree,
              tables));
      gbps[i] = 0.5 + 6 * rnd.nextDouble();
    }
    NetworkState st = new NetworkState(tree, tables);
    MruEvaluator ev = new MruEvaluator(tree);
    double[] mru = new double[tree.switches()];
    int checked = 0;
    for (int i = 0; i < shapes.size(); i++) {
      ev.evaluate(st, shapes.get(i), gbps[i], mru);
      int best = 0;
      for (int sw = 0; sw < tree.switches(); sw++) {
        assertEquals(
            MruEvaluator.bruteForce(st, shapes.get(i), gbps[i], sw),
            mru[sw],
            1e-12,
            "VIP " + i + " on " + tree.describe(sw));
        if (mru[sw] < mru[best]) best = sw;
        checked++;
      }
      if (mru[best] <= 1) LoadModel.forEach(tree, shapes.get(i), gbps[i], best, st::addLoad);
      if (mru[best] <= 1)
        st.addMemory(best, shapes.get(i).hmuxTunnelEntries(), shapes.get(i).hmuxEcmpEntries());
    }
    assertTrue(
        st.mru() > 0.3,
        "the state should get loaded enough to exercise link maxima, MRU " + st.mru());
    assertEquals(shapes.size() * tree.switches(), checked);
  }
}
