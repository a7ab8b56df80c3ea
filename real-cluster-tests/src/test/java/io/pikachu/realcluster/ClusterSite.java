package io.pikachu.realcluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The site files of a small cluster on loopback: every daemon's address on a free port, every
 * directory under one work directory, small memory settings, and mapred-site.xml made of the
 * cluster's own settings plus the admin templates' properties. Each daemon gets its own conf dir
 * ({@code etc/<daemon>/}); the job client gets {@code etc/client/}, with the same mapred-site.xml,
 * which is where a cluster-wide MapReduce setting really takes effect (job confs are built there).
 * {@link NodeManagerSites} adds properties to the NodeManagers' files only: to all of them, or to
 * one, so that one node's {@code mapred-site.xml} differs from the others'.
 */
final class ClusterSite {
  static final String HOST = "127.0.0.1";

  /** MapReduce containers: memory per container and the JVM inside it (C1 only: short JVMs). */
  static final int CONTAINER_MB = 512;

  static final String CONTAINER_JAVA_OPTS = "-Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1";

  /** Each NodeManager offers this much memory: six containers of {@link #CONTAINER_MB}. */
  static final int NODE_MANAGER_MB = 3072;

  static final String DECISION_DIR = "/pikachu/decisions";
  static final String TRACE_DIR = "/pikachu/traces";

  /** One NodeManager's own addresses and directories; {@code index} counts from 1. */
  record NodeManagerSite(
      int index,
      String name,
      String address,
      String localizer,
      String webapp,
      int shufflePort,
      Path localDir,
      Path logDir) {}

  private final Path work;
  private final HadoopHome home;
  private final Configuration templates;
  private final String fsUri;
  private final Map<String, String> common = new LinkedHashMap<>();
  private final Map<String, String> hdfs = new LinkedHashMap<>();
  private final Map<String, String> yarn = new LinkedHashMap<>();
  private final Map<String, String> mapred = new LinkedHashMap<>();
  private final List<NodeManagerSite> nodeManagers = new ArrayList<>();
  private final NodeManagerSites nodeManagerSites;

  ClusterSite(
      Path work,
      HadoopHome home,
      Configuration templates,
      int nodeManagers,
      NodeManagerSites nodeManagerSites) {
    if (nodeManagerSites.highestIndex() > nodeManagers) {
      throw new IllegalArgumentException(
          "an override names nodemanager-"
              + nodeManagerSites.highestIndex()
              + " of a cluster with "
              + nodeManagers);
    }
    this.work = work;
    this.home = home;
    this.templates = templates;
    this.nodeManagerSites = nodeManagerSites;
    FreePorts ports = new FreePorts();
    fsUri = "hdfs://" + ports.address();

    common.put("fs.defaultFS", fsUri);
    common.put("hadoop.tmp.dir", work.resolve("tmp").toString());

    hdfs.put("dfs.replication", "1");
    hdfs.put("dfs.namenode.name.dir", work.resolve("data/name").toUri().toString());
    hdfs.put("dfs.datanode.data.dir", work.resolve("data/datanode").toUri().toString());
    hdfs.put("dfs.namenode.rpc-address", fsUri.substring("hdfs://".length()));
    hdfs.put("dfs.namenode.http-address", ports.address());
    hdfs.put("dfs.namenode.https-address", ports.address());
    hdfs.put("dfs.namenode.secondary.http-address", ports.address());
    hdfs.put("dfs.namenode.secondary.https-address", ports.address());
    hdfs.put("dfs.datanode.address", ports.address());
    hdfs.put("dfs.datanode.http.address", ports.address());
    hdfs.put("dfs.datanode.https.address", ports.address());
    hdfs.put("dfs.datanode.ipc.address", ports.address());
    hdfs.put("dfs.namenode.safemode.extension", "0");
    hdfs.put("dfs.namenode.datanode.registration.ip-hostname-check", "false");

    yarn.put("yarn.resourcemanager.hostname", HOST);
    yarn.put("yarn.resourcemanager.address", ports.address());
    yarn.put("yarn.resourcemanager.scheduler.address", ports.address());
    yarn.put("yarn.resourcemanager.resource-tracker.address", ports.address());
    yarn.put("yarn.resourcemanager.admin.address", ports.address());
    yarn.put("yarn.resourcemanager.webapp.address", ports.address());
    yarn.put("yarn.resourcemanager.webapp.https.address", ports.address());
    yarn.put("yarn.scheduler.minimum-allocation-mb", "256");
    yarn.put("yarn.scheduler.maximum-allocation-mb", Integer.toString(NODE_MANAGER_MB));
    yarn.put("yarn.nodemanager.resource.memory-mb", Integer.toString(NODE_MANAGER_MB));
    yarn.put("yarn.nodemanager.resource.cpu-vcores", "4");
    // Java 17 JVMs reserve far more virtual memory than they use.
    yarn.put("yarn.nodemanager.vmem-check-enabled", "false");
    yarn.put("yarn.nodemanager.aux-services", "mapreduce_shuffle");
    yarn.put(
        "yarn.nodemanager.aux-services.mapreduce_shuffle.class",
        "org.apache.hadoop.mapred.ShuffleHandler");
    // Hadoop 3's single-node setup: containers see HADOOP_MAPRED_HOME, the base of
    // mapreduce.application.classpath.
    yarn.put(
        "yarn.nodemanager.env-whitelist",
        "JAVA_HOME,HADOOP_COMMON_HOME,HADOOP_HDFS_HOME,HADOOP_CONF_DIR,CLASSPATH_PREPEND_DISTCACHE,"
            + "HADOOP_YARN_HOME,HADOOP_HOME,PATH,LANG,TZ,HADOOP_MAPRED_HOME");

    String mapredHome = "HADOOP_MAPRED_HOME=" + home.root();
    mapred.put("mapreduce.framework.name", "yarn");
    mapred.put("yarn.app.mapreduce.am.env", mapredHome);
    mapred.put("mapreduce.map.env", mapredHome);
    mapred.put("mapreduce.reduce.env", mapredHome);
    // The directory the admin jar was copied into is on the MapReduce containers' class path.
    mapred.put(
        "mapreduce.application.classpath",
        "$HADOOP_MAPRED_HOME/share/hadoop/mapreduce/*,$HADOOP_MAPRED_HOME/share/hadoop/mapreduce/lib/*");
    mapred.put("yarn.app.mapreduce.am.resource.mb", Integer.toString(CONTAINER_MB));
    String lineFlags = String.join(" ", RealClusterSettings.lineJvmFlags());
    mapred.put("yarn.app.mapreduce.am.admin-command-opts", lineFlags);
    mapred.put("mapreduce.admin.map.child.java.opts", lineFlags);
    mapred.put("mapreduce.admin.reduce.child.java.opts", lineFlags);
    mapred.put("yarn.app.mapreduce.am.command-opts", CONTAINER_JAVA_OPTS);
    mapred.put("mapreduce.map.memory.mb", Integer.toString(CONTAINER_MB));
    mapred.put("mapreduce.reduce.memory.mb", Integer.toString(CONTAINER_MB));
    mapred.put("mapreduce.map.java.opts", CONTAINER_JAVA_OPTS);
    mapred.put("mapreduce.reduce.java.opts", CONTAINER_JAVA_OPTS);
    mapred.put("mapreduce.jobhistory.address", ports.address());
    mapred.put("mapreduce.jobhistory.admin.address", ports.address());
    mapred.put("mapreduce.jobhistory.webapp.address", ports.address());
    mapred.put("mapreduce.jobhistory.webapp.https.address", ports.address());
    // finished jobs' histories reach the done folder (which advise reads) within seconds, not 3 min
    mapred.put("mapreduce.jobhistory.move.interval-ms", "5000");
    // An admin's choice beside the templates: decision records outlive the jobs' staging dirs.
    mapred.put("pikachu.decision.dir", fsUri + DECISION_DIR);
    // Every AM's status reports, kept with the run for replaying a decision that went wrong.
    mapred.put("pikachu.trace.dir", fsUri + TRACE_DIR);
    // Each job decides from its own measurements, whichever tests ran before it: with the node
    // profile on, every job after the first on these two equal NodeManagers would run without bins.
    // The one test of the profile turns it on for its own jobs.
    mapred.put("pikachu.profile.enabled", "false");

    for (int i = 1; i <= nodeManagers; i++) {
      Path dir = work.resolve("data/nodemanager-" + i);
      this.nodeManagers.add(
          new NodeManagerSite(
              i,
              "nodemanager-" + i,
              ports.address(),
              ports.address(),
              ports.address(),
              ports.next(),
              dir.resolve("local"),
              dir.resolve("logs")));
    }
  }

  String fsUri() {
    return fsUri;
  }

  List<NodeManagerSite> nodeManagers() {
    return nodeManagers;
  }

  String jobHistoryWebapp() {
    return mapred.get("mapreduce.jobhistory.webapp.address");
  }

  /** Writes one daemon's conf dir (or the client's); {@code nodeManager} is null for the others. */
  Path writeConfDir(String daemon, NodeManagerSite nodeManager) throws IOException {
    Path dir = work.resolve("etc").resolve(daemon);
    Files.createDirectories(dir);
    Map<String, String> yarnSite = new LinkedHashMap<>(yarn);
    Map<String, String> mapredSite = new LinkedHashMap<>(mapred);
    if (nodeManager != null) {
      yarnSite.put("yarn.nodemanager.address", nodeManager.address());
      yarnSite.put("yarn.nodemanager.localizer.address", nodeManager.localizer());
      yarnSite.put("yarn.nodemanager.webapp.address", nodeManager.webapp());
      yarnSite.put("yarn.nodemanager.local-dirs", nodeManager.localDir().toString());
      yarnSite.put("yarn.nodemanager.log-dirs", nodeManager.logDir().toString());
      // The ShuffleHandler reads its port from the NodeManager's configuration, which loads
      // yarn-site.xml but not always mapred-site.xml: two NodeManagers on one host must not both
      // take the default 13562.
      yarnSite.put("mapreduce.shuffle.port", Integer.toString(nodeManager.shufflePort()));
      mapredSite.put("mapreduce.shuffle.port", Integer.toString(nodeManager.shufflePort()));
    }
    Map<String, NodeManagerSites.Property> mapredProperties = properties(mapredSite);
    for (Map.Entry<String, String> property : templates) {
      mapredProperties.put(
          property.getKey(), new NodeManagerSites.Property(property.getValue(), false));
    }
    Map<String, NodeManagerSites.Property> yarnProperties = properties(yarnSite);
    if (nodeManager != null) {
      override(
          yarnProperties,
          nodeManagerSites.forNodeManager(
              nodeManager.index(), NodeManagerSites.SiteFile.YARN_SITE));
      override(
          mapredProperties,
          nodeManagerSites.forNodeManager(
              nodeManager.index(), NodeManagerSites.SiteFile.MAPRED_SITE));
    }
    SiteXml.write(dir.resolve("core-site.xml"), properties(common));
    SiteXml.write(dir.resolve("hdfs-site.xml"), properties(hdfs));
    SiteXml.write(dir.resolve("yarn-site.xml"), yarnProperties);
    SiteXml.write(dir.resolve("mapred-site.xml"), mapredProperties);
    SiteXml.write(dir.resolve("capacity-scheduler.xml"), properties(capacityScheduler()));
    Files.writeString(
        dir.resolve("log4j.properties"),
        String.join(
            "\n",
            "log4j.rootLogger=INFO,console",
            "log4j.appender.console=org.apache.log4j.ConsoleAppender",
            "log4j.appender.console.target=System.err",
            "log4j.appender.console.layout=org.apache.log4j.PatternLayout",
            "log4j.appender.console.layout.ConversionPattern=%d{ISO8601} %p %c{2}: %m%n",
            ""));
    return dir;
  }

  /** One queue with the whole cluster; several AMs may run at once. */
  private static Map<String, String> capacityScheduler() {
    Map<String, String> cs = new LinkedHashMap<>();
    cs.put("yarn.scheduler.capacity.root.queues", "default");
    cs.put("yarn.scheduler.capacity.root.default.capacity", "100");
    cs.put("yarn.scheduler.capacity.root.default.maximum-capacity", "100");
    cs.put("yarn.scheduler.capacity.maximum-am-resource-percent", "0.5");
    return cs;
  }

  private static Map<String, NodeManagerSites.Property> properties(Map<String, String> values) {
    Map<String, NodeManagerSites.Property> properties = new LinkedHashMap<>();
    values.forEach((k, v) -> properties.put(k, new NodeManagerSites.Property(v, false)));
    return properties;
  }

  private static void override(
      Map<String, NodeManagerSites.Property> site,
      Map<String, NodeManagerSites.Property> overrides) {
    overrides.forEach(
        (key, property) -> {
          if (property.value() == null) {
            site.remove(key);
          } else {
            site.put(key, property);
          }
        });
  }
}
