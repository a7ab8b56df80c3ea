package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.PathSelector;
import io.pikachu.netmodels.net.PortGroup;
import java.util.SplittableRandom;

/** Random packet spraying: every packet takes a uniformly random equal-cost port. */
public final class RandomSpray implements PathSelector {
  private final SplittableRandom rnd;

  public RandomSpray(SplittableRandom rnd) {
    this.rnd = rnd;
  }

  @Override
  public int select(PortGroup group, int packet) {
    return rnd.nextInt(group.size());
  }
}
