package io.pikachu.cluster;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.cluster.cpu.CpuLimiter;
import io.pikachu.cluster.cpu.CpuLimiters;
import io.pikachu.cluster.cpu.NodeCpuLimit;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceOption;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.api.protocolrecords.UpdateNodeResourceRequest;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerNodeReport;
import org.apache.hadoop.yarn.util.resource.DominantResourceCalculator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MapReduce-on-YARN cluster inside this JVM whose nodes differ in speed and slots.
 *
 * <p>Speed is a real CPU limit on each node's task containers (see {@link CpuLimiters}); slots are
 * YARN custom resources that every map or reduce container consumes one of, so the scheduler never
 * runs more maps or reduces on a node than the node's slots.
 */
public final class HeteroCluster implements AutoCloseable {
  /**
   * Custom resource counting a node's map slots. MapReduce reads per-task requests of custom
   * resources only for names without dots (apart from a "yarn.io/" prefix), hence the plain names.
   */
  public static final String MAP_SLOTS = "map-slots";

  /** Custom resource counting a node's reduce slots. */
  public static final String REDUCE_SLOTS = "reduce-slots";

  private static final Logger LOG = LoggerFactory.getLogger(HeteroCluster.class);
  private static final int NODE_MEMORY_MB = 16 * 1024;
  private static final int NODE_VCORES = 64;
  private static final Duration NODE_WAIT = Duration.ofSeconds(60);

  /**
   * Task JVM flags for emulated nodes of a fraction of a core. A serial collector keeps a task from
   * spending its budget on parallel GC threads. C1 only, because C2's background compilations cost
   * a small task more CPU than its own work: on 12 Wordcount maps of 4 MB they made up about half
   * of every reducer's CPU counter (1.6 s fixed, 0.12 s per MB shuffled), which no bin map can
   * move. Real tasks of 64 MB and more amortise the compiler; these do not (docs/foundation.md).
   */
  static final String TASK_JVM_FLAGS = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1";

  private final ClusterSpec spec;
  private final CpuLimiter limiter;
  private final MiniMRYarnCluster yarn;
  private final List<ClusterNode> nodes;
  private final List<String> registeredLocalDirs;
  private final List<NodeCpuLimit> limits;

  private HeteroCluster(
      ClusterSpec spec,
      CpuLimiter limiter,
      MiniMRYarnCluster yarn,
      List<ClusterNode> nodes,
      List<String> registeredLocalDirs,
      List<NodeCpuLimit> limits) {
    this.spec = spec;
    this.limiter = limiter;
    this.yarn = yarn;
    this.nodes = List.copyOf(nodes);
    this.registeredLocalDirs = registeredLocalDirs;
    this.limits = limits;
  }

  /**
   * Starts a cluster with the given nodes. {@code name} names its working directory under {@code
   * target/}; {@code extra} settings are applied on top of the cluster's own.
   */
  public static HeteroCluster start(String name, ClusterSpec spec, Configuration extra)
      throws IOException {
    EmbeddedNodes.check(spec);
    CpuLimiter limiter = CpuLimiters.detect();
    LOG.info("Embedded heterogeneous cluster '{}': CPU limits through {}", name, limiter.method());
    MiniMRYarnCluster yarn = new MiniMRYarnCluster(name, spec.nodes().size());
    List<String> localDirs = new ArrayList<>();
    List<NodeCpuLimit> limits = new ArrayList<>();
    try {
      Configuration conf = clusterConfiguration(yarn.getTestWorkDir().toPath(), extra);
      yarn.init(conf);
      yarn.start();
      if (!yarn.waitForNodeManagersToConnect(NODE_WAIT.toMillis())) {
        throw new IOException(
            "NodeManagers did not register with the ResourceManager within " + NODE_WAIT);
      }
      List<ClusterNode> nodes = new ArrayList<>();
      for (int i = 0; i < spec.nodes().size(); i++) {
        NodeSpec nodeSpec = spec.nodes().get(i);
        NodeManager nm = yarn.getNodeManager(i);
        NodeCpuLimit limit = limiter.limit(nodeSpec.name(), nodeSpec.cores());
        limits.add(limit);
        String dirs = nm.getConfig().get(YarnConfiguration.NM_LOCAL_DIRS);
        NodeLimitRegistry.register(dirs, limit);
        localDirs.add(dirs);
        NodeId nodeId = nm.getNMContext().getNodeId();
        setCapacity(yarn.getResourceManager(), nodeId, nodeSpec);
        nodes.add(new ClusterNode(nodeSpec, nodeId.toString(), nodeId.getPort()));
        LOG.info(
            "Node {} is {}: {} cpus, {} map slots, {} reduce slots",
            nodeSpec.name(),
            nodeId,
            nodeSpec.cores(),
            nodeSpec.mapSlots(),
            nodeSpec.reduceSlots());
      }
      return new HeteroCluster(spec, limiter, yarn, nodes, localDirs, limits);
    } catch (IOException
        | RuntimeException
        | InterruptedException
        | org.apache.hadoop.yarn.exceptions.YarnException e) {
      localDirs.forEach(NodeLimitRegistry::unregister);
      limits.forEach(NodeCpuLimit::close);
      yarn.stop();
      limiter.close();
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw e instanceof IOException io
          ? io
          : new IOException("cannot start the embedded cluster " + name, e);
    }
  }

  private static Configuration clusterConfiguration(Path workDir, Configuration extra)
      throws IOException {
    Configuration conf =
        new PinnedConfiguration(
            Map.of(
                YarnConfiguration.NM_CONTAINER_EXECUTOR,
                ThrottlingContainerExecutor.class.getName()));
    conf.set(YarnConfiguration.RESOURCE_TYPES, MAP_SLOTS + "," + REDUCE_SLOTS);
    conf.set(
        "yarn.scheduler.capacity.resource-calculator", DominantResourceCalculator.class.getName());
    conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, NODE_MEMORY_MB);
    conf.setInt(YarnConfiguration.NM_VCORES, NODE_VCORES);
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
    // Every task holds one slot of its kind; the AM holds none.
    conf.setInt(MRJobConfig.MAP_RESOURCE_TYPE_PREFIX + MAP_SLOTS, 1);
    conf.setInt(MRJobConfig.REDUCE_RESOURCE_TYPE_PREFIX + REDUCE_SLOTS, 1);
    conf.setInt(MRJobConfig.MAP_MEMORY_MB, 512);
    conf.setInt(MRJobConfig.REDUCE_MEMORY_MB, 768);
    conf.setInt(MRJobConfig.MR_AM_VMEM_MB, 768);
    String lineFlags = HadoopLineFlags.containerJvmFlags();
    if (!lineFlags.isEmpty()) {
      conf.set(MRJobConfig.MR_AM_ADMIN_COMMAND_OPTS, lineFlags);
      conf.set(MRJobConfig.MAPRED_MAP_ADMIN_JAVA_OPTS, lineFlags);
      conf.set(MRJobConfig.MAPRED_REDUCE_ADMIN_JAVA_OPTS, lineFlags);
    }
    conf.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx384m " + TASK_JVM_FLAGS);
    conf.set(MRJobConfig.REDUCE_JAVA_OPTS, "-Xmx576m " + TASK_JVM_FLAGS);
    conf.set(
        YarnConfiguration.YARN_APPLICATION_CLASSPATH,
        String.join(
            ",",
            resourceTypesDirectory(workDir).toString(),
            String.join(",", YarnConfiguration.DEFAULT_YARN_APPLICATION_CLASSPATH)));
    if (extra != null) {
      extra.forEach(entry -> conf.set(entry.getKey(), entry.getValue()));
    }
    return conf;
  }

  /**
   * The MapReduce AM learns resource types only from a resource-types.xml on its class path, so the
   * cluster writes one and puts its folder on the containers' class path.
   */
  private static Path resourceTypesDirectory(Path workDir) throws IOException {
    Path dir = workDir.toAbsolutePath().resolve("container-conf");
    Files.createDirectories(dir);
    String xml =
        """
        <?xml version="1.0"?>
        <configuration>
          <property><name>%s</name><value>%s,%s</value></property>
        </configuration>
        """
            .formatted(YarnConfiguration.RESOURCE_TYPES, MAP_SLOTS, REDUCE_SLOTS);
    Files.writeString(
        dir.resolve(YarnConfiguration.RESOURCE_TYPES_CONFIGURATION_FILE),
        xml,
        StandardCharsets.UTF_8);
    return dir;
  }

  private static void setCapacity(ResourceManager rm, NodeId nodeId, NodeSpec nodeSpec)
      throws IOException, InterruptedException {
    Resource capacity = Resource.newInstance(NODE_MEMORY_MB, NODE_VCORES);
    capacity.setResourceValue(MAP_SLOTS, nodeSpec.mapSlots());
    capacity.setResourceValue(REDUCE_SLOTS, nodeSpec.reduceSlots());
    try {
      rm.getRMContext()
          .getRMAdminService()
          .updateNodeResource(
              UpdateNodeResourceRequest.newInstance(
                  Map.of(nodeId, ResourceOption.newInstance(capacity, -1))));
    } catch (org.apache.hadoop.yarn.exceptions.YarnException e) {
      throw new IOException("the ResourceManager refused the capacity of node " + nodeId, e);
    }
    long deadline = System.nanoTime() + NODE_WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      SchedulerNodeReport report = rm.getResourceScheduler().getNodeReport(nodeId);
      if (report != null) {
        Resource total =
            org.apache.hadoop.yarn.util.resource.Resources.add(
                report.getAvailableResource(), report.getUsedResource());
        if (total.getResourceValue(REDUCE_SLOTS) == nodeSpec.reduceSlots()
            && total.getResourceValue(MAP_SLOTS) == nodeSpec.mapSlots()) {
          return;
        }
      }
      Thread.sleep(50);
    }
    throw new IOException(
        "the scheduler did not take the capacity of node " + nodeId + " within " + NODE_WAIT);
  }

  /** Settings a job client needs to submit to this cluster. */
  public Configuration clientConfiguration() {
    return new Configuration(yarn.getConfig());
  }

  public ClusterSpec spec() {
    return spec;
  }

  public List<ClusterNode> nodes() {
    return nodes;
  }

  /** The node behind a NodeManager port, as job history records it. */
  public Optional<ClusterNode> nodeByPort(int nodePort) {
    return nodes.stream().filter(n -> n.nodePort() == nodePort).findFirst();
  }

  public String cpuLimitMethod() {
    return limiter.method();
  }

  public File workDir() {
    return yarn.getTestWorkDir();
  }

  /**
   * Stops the NodeManager of node {@code index} and its containers, as when a machine fails; the
   * ResourceManager declares it lost after {@code yarn.nm.liveness-monitor.expiry-interval-ms}.
   */
  public void stopNode(int index) {
    yarn.getNodeManager(index).stop();
  }

  /** How many attempts YARN has started for an application (tests of AM restarts). */
  public int appAttempts(org.apache.hadoop.yarn.api.records.ApplicationId app) {
    return yarn.getResourceManager().getRMContext().getRMApps().get(app).getAppAttempts().size();
  }

  @Override
  public void close() {
    registeredLocalDirs.forEach(NodeLimitRegistry::unregister);
    try {
      yarn.stop();
    } finally {
      limits.forEach(NodeCpuLimit::close);
      limiter.close();
    }
  }
}
