package io.pikachu.cluster;

import io.pikachu.cluster.cpu.NodeCpuLimit;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.nodemanager.DefaultContainerExecutor;

/**
 * The stock executor, except that task containers start inside their node's CPU limit.
 *
 * <p>The MapReduce application master (container 1 of an attempt) is left unlimited: the emulation
 * is of slow task nodes, and a throttled AM would slow every node's progress reports.
 */
public class ThrottlingContainerExecutor extends DefaultContainerExecutor {

  @Override
  protected String[] getRunCommand(
      String command,
      String groupId,
      String userName,
      Path pidFile,
      Configuration config,
      Resource resource) {
    Optional<NodeCpuLimit> limit =
        NodeLimitRegistry.find(getConf().get(YarnConfiguration.NM_LOCAL_DIRS));
    if (limit.isEmpty() || isApplicationMaster(groupId)) {
      return super.getRunCommand(command, groupId, userName, pidFile, config, resource);
    }
    return limit.get().wrap(command, pidFile.toUri().getPath()).toArray(String[]::new);
  }

  /** The default executor passes the container id as the group id. */
  private static boolean isApplicationMaster(String containerId) {
    try {
      return ContainerId.fromString(containerId).getContainerId() == 1;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
