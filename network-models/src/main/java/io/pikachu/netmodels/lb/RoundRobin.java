package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.PathSelector;
import io.pikachu.netmodels.net.PortGroup;

/** Per-packet round robin over the group's ports (the state is the group's, not a flow's). */
public final class RoundRobin implements PathSelector {
  private int next;

  @Override
  public int select(PortGroup group, int packet) {
    int i = next;
    next = i + 1 == group.size() ? 0 : i + 1;
    return i;
  }
}
