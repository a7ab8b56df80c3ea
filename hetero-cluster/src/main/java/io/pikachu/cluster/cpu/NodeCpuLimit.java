package io.pikachu.cluster.cpu;

import java.util.List;

/** The CPU limit of one emulated node, applied to the task containers launched on it. */
public interface NodeCpuLimit extends AutoCloseable {

  /**
   * Returns the command that starts a container's launch script under this node's limit.
   *
   * @param launchScript the wrapper script the NodeManager would run with {@code bash}
   * @param pidFile where the NodeManager will record the container's process id
   */
  List<String> wrap(String launchScript, String pidFile);

  @Override
  void close();
}
