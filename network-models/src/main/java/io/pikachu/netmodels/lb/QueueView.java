package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.PortGroup;

/** The queue lengths a DRILL decision sees: the ports' own (fresh) or a stale copy. */
public interface QueueView {
  /** Called once per decision, before the lengths are read (a stale view may update itself). */
  default void prepare(PortGroup group, int packet) {}

  /** Queue length, in packets, of port {@code i} of the group as this view knows it. */
  int queue(PortGroup group, int i, int packet);

  /** Fresh lengths read from the ports at decision time. */
  QueueView FRESH = (g, i, p) -> g.port(i).queueLength();
}
