package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.partitioner.PikachuCounter;
import io.pikachu.partitioner.VirtualBinsConfig;
import io.pikachu.partitioner.binmap.FsBinMapStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Exactness of the bin shuffle on an embedded cluster of three NodeManagers with the stock
 * ShuffleHandler: each job runs stock and under Pikachu variants side by side, and the output must
 * equal stock's. Bin maps come from the test hook or are published by the test itself, so these
 * tests exercise the task side alone; the controller's are in {@link AmPluginClusterTest}.
 */
@SharedCluster.On(SharedCluster.Kind.PLAIN)
class BinExactnessTest {
  private static final int REDUCERS = 3;
  private static final int MAPS = 4;
  private static SharedCluster.Handle cluster;
  private static Configuration conf;
  private static FileSystem fs;
  private static Path root;
  private static Path input;
  private static StockVsPikachu harness;

  @BeforeAll
  static void writeInput() throws Exception {
    cluster = SharedCluster.forClass(BinExactnessTest.class);
    conf = new Configuration(cluster.conf());
    conf.setInt(MRJobConfig.IO_SORT_MB, 16);
    conf.setFloat(MRJobConfig.COMPLETED_MAPS_FOR_REDUCE_SLOWSTART, 0f);
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    fs = cluster.fs();
    root = cluster.base();
    input = new Path(root, "input");
    TestApps.writeInput(fs, input, MAPS, 1200, 7);
    harness = new StockVsPikachu(fs, root, conf);
  }

  private static Configuration binsConf() {
    return bins(new Configuration(conf));
  }

  private static Configuration bins(Configuration c) {
    VirtualBinsConfig.enable(c);
    return c;
  }

  /** The test hook's change to P = {@code ratio} (1: the even map) for the first half. */
  private static UnaryOperator<Configuration> forced(double ratio, float afterMaps) {
    return c -> {
      bins(c).set(PikachuKeys.TEST_FORCED_RATIO.name(), Double.toString(ratio));
      c.setFloat(PikachuKeys.TEST_FORCED_AFTER_MAPS.name(), afterMaps);
      return c;
    };
  }

  /** Pikachu switched on, with the controller, and the job saying pikachu.enabled=false. */
  private static Configuration optedOut(Configuration c) {
    bins(c).setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.setBoolean(PikachuKeys.ENABLED.name(), false);
    return c;
  }

  /**
   * Runs stock, (a) bins under the even map, (b) a change to P = 3 mid-shuffle, (c) after all maps,
   * and (d) an opted-out job of one application side by side and checks exact output; under the
   * even map every key must sit in the part file stock puts it in.
   */
  private void runMatrix(TestApps.App app) throws Exception {
    Map<String, UnaryOperator<Configuration>> variants = new LinkedHashMap<>();
    variants.put("even", forced(1.0, 0.5f));
    variants.put("forced-mid", forced(3.0, 0.5f));
    variants.put("forced-end", forced(3.0, 1.0f));
    variants.put("opted-out", BinExactnessTest::optedOut);
    StockVsPikachu.Runs runs =
        harness.run(
            app.name().toLowerCase(),
            (c, out, name) -> {
              Job job = TestApps.create(app, c, input, out, REDUCERS, name);
              if (app == TestApps.App.TOTAL_ORDER_SORT) {
                TestApps.writePartitionFile(job, new Path(out.getParent(), name + "-partitions"));
              }
              return job;
            },
            variants);
    boolean ordered = app == TestApps.App.TOTAL_ORDER_SORT;
    for (String variant : List.of("forced-mid", "forced-end")) {
      harness.assertMatchesStock(runs, variant, ordered ? Match.CONCATENATED_BYTES : Match.RECORDS);
    }
    // the order of values of one key depends on the merge, so Sort, whose keys repeat, is
    // compared record by record within each part file
    harness.assertMatchesStock(
        runs, "even", app == TestApps.App.SORT ? Match.PLACEMENT : Match.BYTES);
    harness.assertMatchesStock(runs, "opted-out", Match.BYTES);
    assertEquals(0, PikachuCounter.BINS_FETCHED.valueIn(runs.get("opted-out").getCounters()));
    Counters plain = runs.get("even").getCounters();
    assertEquals((long) MAPS * REDUCERS * 10, PikachuCounter.BINS_FETCHED.valueIn(plain));
    assertEquals(0, PikachuCounter.BINS_GAINED.valueIn(plain));
    // P = 3, reducer 0 fast: 30 bins become 18, 6, 6. Hash slices move the fewest bins, 4 from
    // each slow reducer; total order keeps contiguous ranges, [0,18)[18,24)[24,30), and moves 12
    for (String variant : List.of("forced-mid", "forced-end")) {
      Counters c = runs.get(variant).getCounters();
      assertEquals(ordered ? 8 + 4 + 0 : 8, PikachuCounter.BINS_GAINED.valueIn(c), variant);
      assertEquals(ordered ? 0 + 8 + 4 : 8, PikachuCounter.BINS_DROPPED.valueIn(c), variant);
    }
    Counters end = runs.get("forced-end").getCounters();
    assertTrue(PikachuCounter.BYTES_DROPPED.valueIn(end) > 0, "lost bins had been fetched");
    assertTrue(PikachuCounter.BYTES_RESHUFFLED.valueIn(end) > 0, "gained bins re-shuffled");
  }

  @Test
  void wordcountExactUnderEveryChange() throws Exception {
    runMatrix(TestApps.App.WORDCOUNT);
  }

  @Test
  void compressedSortExactUnderEveryChange() throws Exception {
    runMatrix(TestApps.App.SORT);
  }

  @Test
  void totalOrderSortByteIdenticalUnderEveryChange() throws Exception {
    runMatrix(TestApps.App.TOTAL_ORDER_SORT);
  }

  /**
   * The AM-side path: maps published through the {@link FsBinMapStore} while the job runs, a
   * reducer attempt killed after it applied a change, its re-run starting from the current map, and
   * the final map published last.
   */
  @Test
  void reducerKilledAfterChangeIsRerunExactly() throws Exception {
    Configuration c = binsConf();
    c.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.setLong(PikachuKeys.BINMAP_POLL_MS.name(), 300);
    Job stock =
        TestApps.create(
            TestApps.App.SORT, conf, input, new Path(root, "kill-stock"), REDUCERS, "kill-stock");
    Job job =
        TestApps.create(
            TestApps.App.SORT, c, input, new Path(root, "kill-bins"), REDUCERS, "kill-bins");
    stock.submit();
    job.submit();
    String jobDir = job.getConfiguration().get(MRJobConfig.MAPREDUCE_JOB_DIR);
    assertNotNull(jobDir, "the submitter records the staging dir of the job");
    FsBinMapStore store = FsBinMapStore.forJob(job.getConfiguration(), REDUCERS, 10);

    // wait until reducer 1 fetches under the even map, then publish a non-final P=3 map
    waitFor(() -> reducer1Counter(job, PikachuCounter.BINS_FETCHED) > 0, "reducer 1 fetching");
    store.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    // reducer 1 loses bins [10,18): wait until its attempt has applied the change, then kill it
    waitFor(
        () -> reducer1Counter(job, PikachuCounter.BINS_DROPPED) > 0,
        "reducer 1 applied the change");
    TaskAttemptID[] killed = new TaskAttemptID[1];
    for (TaskReport r : job.getTaskReports(TaskType.REDUCE)) {
      if (r.getTaskID().getId() == 1) {
        killed[0] = r.getRunningTaskAttemptIds().iterator().next();
      }
    }
    assertNotNull(killed[0]);
    job.killTask(killed[0]);
    waitFor(
        () -> {
          List<TaskAttemptID> running = runningAttempts(job);
          return running.stream().anyMatch(a -> a.getTaskID().getId() == 1 && !a.equals(killed[0]));
        },
        "reducer 1 re-run");
    // the re-run starts from the current map (v1), then must follow a different final map
    TaskAttemptID rerun =
        runningAttempts(job).stream()
            .filter(a -> a.getTaskID().getId() == 1)
            .findFirst()
            .orElseThrow();
    waitFor(() -> containerLogsContain(rerun + ") starts with BinMap{v1,"), "re-run reads v1");
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
        containerLogsContain(
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
    Configuration c = binsConf();
    c.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.setLong(PikachuKeys.BINMAP_POLL_MS.name(), 300);
    Job stock =
        TestApps.create(
            TestApps.App.WORDCOUNT, conf, input, new Path(root, "lost-stock"), REDUCERS, "lost-s");
    Job job =
        TestApps.create(
            TestApps.App.WORDCOUNT, c, input, new Path(root, "lost-bins"), REDUCERS, "lost-bins");
    stock.submit();
    job.submit();
    FsBinMapStore store = FsBinMapStore.forJob(job.getConfiguration(), REDUCERS, 10);
    waitFor(
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
                outputsByNode.computeIfAbsent(nodeOf(f), n -> new ArrayList<>()).add(f);
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
   * The NodeManager that holds a map output file: MiniYARNCluster names each NodeManager's local
   * directories {@code <cluster>-localDir-nm-<index>_<dir>}.
   */
  private static String nodeOf(java.nio.file.Path output) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("-localDir-nm-(\\d+)_").matcher(output.toString());
    if (!m.find()) {
      throw new AssertionError("not under a NodeManager's local directory: " + output);
    }
    return "nm-" + m.group(1);
  }

  /** True when some container's syslog on the embedded cluster contains {@code text}. */
  private static boolean containerLogsContain(String text) throws Exception {
    try (var files = java.nio.file.Files.walk(cluster.cluster().workDir().toPath())) {
      return files
          .filter(f -> f.getFileName().toString().equals("syslog"))
          .anyMatch(
              f -> {
                try {
                  return java.nio.file.Files.readString(f).contains(text);
                } catch (java.io.IOException e) {
                  return false; // a log being rotated or removed
                }
              });
    }
  }

  /** A counter of reducer 1's running attempt, as last reported to the AM. */
  private static long reducer1Counter(Job job, PikachuCounter counter) throws Exception {
    for (TaskReport r : job.getTaskReports(TaskType.REDUCE)) {
      if (r.getTaskID().getId() == 1 && !r.getRunningTaskAttemptIds().isEmpty()) {
        return r.getTaskCounters().findCounter(PikachuCounter.GROUP, counter.name()).getValue();
      }
    }
    return 0;
  }

  private static List<TaskAttemptID> runningAttempts(Job job) throws Exception {
    List<TaskAttemptID> running = new ArrayList<>();
    for (TaskReport r : job.getTaskReports(TaskType.REDUCE)) {
      running.addAll(r.getRunningTaskAttemptIds());
    }
    return running;
  }

  interface Condition {
    boolean holds() throws Exception;
  }

  private static void waitFor(Condition condition, String what) throws Exception {
    long deadline = System.currentTimeMillis() + 120_000;
    while (!condition.holds()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(250);
    }
  }
}
