package io.pikachu.netmodels.smux;

import io.pikachu.netmodels.topology.FatTree;
import java.util.BitSet;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * A set of failed switches (section 3.8.2's failure model: one whole container, or three random
 * switches). Servers below a failed ToR are cut off, so traffic they send or would receive
 * disappears.
 */
public record FailureScenario(String name, BitSet failed) {
  public static FailureScenario none() {
    return new FailureScenario("none", new BitSet());
  }

  public static FailureScenario container(FatTree tree, int c) {
    if (c < 0 || c >= tree.containers()) {
      throw new IllegalArgumentException(
          "no container " + c + " (0.." + (tree.containers() - 1) + ")");
    }
    BitSet f = new BitSet();
    for (int r = 0; r < tree.torsPerContainer(); r++) f.set(tree.tor(c, r));
    for (int j = 0; j < tree.aggsPerContainer(); j++) f.set(tree.agg(c, j));
    return new FailureScenario("container " + c, f);
  }

  public static FailureScenario randomSwitches(FatTree tree, int count, RandomGenerator rnd) {
    if (count < 1 || count > tree.switches())
      throw new IllegalArgumentException("cannot fail " + count + " switches");
    BitSet f = new BitSet();
    StringBuilder name = new StringBuilder();
    while (f.cardinality() < count) {
      int s = rnd.nextInt(tree.switches());
      if (!f.get(s)) {
        f.set(s);
        name.append(name.length() == 0 ? "" : "+").append(tree.describe(s));
      }
    }
    return new FailureScenario(name.toString(), f);
  }

  public boolean torDown(int tor) {
    return failed.get(tor);
  }

  public boolean switchDown(int sw) {
    return failed.get(sw);
  }
}
