package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.PathSelector;
import io.pikachu.netmodels.net.PortGroup;

/**
 * Always the group's first port: ns-3's global routing, which installs the first shortest route it
 * finds and no other (seed 004's "single path" baseline).
 */
public final class SinglePath implements PathSelector {
  @Override
  public int select(PortGroup group, int packet) {
    return 0;
  }
}
