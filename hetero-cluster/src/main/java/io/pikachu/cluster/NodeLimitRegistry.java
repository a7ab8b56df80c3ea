package io.pikachu.cluster;

import io.pikachu.cluster.cpu.NodeCpuLimit;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Connects each in-process NodeManager's container executor to its node's CPU limit.
 *
 * <p>MiniYARNCluster gives every NodeManager a copy of one configuration, so the only per-node
 * value an executor can see is its own local-dirs setting; that is the key here.
 */
final class NodeLimitRegistry {
  private static final Map<String, NodeCpuLimit> BY_LOCAL_DIRS = new ConcurrentHashMap<>();

  private NodeLimitRegistry() {}

  static void register(String localDirs, NodeCpuLimit limit) {
    BY_LOCAL_DIRS.put(localDirs, limit);
  }

  static void unregister(String localDirs) {
    BY_LOCAL_DIRS.remove(localDirs);
  }

  static Optional<NodeCpuLimit> find(String localDirs) {
    return Optional.ofNullable(localDirs).map(BY_LOCAL_DIRS::get);
  }
}
