package io.pikachu.netmodels.net;

/**
 * Picks one of a group's equal-cost ports for a packet. An instance belongs to one group (its
 * state, such as DRILL's remembered port or round robin's counter, is that group's).
 */
public interface PathSelector {
  /** Index into {@code group} of the port this packet leaves by. */
  int select(PortGroup group, int packet);
}
