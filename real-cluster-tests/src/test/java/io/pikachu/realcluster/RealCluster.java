package io.pikachu.realcluster;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;

/**
 * A Hadoop cluster of separate JVMs on loopback, run from the assembled layout: NameNode, DataNode,
 * ResourceManager, two NodeManagers with the stock {@code mapreduce_shuffle} ShuffleHandler, and
 * the JobHistoryServer, each with its own conf dir and free ports. Closing it stops every process
 * by PID, containers included; so does a shutdown hook if the test JVM is ended first, and the next
 * start ends what a killed run left behind.
 */
final class RealCluster implements AutoCloseable {
  static final int NODE_MANAGERS = 2;
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

  private final HadoopHome home;
  private final Path work;
  private final ClusterSite site;
  private final List<JavaProcess> daemons = new ArrayList<>();
  private final AtomicInteger clients = new AtomicInteger();
  private final Thread shutdownHook = new Thread(this::closeQuietly, "real-cluster-stop");
  private Path clientConfDir;
  private Configuration clientConf;
  private boolean closed;

  private RealCluster(HadoopHome home, Path work, ClusterSite site) {
    this.home = home;
    this.work = work;
    this.site = site;
  }

  static RealCluster start(HadoopHome home, Path work, Path templateDir) throws Exception {
    return start(home, work, templateDir, NodeManagerSites.none());
  }

  /**
   * A cluster whose NodeManagers' site files carry {@code nodeManagerSites} on top of the cluster's
   * own properties and the admin templates (the client and the other daemons do not).
   */
  static RealCluster start(
      HadoopHome home, Path work, Path templateDir, NodeManagerSites nodeManagerSites)
      throws Exception {
    int killed = Leftovers.kill(work);
    if (killed > 0) {
      System.err.println("ended " + killed + " processes left behind by an earlier run in " + work);
    }
    deleteRecursively(work);
    ClusterSite site =
        new ClusterSite(
            work, home, AdminTemplates.merged(templateDir), NODE_MANAGERS, nodeManagerSites);
    RealCluster cluster = new RealCluster(home, work, site);
    Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
    try {
      cluster.startDaemons();
      return cluster;
    } catch (Throwable t) {
      cluster.close();
      throw t;
    }
  }

  private void startDaemons() throws Exception {
    clientConfDir = site.writeConfDir("client", null);
    clientConf = new Configuration();
    for (String file :
        List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml")) {
      clientConf.addResource(new org.apache.hadoop.fs.Path(clientConfDir.resolve(file).toUri()));
    }
    // The test's own probes and reads give up on a dead daemon in seconds, not after Hadoop's
    // 15 minutes of retries, so that Await sees it die (job clients keep the site's defaults).
    clientConf.setLong("yarn.resourcemanager.connect.max-wait.ms", 20_000);
    clientConf.setLong("yarn.resourcemanager.connect.retry-interval.ms", 1_000);
    clientConf.setInt("ipc.client.connect.max.retries", 3);

    JavaProcess format =
        daemon(
            "namenode-format",
            "256m",
            "org.apache.hadoop.hdfs.server.namenode.NameNode",
            null,
            List.of("-format", "-force", "-nonInteractive"));
    if (format.waitFor(Duration.ofMinutes(2)) != 0) {
      throw new IllegalStateException("formatting HDFS failed; " + format.tail(40));
    }
    daemons.remove(format);
    JavaProcess namenode =
        daemon(
            "namenode", "256m", "org.apache.hadoop.hdfs.server.namenode.NameNode", null, List.of());
    JavaProcess datanode =
        daemon(
            "datanode", "192m", "org.apache.hadoop.hdfs.server.datanode.DataNode", null, List.of());
    Await.until(
        "HDFS with one live DataNode, out of safe mode",
        START_TIMEOUT,
        () -> {
          DistributedFileSystem dfs = (DistributedFileSystem) fs();
          return dfs.getDataNodeStats(DatanodeReportType.LIVE).length == 1 && !dfs.isInSafeMode();
        },
        List.of(namenode, datanode));

    JavaProcess rm =
        daemon(
            "resourcemanager",
            "384m",
            "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager",
            null,
            List.of());
    List<JavaProcess> yarnDaemons = new ArrayList<>(List.of(rm));
    for (ClusterSite.NodeManagerSite nm : site.nodeManagers()) {
      yarnDaemons.add(
          daemon(
              nm.name(),
              "256m",
              "org.apache.hadoop.yarn.server.nodemanager.NodeManager",
              nm,
              List.of()));
    }
    JavaProcess history =
        daemon(
            "historyserver",
            "256m",
            "org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer",
            null,
            List.of());
    yarnDaemons.add(history);
    Await.until(
        NODE_MANAGERS + " running NodeManagers",
        START_TIMEOUT,
        () -> nodeManagerIds().size() == NODE_MANAGERS,
        yarnDaemons);
    Await.until(
        "the JobHistoryServer's web services",
        START_TIMEOUT,
        () -> httpOk("http://" + site.jobHistoryWebapp() + "/ws/v1/history/info"),
        yarnDaemons);
  }

  private JavaProcess daemon(
      String name, String heap, String mainClass, ClusterSite.NodeManagerSite nm, List<String> args)
      throws IOException {
    Path confDir = site.writeConfDir(name.equals("namenode-format") ? "namenode" : name, nm);
    JavaProcess p =
        JavaProcess.start(
            name,
            heap,
            classPath(confDir),
            mainClass,
            args,
            env(confDir),
            work.resolve("logs").resolve(name + ".log"));
    daemons.add(p);
    return p;
  }

  private List<String> classPath(Path confDir) {
    List<String> cp = new ArrayList<>();
    cp.add(confDir.toString());
    cp.addAll(home.hadoopClassPath());
    return cp;
  }

  /** What Hadoop's scripts export; NodeManagers hand the whitelisted ones to containers. */
  private Map<String, String> env(Path confDir) {
    Map<String, String> env = new HashMap<>();
    String root = home.root().toString();
    for (String key :
        List.of(
            "HADOOP_HOME",
            "HADOOP_COMMON_HOME",
            "HADOOP_HDFS_HOME",
            "HADOOP_YARN_HOME",
            "HADOOP_MAPRED_HOME")) {
      env.put(key, root);
    }
    env.put("HADOOP_CONF_DIR", confDir.toString());
    // Whitelisted: the NodeManagers hand it to their containers, which run $JAVA_HOME/bin/java.
    env.put("JAVA_HOME", RealClusterSettings.clusterJavaHome().toString());
    env.put("CLASSPATH", "");
    return env;
  }

  /**
   * {@code hadoop jar <jar> <args>}: Hadoop's RunJar in a JVM of its own, with the client conf dir
   * and Hadoop's jars on its class path and no Pikachu class.
   */
  JarRun hadoopJar(String label, Path jar, List<String> args) throws Exception {
    List<String> runJarArgs = new ArrayList<>();
    runJarArgs.add(jar.toString());
    runJarArgs.addAll(args);
    String name = String.format("client-%02d-%s", clients.incrementAndGet(), label);
    long start = System.nanoTime();
    JavaProcess client =
        JavaProcess.start(
            name,
            "256m",
            classPath(clientConfDir),
            "org.apache.hadoop.util.RunJar",
            runJarArgs,
            env(clientConfDir),
            work.resolve("logs").resolve(name + ".log"));
    int exit = client.waitFor(Duration.ofMinutes(15));
    return new JarRun(
        label,
        args,
        exit,
        client.output(),
        client.log(),
        Duration.ofNanos(System.nanoTime() - start));
  }

  /**
   * The README's {@code wordcount} of the benchmarks jar: its arguments for {@link #hadoopJar},
   * with {@code reducers} and each of {@code options} as {@code -D} options.
   */
  static List<String> wordcountArgs(int reducers, String input, String output, String... options) {
    List<String> args =
        new ArrayList<>(List.of("wordcount", "-D", "mapreduce.job.reduces=" + reducers));
    args.addAll(testKitFor(options));
    for (String o : options) {
      args.add("-D");
      args.add(o);
    }
    args.add(input);
    args.add(output);
    return args;
  }

  /**
   * {@code -libjars} with the test kit where a job's {@code -D} options set a test hook ({@code
   * pikachu.test.*}): the hooks are not in the admin jar, so the job ships them to its tasks.
   */
  static List<String> testKitFor(String... options) {
    return java.util.Arrays.stream(options).anyMatch(o -> o.startsWith("pikachu.test."))
        ? List.of("-libjars", RealClusterSettings.required("realcluster.testkit.jar"))
        : List.of();
  }

  Configuration conf() {
    return new Configuration(clientConf);
  }

  FileSystem fs() throws IOException {
    return FileSystem.get(clientConf);
  }

  /** The NodeManagers' ids ({@code host:port}) as the ResourceManager knows them. */
  List<String> nodeManagerIds() throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf());
      yarn.start();
      return yarn.getNodeReports(NodeState.RUNNING).stream()
          .map(NodeReport::getNodeId)
          .map(Object::toString)
          .sorted()
          .toList();
    }
  }

  /**
   * The NodeManager {@code index} (from 1, as {@link NodeManagerSites} counts): its addresses,
   * among them {@code address()}, and its directories.
   */
  ClusterSite.NodeManagerSite nodeManager(int index) {
    return site.nodeManagers().get(index - 1);
  }

  /** Where each NodeManager keeps its containers' logs (no log aggregation). */
  List<Path> containerLogDirs() {
    return site.nodeManagers().stream().map(ClusterSite.NodeManagerSite::logDir).toList();
  }

  List<JavaProcess> daemons() {
    return List.copyOf(daemons);
  }

  Path work() {
    return work;
  }

  private static boolean httpOk(String url) throws IOException {
    HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
    c.setConnectTimeout(2000);
    c.setReadTimeout(5000);
    try {
      return c.getResponseCode() == 200;
    } finally {
      c.disconnect();
    }
  }

  @Override
  public synchronized void close() throws InterruptedException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // called from the hook itself
    }
    try {
      FileSystem.closeAll();
    } catch (IOException e) {
      System.err.println("closing HDFS clients: " + e);
    }
    List<CompletableFuture<Void>> stops = new ArrayList<>();
    for (JavaProcess p : daemons) {
      stops.add(CompletableFuture.runAsync(() -> stopQuietly(p)));
    }
    stops.forEach(CompletableFuture::join);
    int left = Leftovers.kill(work);
    if (left > 0) {
      System.err.println("ended " + left + " processes (containers) that outlived their daemons");
    }
  }

  private static void stopQuietly(JavaProcess p) {
    try {
      p.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void closeQuietly() {
    try {
      close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
