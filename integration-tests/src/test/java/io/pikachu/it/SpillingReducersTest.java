package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.TestHookKeys;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.PikachuCounter;
import io.pikachu.store.VirtualBinsConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;

/**
 * Issue 29: reducers that really spill fetched outputs to disk and merge them, in memory and on
 * disk, while bin-map changes take bins away and bring others: the output must still equal stock's.
 * The job is the small test job; the reducers' shuffle memory is made small enough (a few kB, merge
 * thresholds of two) that every bin goes through both kinds of merge, which the reducers' own logs
 * must show.
 */
class SpillingReducersTest extends SmallJobs {

  /** Shuffle memory small enough that the small job's outputs spill and merge. */
  private static Configuration tight(Configuration c) {
    c.setLong(MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES, 16 * 1024);
    c.setFloat(MRJobConfig.SHUFFLE_MEMORY_LIMIT_PERCENT, 0.1f);
    c.setFloat(MRJobConfig.SHUFFLE_MERGE_PERCENT, 0.3f);
    c.setInt(MRJobConfig.REDUCE_MERGE_INMEM_THRESHOLD, 2);
    c.setInt(MRJobConfig.IO_SORT_FACTOR, 2);
    return c;
  }

  private static UnaryOperator<Configuration> forced(String ratios, String afterMaps) {
    return c -> {
      VirtualBinsConfig.enable(tight(c));
      c.set(TestHookKeys.FORCED_RATIO.name(), ratios);
      c.set(TestHookKeys.FORCED_AFTER_MAPS.name(), afterMaps);
      return c;
    };
  }

  @Test
  void wordcountIsExactWhileReducersSpillAndMergeUnderTwoChanges() throws Exception {
    Map<String, UnaryOperator<Configuration>> variants = new LinkedHashMap<>();
    variants.put("spilling-two-changes", forced("3,0.333", "0.5,1"));
    StockVsPikachu.Runs runs = harness.run("wordcount-spilling", wordcount(), variants);
    harness.assertMatchesStock(runs, "spilling-two-changes", Match.RECORDS);
    String attempts =
        "pikachu-attempt_" + runs.get("spilling-two-changes").getJobID().toString().substring(4);
    assertTrue(
        ClusterProbes.containerLogsContain(
            cluster.cluster().workDir(), "Merged", "segments of bin", attempts),
        "the reducers merged bins during the shuffle");
    assertTrue(
        PikachuCounter.BINS_DROPPED.valueIn(runs.get("spilling-two-changes").getCounters()) > 0,
        "bins were taken away from reducers that held them");
  }
}
