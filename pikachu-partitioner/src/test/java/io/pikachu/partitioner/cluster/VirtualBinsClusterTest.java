package io.pikachu.partitioner.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.partitioner.PikachuCounter;
import io.pikachu.partitioner.VirtualBinsConfig;
import io.pikachu.partitioner.binmap.FsBinMapStore;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Acceptance tests on an embedded YARN cluster (3 NodeManagers, stock ShuffleHandler): every job
 * runs stock and with Pikachu bins under (a) no change, (b) a forced change to P=3 when half the
 * maps finished, (c) a forced change after all maps finished; outputs must equal stock's. The four
 * runs of one application share the cluster concurrently to keep the suite short.
 */
class VirtualBinsClusterTest {
  private static final int REDUCERS = 3;
  private static final int MAPS = 4;
  private static MiniMRYarnCluster cluster;
  private static Configuration conf;
  private static FileSystem fs;
  private static Path root;
  private static Path input;

  @BeforeAll
  static void startCluster() throws Exception {
    Configuration c = new Configuration();
    c.setInt(YarnConfiguration.NM_PMEM_MB, 8192);
    c.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
    c.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
    c.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
    cluster = new MiniMRYarnCluster("pikachu-bins-" + System.nanoTime(), 3);
    cluster.init(c);
    cluster.start();
    conf = new Configuration(cluster.getConfig());
    conf.setInt(MRJobConfig.MAP_MEMORY_MB, 384);
    conf.setInt(MRJobConfig.REDUCE_MEMORY_MB, 384);
    conf.setInt(MRJobConfig.MR_AM_VMEM_MB, 512);
    conf.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx200m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    conf.set(MRJobConfig.REDUCE_JAVA_OPTS, "-Xmx200m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, "-Xmx300m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
    conf.setInt(MRJobConfig.IO_SORT_MB, 16);
    conf.setFloat(MRJobConfig.COMPLETED_MAPS_FOR_REDUCE_SLOWSTART, 0f);
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    fs = FileSystem.get(conf);
    // a directory of its own: another build may run this module's tests at the same time
    File dir =
        java.nio.file.Files.createTempDirectory(
                new File("target").getAbsoluteFile().toPath(), "pikachu-cluster-test-")
            .toFile();
    root = fs.makeQualified(new Path(dir.getAbsolutePath()));
    input = new Path(root, "input");
    TestJobs.writeInput(fs, input, MAPS, 1200, 7);
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.stop();
    }
  }

  private static Configuration binsConf() {
    Configuration c = new Configuration(conf);
    VirtualBinsConfig.enable(c);
    return c;
  }

  private static Configuration forcedConf(double ratio, float afterMaps) {
    Configuration c = binsConf();
    c.set(PikachuKeys.TEST_FORCED_RATIO.name(), Double.toString(ratio));
    c.setFloat(PikachuKeys.TEST_FORCED_AFTER_MAPS.name(), afterMaps);
    return c;
  }

  /** Pikachu switched on, with the controller, and the job saying pikachu.enabled=false. */
  private static Configuration optedOutConf() {
    Configuration c = binsConf();
    c.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.setBoolean(PikachuKeys.ENABLED.name(), false);
    return c;
  }

  /**
   * Runs stock, (a) bins under the even map, (b) a change to P = 3 mid-shuffle, (c) after all maps,
   * and an opted-out job of one application concurrently and checks exact output; under the even
   * map every key must sit in the part file stock puts it in.
   */
  private void runMatrix(TestJobs.App app) throws Exception {
    Map<String, Configuration> variants = new LinkedHashMap<>();
    variants.put("stock", new Configuration(conf));
    variants.put("even", forcedConf(1.0, 0.5f));
    variants.put("forced-mid", forcedConf(3.0, 0.5f));
    variants.put("forced-end", forcedConf(3.0, 1.0f));
    variants.put("opted-out", optedOutConf());
    Map<String, Job> jobs = new LinkedHashMap<>();
    for (Map.Entry<String, Configuration> v : variants.entrySet()) {
      String name = app + "-" + v.getKey();
      Job job = TestJobs.create(app, v.getValue(), input, new Path(root, name), REDUCERS, name);
      if (app == TestJobs.App.TOTAL_ORDER_SORT) {
        TestJobs.writePartitionFile(job, new Path(root, name + "-partitions"));
      }
      job.submit();
      jobs.put(v.getKey(), job);
    }
    for (Map.Entry<String, Job> e : jobs.entrySet()) {
      assertTrue(e.getValue().waitForCompletion(false), app + " " + e.getKey() + " failed");
    }
    Path stockOut = FileOutputFormat.getOutputPath(jobs.get("stock"));
    List<String> expected = TestJobs.records(fs, stockOut);
    assertFalse(expected.isEmpty());
    for (String variant : List.of("even", "forced-mid", "forced-end")) {
      Path out = FileOutputFormat.getOutputPath(jobs.get(variant));
      assertEquals(expected, TestJobs.records(fs, out), app + " " + variant + " output differs");
      if (app == TestJobs.App.TOTAL_ORDER_SORT) {
        assertArrayEquals(
            TestJobs.concatenated(fs, stockOut),
            TestJobs.concatenated(fs, out),
            "total order " + variant + " not byte-identical");
      }
    }
    // a job that opts out on a cluster where Pikachu is on writes stock's part files byte for byte
    Path optedOut = FileOutputFormat.getOutputPath(jobs.get("opted-out"));
    Path even = FileOutputFormat.getOutputPath(jobs.get("even"));
    for (int r = 0; r < REDUCERS; r++) {
      String part = String.format("part-r-%05d", r);
      byte[] stockPart = readAll(new Path(stockOut, part));
      assertArrayEquals(stockPart, readAll(new Path(optedOut, part)), app + " " + part);
      // under the even map every key is in stock's part file; the order of values of one key
      // depends on the merge, so Sort, whose keys repeat, is compared as records
      if (app == TestJobs.App.SORT) {
        assertEquals(
            TestJobs.sortedLines(stockPart),
            TestJobs.sortedLines(readAll(new Path(even, part))),
            app + " even " + part);
      } else {
        assertArrayEquals(stockPart, readAll(new Path(even, part)), app + " even " + part);
      }
    }
    assertEquals(0, PikachuCounter.BINS_FETCHED.valueIn(jobs.get("opted-out").getCounters()));
    Counters plain = jobs.get("even").getCounters();
    assertEquals((long) MAPS * REDUCERS * 10, PikachuCounter.BINS_FETCHED.valueIn(plain));
    assertEquals(0, PikachuCounter.BINS_GAINED.valueIn(plain));
    // P = 3, reducer 0 fast: 30 bins become 18, 6, 6. Hash slices move the fewest bins, 4 from
    // each slow reducer; total order keeps contiguous ranges, [0,18)[18,24)[24,30), and moves 12
    boolean ordered = app == TestJobs.App.TOTAL_ORDER_SORT;
    for (String variant : List.of("forced-mid", "forced-end")) {
      Counters c = jobs.get(variant).getCounters();
      assertEquals(ordered ? 8 + 4 + 0 : 8, PikachuCounter.BINS_GAINED.valueIn(c), variant);
      assertEquals(ordered ? 0 + 8 + 4 : 8, PikachuCounter.BINS_DROPPED.valueIn(c), variant);
    }
    Counters end = jobs.get("forced-end").getCounters();
    assertTrue(PikachuCounter.BYTES_DROPPED.valueIn(end) > 0, "lost bins had been fetched");
    assertTrue(PikachuCounter.BYTES_RESHUFFLED.valueIn(end) > 0, "gained bins re-shuffled");
  }

  @Test
  void wordcountExactUnderEveryChange() throws Exception {
    runMatrix(TestJobs.App.WORDCOUNT);
  }

  @Test
  void compressedSortExactUnderEveryChange() throws Exception {
    runMatrix(TestJobs.App.SORT);
  }

  @Test
  void totalOrderSortByteIdenticalUnderEveryChange() throws Exception {
    runMatrix(TestJobs.App.TOTAL_ORDER_SORT);
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
        TestJobs.create(
            TestJobs.App.SORT, conf, input, new Path(root, "kill-stock"), REDUCERS, "kill-stock");
    Job job =
        TestJobs.create(
            TestJobs.App.SORT, c, input, new Path(root, "kill-bins"), REDUCERS, "kill-bins");
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
    assertEquals(
        TestJobs.records(fs, FileOutputFormat.getOutputPath(stock)),
        TestJobs.records(fs, FileOutputFormat.getOutputPath(job)));
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

  private static byte[] readAll(Path file) throws java.io.IOException {
    try (var in = fs.open(file)) {
      return in.readAllBytes();
    }
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
        TestJobs.create(
            TestJobs.App.WORDCOUNT, conf, input, new Path(root, "lost-stock"), REDUCERS, "lost-s");
    Job job =
        TestJobs.create(
            TestJobs.App.WORDCOUNT, c, input, new Path(root, "lost-bins"), REDUCERS, "lost-bins");
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
    try (var files = java.nio.file.Files.walk(cluster.getTestWorkDir().toPath())) {
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
    assertEquals(
        TestJobs.records(fs, FileOutputFormat.getOutputPath(stock)),
        TestJobs.records(fs, FileOutputFormat.getOutputPath(job)));
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
    try (var files = java.nio.file.Files.walk(cluster.getTestWorkDir().toPath())) {
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
