package io.pikachu.netmodels.fabric;

import io.pikachu.netmodels.net.Network;

/** Something that can lay out its nodes and links in a network. */
public interface Topology {
  Fabric build(Network net);
}
