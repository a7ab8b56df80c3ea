package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.am.Pikachu;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.config.TestHookKeys;
import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.PikachuCounter;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.SecondarySort;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Hadoop's own example jobs (hadoop-mapreduce-examples 3.4.2) on a cluster where an admin switched
 * Pikachu on for every job: they run, their output is stock's, and Pikachu rebalances only where
 * that keeps their meaning. (Sort {@code -totalOrder} adds its partition file to the distributed
 * cache with a URI fragment, which only HDFS resolves, so it runs in the real-cluster test.)
 */
@SharedCluster.On(SharedCluster.Kind.PLAIN)
@Tag("extended")
class HadoopExamplesTest {
  private static final int REDUCERS = 3;
  private static SharedCluster.Handle cluster;
  private static Configuration stock;
  private static FileSystem fs;
  private static Path root;
  private static StockVsPikachu harness;

  @BeforeAll
  static void setUp() throws Exception {
    cluster = SharedCluster.forClass(HadoopExamplesTest.class);
    stock = new Configuration(cluster.conf());
    stock.setInt(MRJobConfig.IO_SORT_MB, 16);
    stock.setInt(MRJobConfig.NUM_REDUCES, REDUCERS);
    fs = cluster.fs();
    root = cluster.base();
    harness = new StockVsPikachu(fs, root, stock);
  }

  /** What an admin's mapred-site.xml with both templates merged gives every job. */
  private static Configuration clusterWide() {
    Configuration c = new Configuration(stock);
    Pikachu.enable(c);
    c.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    c.setBoolean(PikachuKeys.SPECULATIVE_REDUCES.name(), false);
    c.setLong(PikachuKeys.BINMAP_POLL_MS.name(), 300);
    return c;
  }

  /**
   * TeraSort with its default trie partitioner, which reads the N - 1 split points the submitter
   * wrote for N reducers: under Pikachu it runs, is cut into key ranges between those points, moves
   * them twice (P = 3 at half the maps, P = 1/3 after them), and TeraValidate finds the output
   * sorted, byte for byte stock's.
   */
  @Test
  void teraSortWithItsTriePartitionerIsRebalancedAndStaysSorted() throws Exception {
    Path input = new Path(root, "teragen");
    Configuration gen = new Configuration(stock);
    gen.setInt(MRJobConfig.NUM_MAPS, 4);
    assertEquals(0, ToolRunner.run(gen, new TeraGen(), new String[] {"40000", input.toString()}));

    Path stockOut = new Path(root, "terasort-stock");
    Path pikachuOut = new Path(root, "terasort-pikachu");
    Configuration forced = runningFrom(pikachuOut, clusterWide());
    forced.set(TestHookKeys.FORCED_RATIO.name(), "3,0.333");
    forced.set(TestHookKeys.FORCED_AFTER_MAPS.name(), "0.5,1");
    Configuration plain = runningFrom(stockOut, new Configuration(stock));
    assertEquals(0, ToolRunner.run(plain, new TeraSort(), args(input, stockOut)));
    assertEquals(0, ToolRunner.run(forced, new TeraSort(), args(input, pikachuOut)));

    for (Path out : List.of(stockOut, pikachuOut)) {
      Path report = new Path(out.getParent(), out.getName() + "-validate");
      assertEquals(0, ToolRunner.run(clusterWide(), new TeraValidate(), args(out, report)));
      String problems = text(report);
      assertTrue(
          problems.lines().noneMatch(l -> l.startsWith("error")), out + " not sorted: " + problems);
    }
    assertTrue(
        Arrays.equals(concatenated(stockOut), concatenated(pikachuOut)),
        "TeraSort's output under Pikachu differs from stock's");
  }

  /**
   * SecondarySort partitions by the first number and groups by it. Its partitioner is not known to
   * keep a group together under another number of partitions, so Pikachu steps aside and the part
   * files are stock's; listed by an admin as movable, it is rebalanced, and no group is split.
   */
  @Test
  void secondarySortRunsAsStockUnlessAnAdminListsItsPartitioner() throws Exception {
    Path input = new Path(root, "pairs");
    Random random = new Random(5);
    for (int f = 0; f < 4; f++) {
      try (OutputStream out = fs.create(new Path(input, "part-" + f))) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
          b.append(random.nextInt(400)).append(' ').append(random.nextInt(1000)).append('\n');
        }
        out.write(b.toString().getBytes(StandardCharsets.UTF_8));
      }
    }
    Configuration listed = clusterWide();
    listed.set(
        PikachuKeys.MOVABLE_PARTITIONERS.name(), SecondarySort.FirstPartitioner.class.getName());
    listed.set(TestHookKeys.FORCED_RATIO.name(), "3");
    listed.set(TestHookKeys.FORCED_AFTER_MAPS.name(), "0.5");
    StockVsPikachu.Runs runs =
        harness.run(
            "secondarysort",
            (c, out, name) -> secondarySort(c, input, out, name),
            java.util.Map.of("aside", c -> clusterWide(), "listed", c -> listed));
    harness.assertMatchesStock(runs, "aside", Match.BYTES);
    // a group split across reducers would print its separator line twice
    harness.assertMatchesStock(runs, "listed", Match.RECORDS);
    Counters aside = runs.get("aside").getCounters();
    assertEquals(REDUCERS, PikachuCounter.STEPPED_ASIDE.valueIn(aside));
    assertEquals(
        REDUCERS,
        aside.findCounter(PikachuCounter.GROUP, AsideReason.PARTITIONER.counterName()).getValue());
    assertTrue(PikachuCounter.BINS_GAINED.valueIn(runs.get("listed").getCounters()) > 0);
  }

  /**
   * A job that switches both speculation keys off keeps the AM from building the speculator that
   * hosts Pikachu's controller: Pikachu steps aside at once, the job never waits for a bin map, and
   * its part files are stock's.
   */
  @Test
  void aJobWithSpeculationOffRunsAsStockWithoutWaiting() throws Exception {
    Path input = new Path(root, "words");
    TestApps.writeInput(fs, input, 4, 1000, 3);
    Configuration off = clusterWide();
    off.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    off.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    // a cluster whose files name no preemption policy of Pikachu's: nothing hosts the controller
    off.unset(PikachuKeys.PREEMPTION_POLICY_CLASS);
    // were the reducers to wait for a final map, they would wait this long before sealing one
    off.setLong(PikachuKeys.FINAL_MAP_WAIT_MS.name(), 600_000);
    long start = System.currentTimeMillis();
    StockVsPikachu.Runs runs =
        harness.run(
            "speculation-off",
            (c, out, name) ->
                TestApps.create(TestApps.App.WORDCOUNT, c, input, out, REDUCERS, name),
            java.util.Map.of("off", c -> off));
    assertTrue(
        System.currentTimeMillis() - start < 300_000,
        "the job waited for a bin map that never came");
    harness.assertMatchesStock(runs, "off", Match.BYTES);
    Counters c = runs.get("off").getCounters();
    assertEquals(REDUCERS, PikachuCounter.STEPPED_ASIDE.valueIn(c));
    assertEquals(
        REDUCERS,
        c.findCounter(PikachuCounter.GROUP, AsideReason.SPECULATION_OFF.counterName()).getValue());
  }

  /**
   * TeraSort's partitioner opens {@code _partition.lst} by a relative path, meaning the symlink the
   * distributed cache puts in the task's working directory. But a task first sets its default file
   * system's working directory to the job's ({@code mapreduce.job.working.dir}), and on this
   * cluster the default file system is the local one, so the relative path would resolve in the
   * submitter's directory and every map fails, stock or not. On HDFS (the real-cluster test) the
   * two file systems are distinct and nothing is needed. Here the job's working directory is its
   * output directory, where TeraSort writes the partition file before it submits.
   */
  private static Configuration runningFrom(Path outputDir, Configuration conf) {
    conf.set(MRJobConfig.WORKING_DIR, fs.makeQualified(outputDir).toString());
    return conf;
  }

  /** SecondarySort's job, as its main method builds it. */
  private static Job secondarySort(Configuration conf, Path input, Path output, String name)
      throws Exception {
    Job job = Job.getInstance(conf, name);
    job.setJarByClass(SecondarySort.class);
    job.setMapperClass(SecondarySort.MapClass.class);
    job.setReducerClass(SecondarySort.Reduce.class);
    job.setPartitionerClass(SecondarySort.FirstPartitioner.class);
    job.setGroupingComparatorClass(SecondarySort.FirstGroupingComparator.class);
    job.setMapOutputKeyClass(SecondarySort.IntPair.class);
    job.setMapOutputValueClass(IntWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    job.setNumReduceTasks(REDUCERS);
    FileInputFormat.addInputPath(job, input);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  private static String[] args(Path in, Path out) {
    return new String[] {in.toString(), out.toString()};
  }

  private static String text(Path dir) throws Exception {
    return new String(harness.concatenated(dir), StandardCharsets.UTF_8);
  }

  private static byte[] concatenated(Path dir) throws Exception {
    return harness.concatenated(dir);
  }
}
