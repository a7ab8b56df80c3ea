package io.pikachu.cluster;

import io.pikachu.benchmodel.NodeSpec;

/**
 * A running node of the embedded cluster.
 *
 * @param spec what the node emulates
 * @param nodeId YARN's id of the NodeManager, {@code host:port}
 * @param nodePort the port of that id, by which job history names the node of every task
 */
public record ClusterNode(NodeSpec spec, String nodeId, int nodePort) {

  public String name() {
    return spec.name();
  }
}
