package io.pikachu.cluster;

/**
 * A running node of the embedded cluster.
 *
 * @param spec what the node emulates
 * @param nodeId YARN's id of the NodeManager, {@code host:port}; task reports and job history
 *     name nodes by this port
 * @param httpPort the NodeManager's web port, which task completion events carry
 */
public record ClusterNode(NodeSpec spec, String nodeId, int nodePort, int httpPort) {

  public String name() {
    return spec.name();
  }
}
