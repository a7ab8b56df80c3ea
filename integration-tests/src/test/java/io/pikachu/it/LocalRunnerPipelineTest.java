package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.TestHookKeys;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.PikachuCounter;
import io.pikachu.store.VirtualBinsConfig;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole bin pipeline (collector, bin fetching, drop/gain, final merge) in the LocalJobRunner:
 * fast, and every map has finished before any reducer starts, so the forced change is the "after
 * all maps finished" case of the acceptance list.
 */
class LocalRunnerPipelineTest {
  @TempDir static Path tmp;
  static FileSystem fs;
  static org.apache.hadoop.fs.Path input;
  static StockVsPikachu compare;

  @BeforeAll
  static void writeInput() throws Exception {
    Configuration conf = localConf();
    fs = FileSystem.getLocal(conf);
    input = new org.apache.hadoop.fs.Path(tmp.toString(), "in");
    TestApps.writeInput(fs, input, 3, 400, 42);
    compare = new StockVsPikachu(fs, new org.apache.hadoop.fs.Path(tmp.toString()), conf);
  }

  static Configuration localConf() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.cluster.local.dir", tmp.resolve("local").toString());
    conf.setInt("mapreduce.task.io.sort.mb", 8);
    return conf;
  }

  private Job run(TestApps.App app, String name, Configuration conf) throws Exception {
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(tmp.toString(), name);
    Job job = TestApps.create(app, conf, input, out, 4, name);
    if (app == TestApps.App.TOTAL_ORDER_SORT) {
      TestApps.writePartitionFile(
          job, new org.apache.hadoop.fs.Path(tmp.toString(), name + "-partitions"));
    }
    assertTrue(job.waitForCompletion(false), name + " failed");
    return job;
  }

  /** Bins with the test hook's change to {@code ratio} (1: the even map) after the maps. */
  private Configuration binsConf(double ratio) {
    Configuration conf = localConf();
    VirtualBinsConfig.enable(conf);
    conf.set(TestHookKeys.FORCED_RATIO.name(), Double.toString(ratio));
    return conf;
  }

  @Test
  void wordcountWithBinsAndForcedChangeEqualsStock() throws Exception {
    Job stock = run(TestApps.App.WORDCOUNT, "wc-stock", localConf());
    Job plain = run(TestApps.App.WORDCOUNT, "wc-bins", binsConf(1));
    Job changed = run(TestApps.App.WORDCOUNT, "wc-forced", binsConf(3));

    // under the even map each word is in the part file stock puts it in: identical part files
    compare.assertMatchesStock(outputOf(stock), outputOf(plain), "even", Match.BYTES);
    compare.assertMatchesStock(outputOf(stock), outputOf(changed), "forced", Match.RECORDS);

    Counters plainCounters = plain.getCounters();
    assertEquals(3 * 40, PikachuCounter.BINS_FETCHED.valueIn(plainCounters));
    assertEquals(0, PikachuCounter.BINS_GAINED.valueIn(plainCounters));
    Counters c = changed.getCounters();
    // P=3, reducers 0,1 fast: 15, 15, 5, 5 bins; hash slices move the fewest, 5 from each slow
    // reducer (contiguous ranges would move 20, see docs)
    assertEquals(10, PikachuCounter.BINS_GAINED.valueIn(c));
    assertEquals(10, PikachuCounter.BINS_DROPPED.valueIn(c));
    assertTrue(PikachuCounter.BYTES_DROPPED.valueIn(c) > 0, "dropped bins had been fetched");
    assertTrue(PikachuCounter.BYTES_RESHUFFLED.valueIn(c) > 0, "gained bins re-shuffled");
  }

  @Test
  void totalOrderSortStaysByteIdenticalAfterChange() throws Exception {
    Job stock = run(TestApps.App.TOTAL_ORDER_SORT, "tos-stock", localConf());
    Configuration forced = binsConf(3);
    forced.set(TestHookKeys.FORCED_FAST_REDUCERS.name(), "1,3");
    Job changed = run(TestApps.App.TOTAL_ORDER_SORT, "tos-forced", forced);
    assertTrue(compare.concatenated(outputOf(stock)).length > 1000);
    compare.assertMatchesStock(
        outputOf(stock), outputOf(changed), "forced", Match.CONCATENATED_BYTES);
  }

  private static org.apache.hadoop.fs.Path outputOf(Job job) {
    return org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.getOutputPath(job);
  }
}
