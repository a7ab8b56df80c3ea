package io.pikachu.realcluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.BytesWritable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Pikachu installed on a real multi-process cluster the way docs/admin-guide.md says, and used by
 * people who never heard of it: the admin jar copied into {@code share/hadoop/mapreduce/lib/}, both
 * templates merged into mapred-site.xml, jobs submitted with the README's {@code hadoop jar}
 * commands from a client without Pikachu, on HDFS. Every variant's output is compared with the same
 * job opted out ({@code -D pikachu.enabled=false}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealClusterIT {
  private static final int REDUCERS = 3;
  private static final int MAPS = 4;

  /** The admin templates' bins per reducer, which the client writes into every job.xml. */
  private static final int BINS_PER_REDUCER = 10;

  /**
   * Issue 41, one layout rules the job: the first NodeManager's mapred-site.xml disagrees with the
   * rest of the cluster on Pikachu's settings, so that every job of this class runs on a cluster
   * where one node's Pikachu settings differ. It marks the bins per reducer final (the job.xml's
   * {@value #BINS_PER_REDUCER} loses there) and names a bin-map base of its own (not final: the
   * client's files set none, so the node's own applies). The AM decides the job's layout from its
   * own node's settings, and every task follows that layout whatever its node says.
   */
  private static final int NODE_1_BINS_PER_REDUCER = 4;

  /** Where every NodeManager's mapred-site.xml but the first keeps bin maps (the admin's base). */
  private static final String BINMAP_BASE = "/pikachu/binmaps";

  private static final String NODE_1_BINMAP_BASE = "/pikachu/binmaps-node1";

  /** Issue 41's lifecycle acceptance: this many jobs with bins leave no bin-map directory. */
  private static final int JOBS_WITH_BINS = 30;

  /** A small text of one file (one map) for the jobs that only count. */
  private static final String TINY_TEXT = "/in/tiny-text";

  /** The line an AM logs once it wrote the layout: its bins per reducer and bin-map directory. */
  private static final java.util.regex.Pattern LAYOUT_WITH_BINS =
      java.util.regex.Pattern.compile(
          "Pikachu: the job's layout \\S+: bins \\((\\d+) per reducer, .*, bin maps in (\\S+)\\)$");

  private static final String TEXT = "/in/text";
  private static final String RECORDS = "/in/records";

  /**
   * A reducer container this large fits at most twice on a NodeManager, so three reducers always
   * sit on both NodeManagers, wherever the scheduler puts the maps.
   */
  private static final String SPREAD_REDUCERS = "mapreduce.reduce.memory.mb=1280";

  /**
   * The same for the maps: two of them at most on a NodeManager, so both run maps and both have a
   * measured speed. Without it the CapacityScheduler of Hadoop 3.3 puts all four maps of a job on
   * the NodeManager that heartbeats first, and the other one, measured only through its reducers'
   * shuffle, is a node class of its own.
   */
  private static final String SPREAD_MAPS = "mapreduce.map.memory.mb=1280";

  /**
   * A setting of the second NodeManager's mapred-site.xml alone, marked final, that every map task
   * logs: it shows that a node's own site file reaches the containers it runs, and only those.
   */
  private static final int NODE_SORT_MB = 37;

  /** A PikachuController bean on an AM's /jmx page once a bin map was published. */
  private static final java.util.regex.Pattern PUBLISHED =
      java.util.regex.Pattern.compile("\"BinMapVersions\" : [1-9]");

  private RealCluster cluster;
  private FileSystem fs;
  private Path benchmarks;
  private Path examples;
  private FinishedJob stockWordcount;
  private Path installedJar;
  private List<byte[]> stockWordcountParts;

  @BeforeAll
  void startClusterAndRunStock() throws Exception {
    benchmarks = Path.of(RealClusterSettings.required("realcluster.benchmarks.jar"));
    examples = Path.of(RealClusterSettings.required("realcluster.examples.jar"));
    NodeManagerSites nodeSites = NodeManagerSites.none();
    nodeSites
        .nodeManager(2)
        .mapredSite()
        .setFinal("mapreduce.task.io.sort.mb", Integer.toString(NODE_SORT_MB));
    nodeSites.everyNodeManager().mapredSite().set("pikachu.binmap.dir", BINMAP_BASE);
    nodeSites
        .nodeManager(1)
        .mapredSite()
        .setFinal("pikachu.bins.per-reducer", Integer.toString(NODE_1_BINS_PER_REDUCER))
        .set("pikachu.binmap.dir", NODE_1_BINMAP_BASE);
    cluster =
        RealCluster.start(
            HadoopHome.fromSystemProperty(),
            Path.of(RealClusterSettings.required("realcluster.work.dir")),
            Path.of(RealClusterSettings.required("realcluster.conf.templates")),
            nodeSites);
    fs = cluster.fs();
    // The README's generators: seeded data written by the client straight to HDFS.
    bench("gen-text", "gen-text", TEXT, Integer.toString(MAPS), "2", "42");
    bench("gen-sort", "gen-sort", RECORDS, Integer.toString(MAPS), "2", "42");
    installedJar = Path.of(RealClusterSettings.required("realcluster.pikachu.jar"));
    stockWordcount = wordcount("wc-stock", "/out/wc-stock", "pikachu.enabled=false");
    stockWordcountParts = new JobOutput(fs, "/out/wc-stock").partBytes();
  }

  @AfterAll
  void stopCluster() throws Exception {
    if (cluster == null) {
      return;
    }
    Path work = cluster.work();
    keepRecords(work.resolve("records"));
    cluster.close();
    assertEquals(List.of(), Leftovers.find(work), "processes left behind by the cluster");
  }

  @Test
  void pikachuReachesTheJobsOnlyThroughTheInstalledJar() throws Exception {
    assertThrows(
        ClassNotFoundException.class,
        () -> Class.forName("io.pikachu.am.PikachuSpeculator"),
        "the test's class path must not hold Pikachu");
    HadoopHome home = HadoopHome.fromSystemProperty();
    for (String component : List.of("common", "common/lib", "hdfs", "yarn", "mapreduce")) {
      for (Path jar : jars(home.share(component))) {
        assertFalse(holdsPluginClasses(jar), jar + " holds Pikachu classes");
      }
    }
    List<Path> installed = jars(home.installedPluginDir());
    assertEquals(1, installed.size(), "installed jars: " + installed);
    assertTrue(installed.get(0).getFileName().toString().matches("pikachu-.+\\.jar"));
    assertTrue(holdsPluginClasses(installed.get(0)), "the admin jar holds no plugin classes");
    assertFalse(holdsPluginClasses(benchmarks), "the benchmarks jar must not carry the plugin");
    for (JavaProcess daemon : cluster.daemons()) {
      String commandLine =
          ProcessHandle.of(daemon.pid()).flatMap(p -> p.info().commandLine()).orElseThrow();
      assertFalse(
          commandLine.contains(home.installedPluginDir().toString()),
          daemon.name() + " has the plugin directory on its class path");
    }
  }

  /**
   * The README's generators, run with {@code hadoop jar} on this line's own class path (its Commons
   * Math among it), write the data whose digests bench-apps' GeneratorDigestsTest holds: the same
   * bytes on every Hadoop line. {@code -fs} is Hadoop's generic option.
   */
  @Test
  void theGeneratorsWriteTheSameDataOnEveryLine() throws Exception {
    java.util.Properties expected = new java.util.Properties();
    try (java.io.Reader in =
        Files.newBufferedReader(
            Path.of(RealClusterSettings.required("realcluster.generator.digests")))) {
      expected.load(in);
    }
    for (String[] data : new String[][] {{"gen-text", TEXT}, {"gen-sort", RECORDS}}) {
      JarRun digest =
          bench("digest-" + data[0], "gen-digest", "-fs", fs.getUri().toString(), data[1]);
      String line = data[0] + "." + MAPS + ".2.42";
      assertTrue(
          digest.output().contains("sha256 " + expected.getProperty(line) + "  " + data[1]),
          line
              + ": not the recorded digest "
              + expected.getProperty(line)
              + "; see "
              + digest.log());
    }
  }

  /**
   * The AM publishes Pikachu's controller as a metrics2 source: while a job runs whose AM decides
   * at reducer placement (the fixed estimator), its AM's {@code /jmx} page holds the bean {@code
   * Hadoop:service=MRAppMaster,name=PikachuController} with the bin-map version it published.
   */
  @Test
  void theAmPublishesTheControllersMetrics() throws Exception {
    CompletableFuture<FinishedJob> job =
        async(
            () ->
                wordcount(
                    "wc-metrics",
                    "/out/wc-metrics",
                    SPREAD_MAPS,
                    SPREAD_REDUCERS,
                    "pikachu.estimator=fixed",
                    "pikachu.estimator.fixed-p=3",
                    "pikachu.classes.map="
                        + cluster.nodeManagerIds().get(0)
                        + "=fast,"
                        + cluster.nodeManagerIds().get(1)
                        + "=slow"));
    String seen = null;
    try (org.apache.hadoop.yarn.client.api.YarnClient yarn =
        org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
      yarn.init(cluster.conf());
      yarn.start();
      while (!job.isDone() && (seen == null || !PUBLISHED.matcher(seen).find())) {
        for (org.apache.hadoop.yarn.api.records.ApplicationReport app :
            yarn.getApplications(
                java.util.EnumSet.of(
                    org.apache.hadoop.yarn.api.records.YarnApplicationState.RUNNING))) {
          String am = app.getOriginalTrackingUrl();
          if (app.getName().equals("wordcount") && am != null && am.startsWith("http")) {
            String bean =
                httpGet(am + "/jmx?qry=Hadoop:service=MRAppMaster,name=PikachuController");
            if (bean != null && bean.contains("PikachuController")) {
              seen = bean;
            }
          }
        }
        Thread.sleep(1000);
      }
    }
    FinishedJob ran = job.join();
    // the job itself published a map: a bean without one would be the metrics' fault
    assertEquals(1, ran.amLines("Pikachu decision v1 (final): estimator=fixed").size());
    assertTrue(seen != null, "no AM showed the PikachuController bean while the job ran");
    assertTrue(PUBLISHED.matcher(seen).find(), seen);
    assertTrue(seen.contains("\"BytesReshuffled\""), seen);
  }

  /**
   * {@code advise}, the admin's gateway tool, through {@code hadoop jar} on this line's own class
   * path (Hadoop's jars first: on 3.3, Commons CLI 1.2, which lacks what advise's options use) over
   * the JobHistoryServer's done folder on HDFS: it replays the jobs this cluster ran.
   */
  @Test
  void adviseReadsThisClustersHistoryOnTheLinesClassPath() throws Exception {
    org.apache.hadoop.fs.Path done = FinishedJob.historyDoneDir(fs, cluster.conf());
    FinishedJob.historyFile(fs, stockWordcount.id(), List.of(done));
    JarRun advise =
        hadoopJar(
            Path.of(RealClusterSettings.required("realcluster.advise.jar")),
            "advise",
            List.of("-q", done.toString()));
    assertTrue(advise.output().contains(stockWordcount.id()), "see " + advise.log());
    assertTrue(advise.output().contains("replayed with Pikachu"), "see " + advise.log());
  }

  /**
   * Each plugin's first log line names the installed jar's version and commit (its manifest's), the
   * jar itself, and the Hadoop line and Java it runs on: the AM's, every map's and every reducer's.
   */
  @Test
  void everyPluginLogsWhichPikachuRanWhereFirst() throws Exception {
    java.util.jar.Attributes manifest;
    try (JarFile jar = new JarFile(installedJar.toFile())) {
      manifest = jar.getManifest().getMainAttributes();
    }
    String head =
        "Pikachu "
            + manifest.getValue("Implementation-Version")
            + " (commit "
            + manifest.getValue("Pikachu-Commit")
            + ") ";
    String tail =
        ", from "
            + installedJar
            + ", on Hadoop "
            + hadoopVersion()
            + " and Java "
            + RealClusterSettings.clusterJavaVersion();
    FinishedJob job = stockWordcount;
    assertEquals(1, job.amLines(head + "AM plugin (speculator)" + tail).size(), "the AM's line");
    int maps = 0;
    int reducers = 0;
    for (int node = 1; node <= RealCluster.NODE_MANAGERS; node++) {
      Path logs = cluster.nodeManager(node).logDir();
      maps += FinishedJob.taskLines(logs, job.id(), head + "map output collector" + tail).size();
      reducers += FinishedJob.taskLines(logs, job.id(), head + "shuffle consumer" + tail).size();
    }
    assertEquals(MAPS, maps, "maps that logged the collector's line");
    assertEquals(REDUCERS, reducers, "reducers that logged the shuffle consumer's line");
  }

  /**
   * JobHistory shows Pikachu's counters by the display names the installed jar's resource bundles
   * give them: the job's history file, which the JobHistoryServer's pages and {@code mapred job
   * -history} render, read here with Hadoop's own parser (no Pikachu class on this side). The job
   * client API does not carry counter display names: it names counters as the client's class path
   * can.
   */
  @Test
  void jobHistoryShowsPikachusCountersByTheirDisplayNames() throws Exception {
    FinishedJob job =
        wordcount("wc-display-names", "/out/wc-display-names", "pikachu.test.forced-ratio=3");
    org.apache.hadoop.mapreduce.Counters history =
        FinishedJob.historyCounters(fs, cluster.conf(), job.id());
    int named = 0;
    for (String[] group :
        new String[][] {
          {FinishedJob.PIKACHU_GROUP, "Pikachu.properties"},
          {FinishedJob.DECISION_GROUP, "io/pikachu/am/DecisionCounter.properties"}
        }) {
      java.util.Properties names = bundle(group[1]);
      org.apache.hadoop.mapreduce.CounterGroup g = history.getGroup(group[0]);
      assertEquals(names.getProperty("CounterGroupName"), g.getDisplayName(), group[0]);
      for (org.apache.hadoop.mapreduce.Counter c : g) {
        assertEquals(names.getProperty(c.getName() + ".name"), c.getDisplayName(), c.getName());
        named++;
      }
    }
    System.out.println(
        "counters in a job with a forced change: "
            + history.countCounters()
            + " in "
            + java.util.stream.StreamSupport.stream(history.getGroupNames().spliterator(), false)
                .count()
            + " groups, of which Pikachu's two groups hold "
            + named);
    assertTrue(named >= 6, "only " + named + " of Pikachu's counters");
  }

  /**
   * The admin jar's own command through {@code hadoop jar}, with Hadoop's generic options: {@code
   * -conf} a file that names the profile directory, and {@code -D} beating it.
   */
  @Test
  void theAdminCommandTakesHadoopsGenericOptions() throws Exception {
    Path conf = cluster.work().resolve("profile-conf.xml");
    Files.writeString(
        conf,
        "<configuration><property><name>pikachu.profile.dir</name>"
            + "<value>/pikachu/profile-from-conf</value></property></configuration>");
    JarRun fromConf =
        hadoopJar(
            installedJar,
            "admin-profile-conf",
            List.of("-conf", conf.toString(), "profile", "show"));
    assertTrue(
        fromConf.output().contains("Pikachu node profile in /pikachu/profile-from-conf\n"),
        "see " + fromConf.log());
    JarRun fromD =
        hadoopJar(
            installedJar,
            "admin-profile-d",
            List.of(
                "-conf",
                conf.toString(),
                "-D",
                "pikachu.profile.dir=/pikachu/profile-from-d",
                "profile",
                "show"));
    assertTrue(
        fromD.output().contains("Pikachu node profile in /pikachu/profile-from-d\n"),
        "see " + fromD.log());
  }

  /**
   * Every JVM of the cluster runs on the JDK the run names ({@code realcluster.java.home}): each
   * daemon's start banner, and the AM of the stock job, report its version.
   */
  @Test
  void everyJvmRunsOnTheClustersJdk() throws Exception {
    String version = RealClusterSettings.clusterJavaVersion();
    for (JavaProcess daemon : cluster.daemons()) {
      assertTrue(
          daemon.output().contains("STARTUP_MSG:   java = " + version),
          daemon.name() + " did not start on Java " + version + "; see " + daemon.log());
    }
    assertEquals(
        List.of("java.version: " + version),
        stockWordcount.amLines("java.version: "),
        "the AM's Java");
  }

  /**
   * Issue 17: two identical NodeManagers give one node class whatever the scheduler's placement, so
   * the default two-stage estimator keeps the even map, and the part files are stock's byte for
   * byte.
   */
  @Test
  void twoEqualNodeManagersGiveOneClassAndStocksPartFiles() throws Exception {
    FinishedJob job = wordcount("wc-two-stage", "/out/wc-two-stage", SPREAD_MAPS, SPREAD_REDUCERS);
    assertPartFilesEqualStock("/out/wc-two-stage");

    JsonNode last = finalVersion(job);
    assertEquals("two-stage", last.path("estimator").asText());
    assertFalse(last.path("rebalanced").asBoolean(), "rebalanced on equal nodes: " + last);
    assertTrue(
        last.path("classes").size() <= 1 || "SINGLE_CLASS".equals(last.path("reason").asText()),
        "two equal NodeManagers formed several node classes: " + last.path("classes"));
    assertEquals(2, reducerNodes(last), "the reducers should sit on both NodeManagers");
    // One node class: the even map is provisional until the bins' sizes are known (issue 43), then
    // made final; the AM logs each version it published, the last one not provisional.
    List<String> decided = job.amLines("Pikachu decision v");
    assertFalse(decided.isEmpty(), "the AM logged no decision");
    String lastLine = decided.get(decided.size() - 1);
    assertTrue(
        lastLine.matches(".*Pikachu decision v\\d+ \\((final|confirmed)\\): estimator=two-stage.*"),
        lastLine);
    assertEquals(0L, job.counterOrZero(FinishedJob.DECISION_GROUP, "REBALANCED"));
    assertEquals(1L, job.counterOrZero(FinishedJob.DECISION_GROUP, "NODE_CLASSES"));
    assertEquals(
        (long) MAPS * REDUCERS * binsPerReducer(job),
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED"));
    assertEquals(0L, job.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE"));
  }

  /**
   * The second NodeManager's mapred-site.xml marks {@code mapreduce.task.io.sort.mb} final: its map
   * tasks sort in that buffer, the first NodeManager's in the job's (Hadoop's default), though the
   * client's job.xml carries the default for every task.
   */
  @Test
  void oneNodeManagersOwnSiteFileReachesOnlyTheTasksItRuns() throws Exception {
    FinishedJob job =
        wordcount("wc-node-site", "/out/wc-node-site", SPREAD_MAPS, "pikachu.enabled=false");
    assertPartFilesEqualStock("/out/wc-node-site");
    for (int node = 1; node <= RealCluster.NODE_MANAGERS; node++) {
      List<String> sortMb =
          FinishedJob.taskLines(
              cluster.nodeManager(node).logDir(), job.id(), "mapreduce.task.io.sort.mb: ");
      assertFalse(sortMb.isEmpty(), "no map ran on nodemanager-" + node);
      String expected = node == 2 ? Integer.toString(NODE_SORT_MB) : "100";
      for (String line : sortMb) {
        assertTrue(line.endsWith("mapreduce.task.io.sort.mb: " + expected), node + ": " + line);
      }
    }
  }

  /** A forced change while the maps run: bins move mid-shuffle, the records are stock's. */
  @Test
  void aChangeMidShuffleKeepsStocksRecords() throws Exception {
    FinishedJob job =
        wordcount(
            "wc-forced-mid",
            "/out/wc-forced-mid",
            "pikachu.test.forced-ratio=3",
            "pikachu.test.forced-after-maps=0.5");
    assertRecordsEqualStock("/out/wc-forced-mid");
    assertBinsMoved(job);
  }

  /** A forced change after the maps: gained bins are fetched again from every map. */
  @Test
  void aChangeAfterTheMapsKeepsStocksRecords() throws Exception {
    FinishedJob job =
        wordcount("wc-forced-after", "/out/wc-forced-after", "pikachu.test.forced-ratio=3");
    assertRecordsEqualStock("/out/wc-forced-after");
    assertBinsMoved(job);
    assertTrue(job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BYTES_RESHUFFLED") > 0);
    assertTrue(job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BYTES_DROPPED") > 0);
  }

  /**
   * The {@code fixed} estimator through the AM, with node classes an admin names: the AM gives P =
   * 3 to the class it measured faster (on equal nodes, either), publishes the map on HDFS, the
   * reducers of that class hold more of the output, and the records are stock's.
   */
  @Test
  void theFixedEstimatorRebalancesThroughTheAm() throws Exception {
    List<String> nodes = cluster.nodeManagerIds();
    String classes = nodes.get(0) + "=fast," + nodes.get(1) + "=slow";
    FinishedJob job =
        wordcount(
            "wc-fixed",
            "/out/wc-fixed",
            SPREAD_MAPS,
            SPREAD_REDUCERS,
            "pikachu.estimator=fixed",
            "pikachu.estimator.fixed-p=3",
            "pikachu.classes.map=" + classes);
    assertRecordsEqualStock("/out/wc-fixed");

    JsonNode last = finalVersion(job);
    assertEquals("fixed", last.path("estimator").asText());
    assertTrue(last.path("rebalanced").asBoolean(), "not rebalanced: " + last);
    assertEquals(2, last.path("classes").size(), "classes: " + last.path("classes"));
    assertEquals(1, job.amLines("Pikachu decision v1 (final): estimator=fixed").size());
    assertEquals(1L, job.counterOrZero(FinishedJob.DECISION_GROUP, "REBALANCED"));
    assertEquals(3000L, job.counterOrZero(FinishedJob.DECISION_GROUP, "P_FASTEST_MILLI"));
    assertTrue(job.counterOrZero(FinishedJob.DECISION_GROUP, "BINS_MOVED") > 0);
    // Decided at the reducers' placement: they fetched the new map's bins from the first map on
    // (nothing to gain later), so the rebalance shows in the part files: the reducers given P = 3
    // hold more records than stock's same reducers.
    List<List<String>> stock = new JobOutput(fs, "/out/wc-stock").textLines();
    List<List<String>> fixed = new JobOutput(fs, "/out/wc-fixed").textLines();
    long stockShare = 0;
    long fixedShare = 0;
    for (JsonNode c : last.path("classes")) {
      if (c.path("p").asDouble() == 3.0) {
        for (JsonNode r : c.path("reducers")) {
          stockShare += stock.get(r.asInt()).size();
          fixedShare += fixed.get(r.asInt()).size();
        }
      }
    }
    assertTrue(
        fixedShare > stockShare,
        "the P = 3 reducers hold " + fixedShare + " words, under stock " + stockShare);
  }

  /**
   * {@code -D pikachu.enabled=false} on a cluster where Pikachu is on: no bin fetched, no decision,
   * and every key in the part file that Hadoop's HashPartitioner gives it, in sorted order.
   */
  @Test
  void aJobThatOptsOutRunsAsStock() throws Exception {
    FinishedJob job = stockWordcount;
    assertEquals(0L, job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED"));
    // each task that ran Pikachu's plugin as stock says why: the job's off switch
    assertEquals(
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE"),
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE_DISABLED"));
    assertFalse(job.hasGroup(FinishedJob.DECISION_GROUP), "a decision for an opted-out job");
    assertEquals(List.of(), job.amLines("Pikachu decision"));
    assertFalse(fs.exists(decisionFile(job.id())), "a decision record for an opted-out job");

    List<List<String>> parts = new JobOutput(fs, "/out/wc-stock").textLines();
    assertEquals(REDUCERS, parts.size());
    assertEquals(List.of(), JobOutput.notWhereStockPutsThem(parts));
    long words = parts.stream().mapToLong(List::size).sum();
    assertTrue(words > 1000, "only " + words + " words");
  }

  /**
   * Both speculation keys off on a cluster whose AM preemption policy is Hadoop's own (not the
   * templates'): the AM builds no speculator and runs no plugin of Pikachu's, so no job layout is
   * written and every task runs as stock at once, counted under the reason its own configuration
   * gives ({@code STEPPED_ASIDE_SPECULATION_OFF}: what an admin can act on), instead of letting the
   * reducers wait for a bin map that never comes.
   */
  @Test
  void aJobWithSpeculationOffAndAnotherPreemptionPolicyRunsAsStockPromptly() throws Exception {
    // Were the reducers to wait for a final map, they would wait this long before sealing one.
    String longWait = "pikachu.binmap.final-wait-ms=600000";
    CompletableFuture<FinishedJob> off =
        async(
            () ->
                wordcount(
                    "wc-speculation-off",
                    "/out/wc-speculation-off",
                    "mapreduce.map.speculative=false",
                    "mapreduce.reduce.speculative=false",
                    "yarn.app.mapreduce.am.preemption.policy="
                        + "org.apache.hadoop.mapreduce.v2.app.rm.preemption.NoopAMPreemptionPolicy",
                    longWait));
    // a stock run beside it, so that both see the same load on the machine
    FinishedJob stock =
        wordcount("wc-stock-beside", "/out/wc-stock-beside", "pikachu.enabled=false");
    FinishedJob job = off.join();
    assertPartFilesEqualStock("/out/wc-speculation-off");
    assertEquals(
        (long) REDUCERS,
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE_SPECULATION_OFF"));
    assertEquals((long) REDUCERS, job.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE"));
    System.out.printf(
        "speculation off: %.1f s, stock beside it: %.1f s%n",
        job.durationMs() / 1000.0, stock.durationMs() / 1000.0);
    // Issue 17: "within a few seconds of stock's time"; a job waiting for a final map would take
    // the ten minutes of longWait.
    assertTrue(
        job.durationMs() < stock.durationMs() + 10_000,
        "speculation off took " + job.durationMs() + " ms, stock " + stock.durationMs() + " ms");
  }

  /**
   * Both speculation keys off on the templates' cluster: the AM builds no speculator, and Pikachu's
   * preemption policy hosts the controller, which measures the job from the AM's view of its
   * attempts: on the two equal NodeManagers the default two-stage estimator finds one class and
   * keeps the even map, the part files are stock's, and no attempt runs beyond one per task.
   */
  @Test
  void aJobWithSpeculationOffIsMeasuredThroughThePreemptionPolicy() throws Exception {
    FinishedJob job =
        wordcount(
            "wc-speculation-off-measured",
            "/out/wc-speculation-off-measured",
            SPREAD_MAPS,
            SPREAD_REDUCERS,
            "mapreduce.map.speculative=false",
            "mapreduce.reduce.speculative=false");
    assertPartFilesEqualStock("/out/wc-speculation-off-measured");
    assertEquals(1, job.amLines("the preemption policy hosts the controller").size());
    JsonNode last = finalVersion(job);
    assertEquals("two-stage", last.path("estimator").asText());
    assertFalse(last.path("rebalanced").asBoolean(), "rebalanced on equal nodes: " + last);
    assertEquals(1L, job.counterOrZero(FinishedJob.DECISION_GROUP, "NODE_CLASSES"));
    assertEquals(2, reducerNodes(last), "the reducers should sit on both NodeManagers");
    assertEquals(0L, job.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE"));
    assertOneAttemptPerTask(job);
  }

  /**
   * Both speculation keys off: the controller in the preemption policy rebalances with the {@code
   * fixed} estimator as the speculator's would (P = 3 for the class it measured faster), and the
   * records are stock's.
   */
  @Test
  void aJobWithSpeculationOffIsRebalancedThroughThePreemptionPolicy() throws Exception {
    List<String> nodes = cluster.nodeManagerIds();
    FinishedJob job =
        wordcount(
            "wc-speculation-off-fixed",
            "/out/wc-speculation-off-fixed",
            SPREAD_MAPS,
            SPREAD_REDUCERS,
            "mapreduce.map.speculative=false",
            "mapreduce.reduce.speculative=false",
            "pikachu.estimator=fixed",
            "pikachu.estimator.fixed-p=3",
            "pikachu.classes.map=" + nodes.get(0) + "=fast," + nodes.get(1) + "=slow");
    assertRecordsEqualStock("/out/wc-speculation-off-fixed");
    JsonNode last = finalVersion(job);
    assertTrue(last.path("rebalanced").asBoolean(), "not rebalanced: " + last);
    assertEquals(3000L, job.counterOrZero(FinishedJob.DECISION_GROUP, "P_FASTEST_MILLI"));
    assertTrue(job.counterOrZero(FinishedJob.DECISION_GROUP, "BINS_MOVED") > 0);
    assertEquals(1, job.amLines("Pikachu decision v1 (final): estimator=fixed").size());
    assertOneAttemptPerTask(job);
  }

  /** The README's gen-sort and sort: under the two-stage default, each part file is stock's. */
  @Test
  void theReadmeSortEqualsStockPartFileByPartFile() throws Exception {
    bench(
        "sort-stock",
        "sort",
        "-D",
        "mapreduce.job.reduces=" + REDUCERS,
        "-D",
        "pikachu.enabled=false",
        RECORDS,
        "/out/sort-stock");
    FinishedJob job =
        FinishedJob.of(
            cluster,
            bench(
                    "sort-pikachu",
                    "sort",
                    "-D",
                    "mapreduce.job.reduces=" + REDUCERS,
                    RECORDS,
                    "/out/sort-pikachu")
                .jobId());
    Configuration conf = cluster.conf();
    List<List<String>> stock = new JobOutput(fs, "/out/sort-stock").sequenceRecords(conf);
    assertEquals(stock, new JobOutput(fs, "/out/sort-pikachu").sequenceRecords(conf));
    assertEquals(
        (long) MAPS * REDUCERS * binsPerReducer(job),
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED"));
  }

  /**
   * Hadoop's {@link org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner} with its
   * partition file on HDFS (the benchmarks' {@code sort-total-order}): under a forced change the
   * output is sorted across the part files in part order and holds stock's records.
   */
  @Test
  void aTotalOrderSortStaysSortedUnderAChange() throws Exception {
    totalOrderSort("totalorder-stock", "pikachu.enabled=false");
    JarRun forced = totalOrderSort("totalorder-pikachu", "pikachu.test.forced-ratio=3");
    FinishedJob job = FinishedJob.of(cluster, forced.jobId());
    assertTrue(job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_GAINED") > 0, "no bin moved");

    Configuration conf = cluster.conf();
    List<List<String>> stock = new JobOutput(fs, "/out/totalorder-stock").sequenceRecords(conf);
    List<List<String>> pikachu = new JobOutput(fs, "/out/totalorder-pikachu").sequenceRecords(conf);
    assertSortedAcrossParts(stock);
    assertSortedAcrossParts(pikachu);
    assertEquals(JobOutput.multiset(stock), JobOutput.multiset(pikachu));
  }

  /**
   * Hadoop's own Sort example with {@code -totalOrder} (hadoop-mapreduce-examples) sets its
   * partition file on a configuration its job has already copied, so it fails before submitting,
   * stock or not; Pikachu must not change how.
   */
  @Test
  void hadoopsSortExampleTotalOrderFailsAlikeWithAndWithoutPikachu() throws Exception {
    for (String option : List.of("pikachu.enabled=false", "pikachu.enabled=true")) {
      JarRun run =
          cluster.hadoopJar(
              "example-totalorder-" + option.substring(option.indexOf('=') + 1),
              examples,
              List.of(
                  "sort",
                  "-D",
                  option,
                  "-r",
                  Integer.toString(REDUCERS),
                  "-totalOrder",
                  "0.5",
                  "2000",
                  Integer.toString(MAPS),
                  RECORDS,
                  "/out/example-totalorder"));
      assertNotEquals(0, run.exitCode(), option + ": Hadoop's Sort -totalOrder succeeded");
      assertTrue(
          run.output().contains("File does not exist")
              && run.output().contains("_sortPartitioning#_sortPartitioning"),
          option + ": not the upstream failure; see " + run.log());
      assertEquals(List.of(), run.jobIds(), option + ": a job was submitted");
    }
  }

  /**
   * The admin guide's other install: MapReduce as a framework tarball in HDFS ({@code
   * mapreduce.application.framework.path}) with the admin jar inside it, and a class path that
   * names only the archive, so nothing of a node's own installation reaches the job's containers.
   */
  @Test
  void theFrameworkTarballInstallRunsPikachu() throws Exception {
    HadoopHome home = HadoopHome.fromSystemProperty();
    Path archive = cluster.work().resolve("mapreduce.tar.gz");
    Process tar =
        new ProcessBuilder("tar", "-czf", archive.toString(), "-C", home.root().toString(), "share")
            .inheritIO()
            .start();
    assertEquals(0, tar.waitFor(), "tar of the layout's share/hadoop");
    fs.copyFromLocalFile(
        new org.apache.hadoop.fs.Path(archive.toUri()),
        new org.apache.hadoop.fs.Path("/apps/mapreduce.tar.gz"));
    List<String> classPath = new ArrayList<>();
    for (String component : List.of("mapreduce", "common", "yarn", "hdfs")) {
      classPath.add("$PWD/mr-framework/share/hadoop/" + component + "/*");
      classPath.add("$PWD/mr-framework/share/hadoop/" + component + "/lib/*");
    }
    FinishedJob job =
        wordcount(
            "wc-framework-tarball",
            "/out/wc-framework-tarball",
            SPREAD_MAPS,
            SPREAD_REDUCERS,
            "mapreduce.application.framework.path="
                + fs.getUri()
                + "/apps/mapreduce.tar.gz#mr-framework",
            "mapreduce.application.classpath=" + String.join(",", classPath));
    assertRecordsEqualStock("/out/wc-framework-tarball");
    assertEquals(1, job.amLines("Pikachu decision v1").size(), "the AM plugin ran");
    // every bin of every map at least once; more where a node class got more bins
    assertTrue(
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED")
            >= (long) MAPS * REDUCERS * binsPerReducer(job),
        "the task plugins ran");
  }

  /** A job with its own class loader for its classes still gets Pikachu from the cluster. */
  @Test
  void aJobWithItsOwnClassLoaderRunsPikachu() throws Exception {
    FinishedJob job =
        wordcount(
            "wc-job-classloader",
            "/out/wc-job-classloader",
            SPREAD_MAPS,
            SPREAD_REDUCERS,
            "mapreduce.job.classloader=true");
    assertRecordsEqualStock("/out/wc-job-classloader");
    assertEquals(1, job.amLines("Pikachu decision v1").size(), "the AM plugin ran");
    // every bin of every map at least once; more where a node class got more bins
    assertTrue(
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED")
            >= (long) MAPS * REDUCERS * binsPerReducer(job),
        "the task plugins ran");
  }

  /**
   * Issue 41, one layout rules the job: the first NodeManager's Pikachu settings differ from the
   * second's (bins per reducer marked final, another bin-map base). The AM decides the job's layout
   * from its own node's settings; every task on the other node follows it and logs what its own
   * settings say, the AM's node's tasks log none; the part files are stock's. (Every other job of
   * this class runs on this cluster too, so every exactness test here runs under the disagreement.)
   */
  @Test
  void aNodeWithOtherPikachuSettingsFollowsTheLayoutAndSaysSo() throws Exception {
    FinishedJob job =
        wordcount("wc-nodes-differ", "/out/wc-nodes-differ", SPREAD_MAPS, SPREAD_REDUCERS);
    assertPartFilesEqualStock("/out/wc-nodes-differ");
    int amNode = amNode(job.id());
    java.util.regex.Matcher layout = layoutWithBins(job.amLog());
    assertEquals(ownBinsPerReducer(amNode), Integer.parseInt(layout.group(1)), "the AM's node");
    assertEquals(
        ownBinMapBase(amNode),
        new org.apache.hadoop.fs.Path(layout.group(2)).getParent().toUri().getPath(),
        "the AM's node's bin-map base");
    for (int node = 1; node <= RealCluster.NODE_MANAGERS; node++) {
      Path logs = cluster.nodeManager(node).logDir();
      List<String> follow = FinishedJob.taskLines(logs, job.id(), "follows the job's layout");
      List<String> differ =
          FinishedJob.taskLines(logs, job.id(), "this node's own configuration says");
      assertFalse(follow.isEmpty(), "no task ran on nodemanager-" + node);
      if (node == amNode) {
        assertEquals(List.of(), differ, "nodemanager-" + node + " runs the AM: no difference");
        continue;
      }
      assertEquals(follow, differ, "not every task of nodemanager-" + node + " said so");
      for (String line : differ) {
        assertTrue(
            line.contains(
                "pikachu.bins.per-reducer giving " + ownBinsPerReducer(node) + " bins per reducer"),
            line);
        assertTrue(line.contains("pikachu.binmap.dir=" + ownBinMapBase(node)), line);
      }
    }
    assertEquals(
        (long) MAPS * REDUCERS * binsPerReducer(job),
        job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED"),
        "every task fetched the layout's bins");
  }

  /**
   * Issue 41's lifecycle, after every other test of this class: a job killed while it runs and a
   * job whose maps fail, then small jobs until {@value #JOBS_WITH_BINS} jobs of this cluster had a
   * bin-map directory. Each job's AM removed its directory when the job ended, and neither base
   * holds anything.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void endedJobsLeaveNoBinMapDirectoryBehind() throws Exception {
    writeTinyText();
    String killed = killOnceItHasABinMapDirectory();
    // every map's JVM refuses its heap (the line's flags ignore unknown -XX options, not this),
    // and a map has one attempt: the job fails
    JarRun failed =
        cluster.hadoopJar(
            "wc-failed",
            benchmarks,
            List.of(
                "wordcount",
                "-D",
                "mapreduce.job.reduces=2",
                "-D",
                "mapreduce.map.maxattempts=1",
                "-D",
                "mapreduce.map.java.opts=-Xmx1k",
                TINY_TEXT,
                "/out/wc-failed"));
    assertNotEquals(0, failed.exitCode(), "the failing job succeeded; see " + failed.log());
    String failedId = failed.jobId();

    java.util.Map<String, String> dirs = binMapDirsOfEveryJob();
    java.util.concurrent.ExecutorService clients =
        java.util.concurrent.Executors.newFixedThreadPool(3);
    try {
      for (int round = 0; dirs.size() < JOBS_WITH_BINS; round++) {
        assertTrue(
            round < 10, "only " + dirs.size() + " jobs with bins after " + round + " rounds");
        List<java.util.concurrent.Future<JarRun>> batch = new ArrayList<>();
        for (int j = 0; j < Math.min(3, JOBS_WITH_BINS - dirs.size()); j++) {
          String label = "wc-tiny-" + round + "-" + j;
          batch.add(
              clients.submit(
                  () ->
                      hadoopJar(
                          benchmarks,
                          label,
                          List.of(
                              "wordcount",
                              "-D",
                              "mapreduce.job.reduces=2",
                              TINY_TEXT,
                              "/out/" + label))));
        }
        for (java.util.concurrent.Future<JarRun> run : batch) {
          run.get();
        }
        dirs = binMapDirsOfEveryJob();
      }
    } finally {
      clients.shutdownNow();
    }
    assertTrue(dirs.containsKey(killed), "the killed job had no bin-map directory");
    assertTrue(dirs.containsKey(failedId), "the failed job had no bin-map directory");
    assertEquals(
        org.apache.hadoop.mapreduce.JobStatus.State.KILLED, jobState(killed), "the killed job");
    assertEquals(
        org.apache.hadoop.mapreduce.JobStatus.State.FAILED, jobState(failedId), "the failed job");

    // An AM removes its directory as it stops, which may be after its client returned.
    java.util.Map<String, String> all = dirs;
    Await.until(
        "every ended job's bin-map directory removed",
        java.time.Duration.ofSeconds(90),
        () -> {
          for (String dir : all.values()) {
            if (fs.exists(new org.apache.hadoop.fs.Path(dir))) {
              return false;
            }
          }
          return true;
        },
        cluster.daemons());
    int basesUsed = 0;
    for (String base : List.of(BINMAP_BASE, NODE_1_BINMAP_BASE)) {
      org.apache.hadoop.fs.Path b = new org.apache.hadoop.fs.Path(base);
      if (fs.exists(b)) {
        basesUsed++;
        assertEquals(
            List.of(),
            java.util.Arrays.stream(fs.listStatus(b)).map(f -> f.getPath().toString()).toList(),
            "left behind in " + base);
      }
    }
    assertTrue(basesUsed > 0, "no job made a bin-map directory in either base");
    System.out.println(
        dirs.size()
            + " jobs with bins (one killed, one failed) left no bin-map directory in "
            + BINMAP_BASE
            + " or "
            + NODE_1_BINMAP_BASE);
  }

  // ---- jobs

  private JarRun bench(String label, String... args) throws Exception {
    return hadoopJar(benchmarks, label, List.of(args));
  }

  private JarRun hadoopJar(Path jar, String label, List<String> args) throws Exception {
    return cluster.hadoopJar(label, jar, args).assertSucceeded();
  }

  /** The benchmarks' total-order sort of the generated records, into /out/{@code label}. */
  private JarRun totalOrderSort(String label, String option) throws Exception {
    List<String> args = new ArrayList<>(List.of("sort-total-order"));
    args.addAll(RealCluster.testKitFor(option));
    args.addAll(List.of("-D", "mapreduce.job.reduces=" + REDUCERS, "-D", option));
    args.addAll(List.of(RECORDS, "/out/" + label));
    return hadoopJar(benchmarks, label, args);
  }

  /**
   * The node profile on HDFS: the first job leaves its measurements there, and the second, on these
   * two equal NodeManagers, runs without bins when the profile puts them in one class (else with
   * bins, deciding as usual); either way its part files are stock's.
   */
  @Test
  void theNodeProfileOutlivesAJobOnHdfs() throws Exception {
    String[] profileOn = {
      "pikachu.profile.enabled=true", "pikachu.profile.dir=/pikachu/profile-test", SPREAD_MAPS
    };
    FinishedJob first = wordcount("wc-profile-1", "/out/wc-profile-1", profileOn);
    assertPartFilesEqualStock("/out/wc-profile-1");
    assertTrue(fs.exists(decisionFile(first.id())), "the first job decided with bins");
    org.apache.hadoop.fs.FileStatus[] files =
        fs.listStatus(new org.apache.hadoop.fs.Path("/pikachu/profile-test"));
    assertEquals(1, files.length, "one measurement file for the first job");
    assertEquals(
        "rwx------",
        fs.getFileStatus(new org.apache.hadoop.fs.Path("/pikachu/profile-test"))
            .getPermission()
            .toString(),
        "the profile directory is its user's alone");

    FinishedJob second = wordcount("wc-profile-2", "/out/wc-profile-2", profileOn);
    assertPartFilesEqualStock("/out/wc-profile-2");
    long withoutBins =
        second.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE_ONE_NODE_CLASS");
    if (withoutBins > 0) {
      assertEquals((long) REDUCERS, withoutBins, "every reducer ran as stock");
      assertEquals(0L, second.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED"));
      assertFalse(fs.exists(decisionFile(second.id())), "no decision without bins");
    } else {
      assertTrue(fs.exists(decisionFile(second.id())), "with bins, the job decided");
    }
    assertTrue(
        second.counterOrZero(FinishedJob.DECISION_GROUP, "PROFILED_NODES") > 0,
        "the second job started from the profile");
  }

  /** The README's wordcount over the generated text, with {@code -D} options. */
  private FinishedJob wordcount(String label, String output, String... options) throws Exception {
    return FinishedJob.of(
        cluster,
        hadoopJar(benchmarks, label, RealCluster.wordcountArgs(REDUCERS, TEXT, output, options))
            .jobId());
  }

  // ---- assertions

  private void assertPartFilesEqualStock(String output) throws Exception {
    List<byte[]> parts = new JobOutput(fs, output).partBytes();
    assertEquals(stockWordcountParts.size(), parts.size());
    for (int r = 0; r < parts.size(); r++) {
      assertArrayEquals(stockWordcountParts.get(r), parts.get(r), output + " part " + r);
    }
  }

  private void assertRecordsEqualStock(String output) throws Exception {
    assertEquals(
        JobOutput.multiset(new JobOutput(fs, "/out/wc-stock").textLines()),
        JobOutput.multiset(new JobOutput(fs, output).textLines()),
        output + " holds other records than stock's");
  }

  /** No speculative (or any other extra) attempt: as many attempts launched as tasks. */
  private static void assertOneAttemptPerTask(FinishedJob job) {
    String group = "org.apache.hadoop.mapreduce.JobCounter";
    assertEquals((long) MAPS, job.counterOrZero(group, "TOTAL_LAUNCHED_MAPS"), "map attempts");
    assertEquals(
        (long) REDUCERS, job.counterOrZero(group, "TOTAL_LAUNCHED_REDUCES"), "reduce attempts");
  }

  private static void assertBinsMoved(FinishedJob job) {
    long gained = job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_GAINED");
    assertTrue(gained > 0, "no bin gained");
    assertEquals(gained, job.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_DROPPED"));
  }

  private static void assertSortedAcrossParts(List<List<String>> parts) {
    BytesWritable previous = null;
    long records = 0;
    for (List<String> part : parts) {
      for (String record : part) {
        BytesWritable key =
            new BytesWritable(java.util.HexFormat.of().parseHex(record.split("/")[0]));
        assertTrue(previous == null || previous.compareTo(key) <= 0, "out of order at " + record);
        previous = key;
        records++;
      }
    }
    assertTrue(records > 0, "no records");
  }

  /** The last version of a job's decision record, which must be final. */
  private JsonNode finalVersion(FinishedJob job) throws Exception {
    JsonNode versions = FinishedJob.decisionRecord(fs, job.id()).path("versions");
    assertTrue(versions.size() > 0, "an empty decision record");
    JsonNode last = versions.get(versions.size() - 1);
    assertFalse("PROVISIONAL".equals(last.path("stage").asText()), "not final: " + last);
    return last;
  }

  /** On how many nodes the decision found reducers. */
  private static long reducerNodes(JsonNode decision) {
    List<String> nodes = new ArrayList<>();
    for (JsonNode c : decision.path("classes")) {
      if (c.path("reducers").size() > 0) {
        c.path("nodes").forEach(n -> nodes.add(n.asText()));
      }
    }
    return nodes.stream().distinct().count();
  }

  private static org.apache.hadoop.fs.Path decisionFile(String jobId) {
    return new org.apache.hadoop.fs.Path(ClusterSite.DECISION_DIR, jobId + ".decision.json");
  }

  // ---- helpers

  /** The bins per reducer of the layout the job's AM wrote (from its own node's settings). */
  private static int binsPerReducer(FinishedJob job) {
    return Integer.parseInt(layoutWithBins(job.amLog()).group(1));
  }

  /** The AM's line of a layout with bins: group 1 its bins per reducer, 2 its bin-map dir. */
  private static java.util.regex.Matcher layoutWithBins(List<String> amLog) {
    for (String line : amLog) {
      java.util.regex.Matcher m = LAYOUT_WITH_BINS.matcher(line);
      if (m.find()) {
        return m;
      }
    }
    throw new AssertionError("the AM wrote no layout with bins");
  }

  private static int ownBinsPerReducer(int node) {
    return node == 1 ? NODE_1_BINS_PER_REDUCER : BINS_PER_REDUCER;
  }

  private static String ownBinMapBase(int node) {
    return node == 1 ? NODE_1_BINMAP_BASE : BINMAP_BASE;
  }

  /** Which NodeManager (from 1) ran the job's first AM attempt. */
  private int amNode(String jobId) throws Exception {
    String app = jobId.replaceFirst("^job_", "application_");
    for (int node = 1; node <= RealCluster.NODE_MANAGERS; node++) {
      Path appDir = cluster.nodeManager(node).logDir().resolve(app);
      if (Files.isDirectory(appDir)) {
        try (Stream<Path> containers = Files.list(appDir)) {
          if (containers.anyMatch(c -> c.getFileName().toString().endsWith("_000001"))) {
            return node;
          }
        }
      }
    }
    throw new AssertionError("no NodeManager ran the AM of " + jobId);
  }

  /**
   * The bin-map directory of every job this cluster ran whose AM wrote a layout with bins, by job
   * id, from the AMs' logs.
   */
  private java.util.Map<String, String> binMapDirsOfEveryJob() throws Exception {
    java.util.Map<String, String> dirs = new java.util.TreeMap<>();
    try (org.apache.hadoop.yarn.client.api.YarnClient yarn =
        org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
      yarn.init(cluster.conf());
      yarn.start();
      for (org.apache.hadoop.yarn.api.records.ApplicationReport app : yarn.getApplications()) {
        String jobId = app.getApplicationId().toString().replaceFirst("^application_", "job_");
        List<String> amLog;
        try {
          amLog = FinishedJob.amLog(cluster.containerLogDirs(), jobId);
        } catch (AssertionError noAm) {
          continue;
        }
        for (String line : amLog) {
          java.util.regex.Matcher m = LAYOUT_WITH_BINS.matcher(line);
          if (m.find()) {
            dirs.put(jobId, m.group(2));
          }
        }
      }
    }
    return dirs;
  }

  /**
   * Starts the README's wordcount and kills it (as {@code mapred job -kill} does) once its AM has
   * made the job's bin-map directory; returns its id.
   */
  private String killOnceItHasABinMapDirectory() throws Exception {
    CompletableFuture<JarRun> run =
        async(
            () ->
                cluster.hadoopJar(
                    "wc-killed",
                    benchmarks,
                    List.of(
                        "wordcount",
                        "-D",
                        "mapreduce.job.reduces=" + REDUCERS,
                        TEXT,
                        "/out/wc-killed")));
    String[] jobId = {null};
    Await.until(
        "the job to kill running with a bin-map directory",
        java.time.Duration.ofMinutes(3),
        () -> {
          if (run.isDone()) {
            throw new AssertionError("the job to kill ended first: " + run.join().log());
          }
          jobId[0] = runningJobWithBinMapDirectory();
          return jobId[0] != null;
        },
        cluster.daemons());
    org.apache.hadoop.mapreduce.Cluster client =
        new org.apache.hadoop.mapreduce.Cluster(cluster.conf());
    try {
      client.getJob(org.apache.hadoop.mapreduce.JobID.forName(jobId[0])).killJob();
    } finally {
      client.close();
    }
    JarRun killed = run.join();
    assertNotEquals(0, killed.exitCode(), "the killed job's client succeeded: " + killed.log());
    assertEquals(jobId[0], killed.jobId());
    return jobId[0];
  }

  /** A running job of this cluster whose bin-map directory exists, or null. */
  private String runningJobWithBinMapDirectory() throws Exception {
    try (org.apache.hadoop.yarn.client.api.YarnClient yarn =
        org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
      yarn.init(cluster.conf());
      yarn.start();
      for (org.apache.hadoop.yarn.api.records.ApplicationReport app :
          yarn.getApplications(
              java.util.EnumSet.of(
                  org.apache.hadoop.yarn.api.records.YarnApplicationState.RUNNING))) {
        String jobId = app.getApplicationId().toString().replaceFirst("^application_", "job_");
        for (String base : List.of(BINMAP_BASE, NODE_1_BINMAP_BASE)) {
          org.apache.hadoop.fs.Path b = new org.apache.hadoop.fs.Path(base);
          if (fs.exists(b)) {
            for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(b)) {
              if (f.getPath().getName().startsWith(jobId + "-")) {
                return jobId;
              }
            }
          }
        }
      }
    }
    return null;
  }

  /** A job's final state as the cluster reports it. */
  private org.apache.hadoop.mapreduce.JobStatus.State jobState(String jobId) throws Exception {
    org.apache.hadoop.mapreduce.Cluster client =
        new org.apache.hadoop.mapreduce.Cluster(cluster.conf());
    try {
      return client.getJob(org.apache.hadoop.mapreduce.JobID.forName(jobId)).getStatus().getState();
    } finally {
      client.close();
    }
  }

  /** A small text of one file, so one map: words of a few letters, some repeated. */
  private void writeTinyText() throws Exception {
    StringBuilder text = new StringBuilder();
    java.util.Random random = new java.util.Random(41);
    for (int line = 0; line < 2000; line++) {
      for (int w = 0; w < 8; w++) {
        text.append(w == 0 ? "" : " ").append(Integer.toString(random.nextInt(5000), 36));
      }
      text.append('\n');
    }
    try (org.apache.hadoop.fs.FSDataOutputStream out =
        fs.create(new org.apache.hadoop.fs.Path(TINY_TEXT), true)) {
      out.write(text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  /** The body of a GET, or null when the server does not answer 200 (an AM that just ended). */
  private static String httpGet(String url) {
    try {
      java.net.HttpURLConnection c =
          (java.net.HttpURLConnection) java.net.URI.create(url).toURL().openConnection();
      c.setConnectTimeout(2000);
      c.setReadTimeout(5000);
      try {
        if (c.getResponseCode() != 200) {
          return null;
        }
        return new String(
            c.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      } finally {
        c.disconnect();
      }
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /** A resource bundle of the installed admin jar, as the cluster's JVMs find it. */
  private java.util.Properties bundle(String entry) throws Exception {
    java.util.Properties p = new java.util.Properties();
    try (JarFile jar = new JarFile(installedJar.toFile());
        java.io.InputStream in = jar.getInputStream(jar.getEntry(entry))) {
      p.load(in);
    }
    return p;
  }

  /** The layout's Hadoop version, from its hadoop-common jar's name. */
  private static String hadoopVersion() throws Exception {
    try (Stream<Path> files = Files.list(HadoopHome.fromSystemProperty().share("common"))) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.matches("hadoop-common-[0-9.]+\\.jar"))
          .map(n -> n.substring("hadoop-common-".length(), n.length() - ".jar".length()))
          .findFirst()
          .orElseThrow();
    }
  }

  /** Copies the decision records and AM traces off HDFS, so that they outlive the cluster. */
  private void keepRecords(Path into) {
    // The JobHistory server's files too (done and done_intermediate): the advisor is validated on
    // histories a real cluster's history server writes (pikachu-advisor, RealClusterHistoriesTest).
    for (String dir :
        List.of(
            ClusterSite.DECISION_DIR, ClusterSite.TRACE_DIR, "/tmp/hadoop-yarn/staging/history")) {
      try {
        Files.createDirectories(into);
        fs.copyToLocalFile(
            new org.apache.hadoop.fs.Path(dir), new org.apache.hadoop.fs.Path(into.toUri()));
      } catch (Exception e) {
        System.err.println("could not keep " + dir + ": " + e);
      }
    }
  }

  private static List<Path> jars(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
    }
  }

  /** Whether a jar holds classes of the plugin (core, store, task side, AM side). */
  private static boolean holdsPluginClasses(Path jar) throws Exception {
    try (JarFile file = new JarFile(jar.toFile())) {
      return file.stream()
          .anyMatch(
              e ->
                  e.getName().startsWith("io/pikachu/core/")
                      || e.getName().startsWith("io/pikachu/store/")
                      || e.getName().startsWith("io/pikachu/task/")
                      || e.getName().startsWith("io/pikachu/am/"));
    }
  }

  private interface Work<T> {
    T run() throws Exception;
  }

  private static <T> CompletableFuture<T> async(Work<T> work) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return work.run();
          } catch (Exception e) {
            throw new java.util.concurrent.CompletionException(e);
          }
        });
  }
}
