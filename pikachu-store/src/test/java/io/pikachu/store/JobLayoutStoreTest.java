package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41: one layout rules the job. Every task follows the layout its AM wrote, whatever its own
 * node's settings say; no layout means stock for everyone; a store that fails is waited out.
 */
class JobLayoutStoreTest {
  @TempDir java.nio.file.Path tmp;
  Configuration conf;
  static final String HASH_PARTITIONER =
      "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner";

  @BeforeEach
  void setUp() {
    conf = new Configuration(false);
    VirtualBinsConfig.enable(conf);
    conf.setInt(MRJobConfig.NUM_REDUCES, 4);
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    conf.set(PikachuKeys.SPECULATOR_CLASS, PikachuKeys.PIKACHU_SPECULATOR);
    conf.set(MRJobConfig.MAPREDUCE_JOB_DIR, tmp.resolve("job_1").toUri().toString());
  }

  private JobLayout bins(int binsPerReducer, String dir) {
    return JobLayout.bins(
        Rebalancing.Enabled.of(Slicing.HASH, HASH_PARTITIONER), binsPerReducer, dir);
  }

  private JobLayout forTask(Configuration c) throws IOException {
    return JobLayoutStore.forTask(c, "attempt_1_0001_m_000000_0", () -> {});
  }

  @Test
  void noLayoutMeansStockForEveryTaskWhateverItsNodeSays() throws IOException {
    assertEquals(Optional.empty(), JobLayoutStore.forJob(conf).read());
    assertInstanceOf(Rebalancing.Enabled.class, VirtualBinsConfig.rebalancing(conf), "own: bins");
    assertEquals(Rebalancing.AsideReason.NO_LAYOUT, forTask(conf).steppedAside().get().why());
    conf.setBoolean(PikachuKeys.ENABLED.name(), false);
    assertEquals(Rebalancing.AsideReason.DISABLED, forTask(conf).steppedAside().get().why());
  }

  /**
   * The disagreement of 7d8858e: a map whose node said the controller is off stepped aside
   * (NO_CONTROLLER) while a reducer whose node said on read bins (x10). Both follow the layout now.
   */
  @Test
  void aMapAndAReducerOnDifferentlyConfiguredNodesFollowOneLayout() throws IOException {
    String dir = tmp.resolve("binmaps/job_1-0123456789abcdef").toUri().toString();
    JobLayoutStore.forJob(conf).claim(bins(30, dir));

    Configuration mapNode = new Configuration(conf);
    mapNode.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), false);
    assertEquals(
        Rebalancing.AsideReason.NO_CONTROLLER,
        ((Rebalancing.SteppedAside) VirtualBinsConfig.rebalancing(mapNode)).why(),
        "the map's own node would step aside");
    Configuration reduceNode = new Configuration(conf);
    reduceNode.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 10);
    reduceNode.set(PikachuKeys.BINMAP_DIR.name(), tmp.resolve("elsewhere").toUri().toString());
    Configuration offNode = new Configuration(conf);
    offNode.setBoolean(PikachuKeys.ENABLED.name(), false);
    Configuration badNode = new Configuration(conf);
    badNode.set(PikachuKeys.BINS_PER_REDUCER.name(), "many");

    for (Configuration node : List.of(mapNode, reduceNode, offNode, badNode)) {
      JobLayout followed = forTask(node);
      assertEquals(bins(30, dir), followed);
      assertEquals(120, followed.totalBins(4));
    }
  }

  /** Hadoop's LocalJobRunner has no AM: its first task claims the layout, the rest follow it. */
  @Test
  void underTheLocalJobRunnerTheFirstTaskClaimsTheLayout() throws IOException {
    conf.set("mapreduce.framework.name", "local");
    conf.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), false);
    conf.set("pikachu.test.forced-ratio", "3");
    conf.set(MRJobConfig.TASK_ATTEMPT_ID, "attempt_1_0001_m_000000_0");
    JobLayout first = forTask(conf);
    assertTrue(first.bins(), first.toString());
    assertEquals(Optional.of(first), JobLayoutStore.forJob(conf).read(), "written for the rest");
    Configuration later = new Configuration(conf);
    later.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 3);
    assertEquals(first, forTask(later));

    Configuration cluster = new Configuration(conf);
    cluster.set("mapreduce.framework.name", "yarn");
    cluster.set(MRJobConfig.MAPREDUCE_JOB_DIR, tmp.resolve("job_2").toUri().toString());
    assertEquals(
        Rebalancing.AsideReason.NO_LAYOUT,
        forTask(cluster).steppedAside().get().why(),
        "on a cluster only the AM writes layouts");
  }

  @Test
  void aStockLayoutStepsEveryTaskAsideWithItsReason() throws IOException {
    JobLayoutStore.forJob(conf)
        .claim(JobLayout.stock(Rebalancing.AsideReason.ONE_NODE_CLASS, "one-node-class: test"));
    Rebalancing.SteppedAside aside = forTask(conf).steppedAside().get();
    assertEquals(Rebalancing.AsideReason.ONE_NODE_CLASS, aside.why());
    assertEquals("one-node-class: test", aside.detail());
  }

  @Test
  void theFirstLayoutWrittenStays() throws IOException {
    JobLayout first = JobLayout.stock(Rebalancing.AsideReason.PARTITIONER, "first");
    assertEquals(first, JobLayoutStore.forJob(conf).claim(first));
    assertEquals(first, JobLayoutStore.forJob(conf).claim(bins(10, "hdfs://nn/x")));
    assertEquals(Optional.of(first), JobLayoutStore.forJob(conf).read());
  }

  @Test
  void everyFieldSurvivesTheFile() throws IOException {
    JobLayout keyRanges =
        JobLayout.bins(
            Rebalancing.Enabled.of(
                Slicing.KEY_RANGE,
                "org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner"),
            7,
            "hdfs://nn:8020/pikachu/job_1_0001-00ff00ff00ff00ff");
    JobLayoutStore.forJob(conf).claim(keyRanges);
    assertEquals(Optional.of(keyRanges), JobLayoutStore.forJob(conf).read());
  }

  @Test
  void aFileThatIsNoLayoutFailsTheTaskNamingIt() throws IOException {
    JobLayoutStore store = JobLayoutStore.forJob(conf);
    write(store.file(), "format=pikachu-layout 2\nlayout=bins\nslicing=HASH\n");
    var e = assertThrows(JobLayoutStore.UnreadableLayoutException.class, () -> forTask(conf));
    assertTrue(e.getMessage().contains(store.file().toString()), e.getMessage());
    assertTrue(e.getMessage().contains("partitioner is missing"), e.getMessage());
  }

  @Test
  void aLayoutOfAnotherFormatNamesBothVersions() throws IOException {
    JobLayoutStore store = JobLayoutStore.forJob(conf);
    write(store.file(), "bins=true\nwhy=an older AM\nbinsPerReducer=10\n");
    var e = assertThrows(JobLayoutStore.UnreadableLayoutException.class, store::read);
    assertTrue(e.getMessage().contains("one Pikachu version"), e.getMessage());
  }

  @Test
  void aFileSystemThatFailsIsWaitedOutWithTheTaskKeptAlive() throws IOException {
    JobLayoutStore.forJob(conf).claim(bins(10, "hdfs://nn/x"));
    Flaky flaky = new Flaky(FileSystem.getLocal(conf).getRaw(), 3);
    JobLayoutStore store = new JobLayoutStore(flaky, new Path(tmp.resolve("job_1").toString()));
    AtomicLong clock = new AtomicLong();
    List<Long> sleeps = new ArrayList<>();
    AtomicInteger alive = new AtomicInteger();

    Optional<JobLayout> read =
        store.readRetrying(
            600_000,
            alive::incrementAndGet,
            clock::get,
            ms -> {
              sleeps.add(ms);
              clock.addAndGet(ms);
            });

    assertEquals(Optional.of(bins(10, "hdfs://nn/x")), read);
    assertEquals(List.of(1000L, 2000L, 4000L), sleeps, "backs off while failing");
    assertEquals(3, alive.get(), "progress reported at each wait");
  }

  @Test
  void aFileSystemThatStaysDownFailsTheTaskAfterTheGiveUpTimeNamingTheFile() throws IOException {
    Flaky flaky = new Flaky(FileSystem.getLocal(conf).getRaw(), Integer.MAX_VALUE);
    JobLayoutStore store = new JobLayoutStore(flaky, new Path(tmp.resolve("job_1").toString()));
    AtomicLong clock = new AtomicLong();
    List<Long> sleeps = new ArrayList<>();
    var e =
        assertThrows(
            IOException.class,
            () ->
                store.readRetrying(
                    600_000,
                    () -> {},
                    clock::get,
                    ms -> {
                      sleeps.add(ms);
                      clock.addAndGet(ms);
                    }));
    assertTrue(e.getMessage().contains(store.file().toString()), e.getMessage());
    assertTrue(e.getMessage().contains("mapreduce.task.timeout"), e.getMessage());
    assertTrue(clock.get() >= 600_000, "not before the give-up time: " + clock.get());
    assertEquals(30_000L, sleeps.get(sleeps.size() - 1), "the wait is capped");
  }

  @Test
  void theGiveUpTimeIsAtLeastTheTaskTimeoutAndSpreadByAttempt() {
    conf.setLong(MRJobConfig.TASK_TIMEOUT, 600_000);
    long a = JobLayoutStore.giveUpMs(conf, "attempt_1_0001_r_000000_0");
    long b = JobLayoutStore.giveUpMs(conf, "attempt_1_0001_r_000001_0");
    assertTrue(a >= 600_000 && a < 900_000, "" + a);
    assertTrue(b >= 600_000 && b < 900_000, "" + b);
    assertTrue(a != b, "two attempts give up at different times");
    assertEquals(a, JobLayoutStore.giveUpMs(conf, "attempt_1_0001_r_000000_0"), "deterministic");
  }

  private void write(Path file, String text) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    try (OutputStream out = fs.create(file, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Fails its first {@code failures} opens, as a NameNode that is down does. */
  private static final class Flaky extends FilterFileSystem {
    private int failures;

    Flaky(FileSystem fs, int failures) {
      super(fs);
      this.failures = failures;
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      if (failures > 0) {
        failures--;
        throw new java.net.ConnectException("Connection refused (a test's NameNode is down)");
      }
      return super.open(f, bufferSize);
    }
  }

  /**
   * A node names the layout's base without scheme and authority, as an admin writes it: no
   * difference; a node whose base only shares a prefix with the layout's is one.
   */
  @Test
  void ownDifferencesCompareTheBinMapBaseByDirectory() {
    JobLayout layout = bins(10, "hdfs://nn:8020/pikachu/binmaps-node1/job_1-0123456789abcdef");
    Configuration node = new Configuration(conf);
    node.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 10);
    node.set(PikachuKeys.BINMAP_DIR.name(), "/pikachu/binmaps-node1");
    assertEquals(List.of(), JobLayoutStore.ownDifferences(node, layout));
    node.set(PikachuKeys.BINMAP_DIR.name(), "hdfs://nn:8020/pikachu/binmaps-node1/");
    assertEquals(List.of(), JobLayoutStore.ownDifferences(node, layout));
    node.set(PikachuKeys.BINMAP_DIR.name(), "/pikachu/binmaps");
    node.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 4);
    assertEquals(
        List.of(
            PikachuKeys.BINS_PER_REDUCER.name() + " giving 4 bins per reducer",
            PikachuKeys.BINMAP_DIR.name() + "=/pikachu/binmaps"),
        JobLayoutStore.ownDifferences(node, layout));
  }
}
