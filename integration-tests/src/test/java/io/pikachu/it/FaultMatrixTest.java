package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.am.Pikachu;
import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.DecisionStage;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.DecisionFiles;
import io.pikachu.store.FsBinMapStore;
import io.pikachu.store.PikachuCounter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.TypeConverter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fault matrix of docs/virtual-bins.md ("Failure model"), on the shared cluster of three equal
 * NodeManagers: each fault Hadoop survives, injected after the bin map changed, and the output
 * compared with stock's. Tagged {@code faults}: {@code mvn -B -P faults -pl integration-tests -am
 * test} runs it (docs/virtual-bins.md says why it is not in the default build).
 */
@Tag("faults")
class FaultMatrixTest extends SmallJobs {

  /** Bins with bin maps published by the test itself, as the AM's controller would. */
  private Configuration binsConf() {
    return ClusterProbes.binsPublishedByHand(conf);
  }

  private Job job(TestApps.App app, Configuration c, String name) throws Exception {
    return TestApps.create(app, c, input, new Path(root, name), REDUCERS, name);
  }

  private void assertSameRecords(Job stock, Job job) throws Exception {
    harness.assertMatchesStock(
        FileOutputFormat.getOutputPath(stock),
        FileOutputFormat.getOutputPath(job),
        job.getJobName(),
        Match.RECORDS);
  }

  /**
   * The AM-side path: maps published through the {@link FsBinMapStore} while the job runs, a
   * reducer attempt killed after it applied a provisional change (v1), its re-run starting from the
   * map in force, and a different final map (v2) published last.
   */
  @Test
  void aReducerKilledBetweenTwoChangesIsRerunFromTheMapInForce() throws Exception {
    Job stock = job(TestApps.App.SORT, conf, "kill-stock");
    Job job = job(TestApps.App.SORT, binsConf(), "kill-bins");
    stock.submit();
    FsBinMapStore store = ClusterProbes.submitPublishingByHand(job, REDUCERS);

    // wait until reducer 1 fetches under the even map, then publish a non-final P=3 map
    ClusterProbes.waitFor(
        () -> ClusterProbes.reducerCounter(job, 1, PikachuCounter.BINS_FETCHED) > 0,
        "reducer 1 fetching");
    store.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    // reducer 1 loses bins [10,18): wait until its attempt has applied the change, then kill it
    ClusterProbes.waitFor(
        () -> ClusterProbes.reducerCounter(job, 1, PikachuCounter.BINS_DROPPED) > 0,
        "reducer 1 applied the change");
    TaskAttemptID[] killed = new TaskAttemptID[1];
    for (TaskReport r : job.getTaskReports(TaskType.REDUCE)) {
      if (r.getTaskID().getId() == 1) {
        killed[0] = r.getRunningTaskAttemptIds().iterator().next();
      }
    }
    assertNotNull(killed[0]);
    job.killTask(killed[0]);
    ClusterProbes.waitFor(
        () -> {
          List<TaskAttemptID> running = ClusterProbes.runningReduceAttempts(job);
          return running.stream().anyMatch(a -> a.getTaskID().getId() == 1 && !a.equals(killed[0]));
        },
        "reducer 1 re-run");
    // the re-run starts from the current map (v1), then must follow a different final map
    TaskAttemptID rerun =
        ClusterProbes.runningReduceAttempts(job).stream()
            .filter(a -> a.getTaskID().getId() == 1)
            .findFirst()
            .orElseThrow();
    ClusterProbes.waitFor(
        () ->
            ClusterProbes.containerLogsContain(
                cluster.cluster().workDir(), rerun + ") starts with BinMap{v1,"),
        "re-run reads v1");
    BinMap winner = store.publish(BinMap.fromCounts(2, true, 10, new int[] {12, 12, 6}));
    assertEquals(2, winner.version(), "no reducer may have sealed before");

    assertTrue(stock.waitForCompletion(false));
    assertTrue(job.waitForCompletion(false));
    harness.assertMatchesStock(
        FileOutputFormat.getOutputPath(stock),
        FileOutputFormat.getOutputPath(job),
        job.getJobName(),
        Match.RECORDS);
    TaskReport reducer1 = null;
    for (TaskReport r : job.getTaskReports(TaskType.REDUCE)) {
      if (r.getTaskID().getId() == 1) {
        reducer1 = r;
      }
    }
    assertNotNull(reducer1);
    assertEquals(killed[0].getTaskID(), reducer1.getTaskID());
    assertEquals(rerun, reducer1.getSuccessfulTaskAttemptId());
    assertTrue(
        ClusterProbes.containerLogsContain(
            cluster.cluster().workDir(),
            rerun
                + "): bin map BinMap{v1, counts=[18, 6, 6]} -> "
                + "BinMap{v2, final, counts=[12, 12, 6]}"),
        "the re-run applied the final map");
  }

  /**
   * A finished map's output lost after the reducers fetched everything, then a final map under
   * which reducers 0 and 1 gain bins from every map: the lost map alone is re-run (fetch failures
   * name it, not the healthy map beside it on the same NodeManager) and the output equals stock's.
   */
  @Test
  void aMapOutputLostAfterTheShuffleIsRerunAloneWhenAChangeNeedsIt() throws Exception {
    Job stock = job(TestApps.App.WORDCOUNT, conf, "lost-stock");
    Job job = job(TestApps.App.WORDCOUNT, binsConf(), "lost-bins");
    stock.submit();
    FsBinMapStore store = ClusterProbes.submitPublishingByHand(job, REDUCERS);
    ClusterProbes.waitFor(
        () -> {
          TaskReport[] reducers = job.getTaskReports(TaskType.REDUCE);
          if (reducers.length < REDUCERS) {
            return false;
          }
          for (TaskReport r : reducers) {
            if (r.getTaskCounters().findCounter(PikachuCounter.GROUP, "BINS_FETCHED").getValue()
                < MAPS * 10L) {
              return false;
            }
          }
          return true;
        },
        "every reducer fetched its bins of every map under the even map");
    // Four maps on three NodeManagers: one of them holds two map outputs. Lose one of those two.
    String app = job.getJobID().toString().replace("job_", "application_");
    Map<String, List<java.nio.file.Path>> outputsByNode = new LinkedHashMap<>();
    try (var files = java.nio.file.Files.walk(cluster.cluster().workDir().toPath())) {
      files
          .filter(f -> f.getFileName().toString().equals("file.out"))
          .filter(f -> f.toString().contains("/" + app + "/") && f.toString().contains("_m_"))
          .forEach(
              f -> {
                outputsByNode
                    .computeIfAbsent(ClusterProbes.nodeOf(f), n -> new ArrayList<>())
                    .add(f);
              });
    }
    List<java.nio.file.Path> shared =
        outputsByNode.values().stream()
            .filter(l -> l.size() >= 2)
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("no NodeManager with two maps: " + outputsByNode));
    java.nio.file.Path victim = shared.get(0);
    String lostAttempt = victim.getParent().getFileName().toString();
    java.nio.file.Files.delete(victim);
    java.nio.file.Files.deleteIfExists(victim.resolveSibling("file.out.index"));
    // P=3 for reducer 0: it gains [10,18) and reducer 1 gains [18,20), from every map
    store.publish(BinMap.fromCounts(1, true, 10, new int[] {18, 6, 6}));

    assertTrue(stock.waitForCompletion(false));
    assertTrue(job.waitForCompletion(false));
    harness.assertMatchesStock(
        FileOutputFormat.getOutputPath(stock),
        FileOutputFormat.getOutputPath(job),
        job.getJobName(),
        Match.RECORDS);
    for (TaskReport r : job.getTaskReports(TaskType.MAP)) {
      TaskAttemptID won = r.getSuccessfulTaskAttemptId();
      boolean lost = TaskAttemptID.forName(lostAttempt).getTaskID().equals(r.getTaskID());
      assertEquals(
          lost ? 1 : 0,
          won.getId(),
          won + (lost ? " should be the re-run of the lost output" : " should not be re-run"));
    }
  }

  /**
   * The MR application master killed once it published its first version: YARN starts attempt 2,
   * which keeps what was published instead of deciding anew (a provisional map becomes final), and
   * the output equals stock's. {@code fixed} publishes one final version; {@code two-stage}, over
   * admin-given classes, a provisional one first.
   */
  @ParameterizedTest
  @ValueSource(strings = {"fixed", "two-stage"})
  void anAmKilledAfterItPublishedIsRestartedAndKeepsWhatItPublished(String estimator)
      throws Exception {
    Configuration c = new Configuration(conf);
    Pikachu.enable(c);
    c.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    c.setBoolean(PikachuKeys.SPECULATIVE_REDUCES.name(), false);
    c.set(PikachuKeys.DECISION_DIR.name(), new Path(root, "decisions").toString());
    c.set(PikachuKeys.ESTIMATOR.name(), estimator);
    c.set(PikachuKeys.FIXED_P.name(), "3");
    List<String> nodes = cluster.cluster().nodes().stream().map(n -> n.nodeId()).toList();
    c.set(
        PikachuKeys.NODE_CLASSES.name(),
        nodes.get(0) + "=a," + nodes.get(1) + "=b," + nodes.get(2) + "=b");
    c.setInt(MRJobConfig.MR_AM_MAX_ATTEMPTS, 2);
    String name = "am-restart-" + estimator;
    Job stock = job(TestApps.App.WORDCOUNT, conf, name + "-stock");
    Job job = job(TestApps.App.WORDCOUNT, c, name);
    stock.submit();
    job.submit();
    Path record = DecisionFiles.copyIn(new Path(root, "decisions"), job.getJobID().toString());
    ClusterProbes.waitFor(
        () -> {
          assertFalse(job.isComplete(), "the job ended before its AM could be killed");
          return fs.exists(record);
        },
        "the first published version");
    Decision first = DecisionFiles.read(conf, record).versions().get(0);
    assertEquals(
        estimator.equals("fixed") ? DecisionStage.FINAL : DecisionStage.PROVISIONAL, first.stage());
    String app = TypeConverter.toYarn(job.getJobID()).getAppId().toString();
    ProcessHandle am =
        ProcessHandle.allProcesses()
            .filter(
                p -> {
                  // the JVM itself, not the shell of launch_container.sh that started it
                  boolean java = p.info().command().map(x -> x.endsWith("/java")).orElse(false);
                  String cmd = p.info().commandLine().orElse("");
                  return java && cmd.contains("MRAppMaster") && cmd.contains(app);
                })
            .findFirst()
            .orElseThrow(() -> new AssertionError("no AM process of " + app));
    assertTrue(am.destroyForcibly());
    am.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
    // what attempt 1 published before it died (a correction may have followed the first version)
    DecisionRecord atDeath = DecisionFiles.read(conf, record);

    assertTrue(stock.waitForCompletion(false));
    assertTrue(job.waitForCompletion(false), job.getStatus().getFailureInfo());
    assertEquals(
        2,
        cluster.cluster().appAttempts(TypeConverter.toYarn(job.getJobID()).getAppId()),
        "YARN ran a second AM attempt");
    assertSameRecords(stock, job);
    DecisionRecord kept = DecisionFiles.read(conf, record);
    assertEquals(first, kept.versions().get(0), "attempt 2 did not decide anew");
    assertEquals(
        atDeath.versions(),
        kept.versions().subList(0, atDeath.versions().size()),
        "attempt 2 kept every version attempt 1 published");
    assertTrue(kept.isFinal());
    assertEquals(atDeath.last().owners(), kept.last().owners(), "the map in force stays in force");
    if (atDeath.isFinal()) {
      assertEquals(atDeath.versions().size(), kept.versions().size(), "a version after a final");
    }
  }

  /**
   * A speculative attempt of reducer 1 launched after it applied a provisional change: both
   * attempts start from the map in force, follow the final map published afterwards, and whichever
   * finishes first commits; the output equals stock's.
   */
  @Test
  void aSpeculativeReducerStartedAfterAChangeFollowsTheSameFinalMap() throws Exception {
    Configuration c = binsConf();
    c.set(PikachuKeys.SPECULATOR_CLASS, SpeculateReducerOnce.class.getName());
    c.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    c.setInt(SpeculateReducerOnce.REDUCER, 1);
    Job stock = job(TestApps.App.WORDCOUNT, conf, "spec-stock");
    Job job = job(TestApps.App.WORDCOUNT, c, "spec-bins");
    stock.submit();
    FsBinMapStore store = ClusterProbes.submitPublishingByHand(job, REDUCERS);
    ClusterProbes.waitFor(
        () -> ClusterProbes.reducerCounter(job, 1, PikachuCounter.BINS_FETCHED) > 0,
        "reducer 1 fetching");
    store.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    ClusterProbes.waitFor(
        () ->
            ClusterProbes.runningReduceAttempts(job).stream()
                    .filter(a -> a.getTaskID().getId() == 1)
                    .count()
                == 2,
        "a speculative attempt of reducer 1 beside the first");
    for (TaskAttemptID a : ClusterProbes.runningReduceAttempts(job)) {
      if (a.getTaskID().getId() == 1) {
        ClusterProbes.waitFor(
            () ->
                ClusterProbes.containerLogsContain(cluster.cluster().workDir(), a + "): bin map ")
                    || ClusterProbes.containerLogsContain(
                        cluster.cluster().workDir(), a + ") starts with BinMap{v1,"),
            a + " follows v1");
      }
    }
    store.publish(BinMap.fromCounts(2, true, 10, new int[] {12, 12, 6}));
    assertTrue(stock.waitForCompletion(false));
    assertTrue(job.waitForCompletion(false), job.getStatus().getFailureInfo());
    assertSameRecords(stock, job);
    TaskReport reducer1 =
        java.util.Arrays.stream(job.getTaskReports(TaskType.REDUCE))
            .filter(r -> r.getTaskID().getId() == 1)
            .findFirst()
            .orElseThrow();
    assertNotNull(reducer1.getSuccessfulTaskAttemptId());
  }

  /**
   * A corrupt provisional map (a torn file, as a copy that failed half way would leave) is skipped
   * for the newest readable one, and a valid final map that comes later is followed: the job
   * succeeds with stock's output. A corrupt final map cannot be replaced, so the job fails, naming
   * the file; it never runs on a map the reducers might read differently.
   */
  @Test
  void aCorruptProvisionalMapIsSkippedAndACorruptFinalMapFailsTheJobNamingIt() throws Exception {
    Job stock = job(TestApps.App.WORDCOUNT, conf, "corrupt-stock");
    Job skips = job(TestApps.App.WORDCOUNT, binsConf(), "corrupt-provisional");
    Job fails = job(TestApps.App.WORDCOUNT, binsConf(), "corrupt-final");
    stock.submit();
    FsBinMapStore provisional = ClusterProbes.submitPublishingByHand(skips, REDUCERS);
    FsBinMapStore failing = ClusterProbes.submitPublishingByHand(fails, REDUCERS);
    // Publish once reducer 1 runs under the even map: a reducer that starts after v1 was published
    // starts with v1 and never drops a bin, so BINS_DROPPED would not show that it followed v1.
    ClusterProbes.waitFor(
        () -> ClusterProbes.reducerCounter(skips, 1, PikachuCounter.BINS_FETCHED) > 0,
        "reducer 1 fetching");
    provisional.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    Path torn = new Path(provisional.dir(), "binmap-2");
    try (var out = fs.create(torn)) {
      out.write("pikachu-binmap 2\nversion 2\nfin".getBytes(StandardCharsets.UTF_8));
    }
    ClusterProbes.waitFor(
        () -> ClusterProbes.reducerCounter(skips, 1, PikachuCounter.BINS_DROPPED) > 0,
        "reducer 1 follows v1, the newest readable map");
    ClusterProbes.waitFor(
        () ->
            // the warning names the file as the store lists it, qualified (file:/...)
            ClusterProbes.containerLogsContain(
                cluster.cluster().workDir(),
                "Skipping an unreadable provisional bin map: invalid Pikachu bin map in ",
                torn.toUri().getPath() + ": "),
        "a reducer's warning that it skipped " + torn);
    provisional.publish(BinMap.fromCounts(3, true, 10, new int[] {6, 18, 6}));

    Path finalFile = new Path(failing.dir(), "final");
    // in the directory the AM made owner-only before any task ran
    try (var out = fs.create(finalFile)) {
      out.write("pikachu-binmap 2\nversion 1\n".getBytes(StandardCharsets.UTF_8));
    }

    assertTrue(stock.waitForCompletion(false));
    assertTrue(skips.waitForCompletion(false), skips.getStatus().getFailureInfo());
    assertSameRecords(stock, skips);
    assertFalse(fails.waitForCompletion(false), "a job whose final map cannot be read must fail");
    assertTrue(
        fs.makeQualified(finalFile).toString().contains(finalFile.toUri().getPath())
            && ClusterProbes.containerLogsContain(
                cluster.cluster().workDir(), finalFile.toUri().getPath()),
        "the reducers' error names " + finalFile);
  }
}
