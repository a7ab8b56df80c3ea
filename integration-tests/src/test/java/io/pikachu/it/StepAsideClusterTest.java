package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.am.DecisionCounter;
import io.pikachu.am.Pikachu;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.PikachuCounter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * With Pikachu switched on as an admin would switch it on cluster-wide (both task-side plugins, the
 * controller, the speculator that hosts it), jobs it cannot serve run exactly as stock, say why in
 * a counter, and succeed: never a failed job where stock Hadoop runs it.
 */
@Tag("lines")
class StepAsideClusterTest extends SmallJobs {

  private static final String STOCK_COLLECTOR = "org.apache.hadoop.mapred.MapTask$MapOutputBuffer";
  private static final String STOCK_SHUFFLE = "org.apache.hadoop.mapreduce.task.reduce.Shuffle";

  private static Configuration clusterWide(Configuration c) {
    Pikachu.enable(c);
    // the controller runs in the speculator, which the AM builds only with some speculation on
    c.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    c.setBoolean(PikachuKeys.SPECULATIVE_REDUCES.name(), false);
    return c;
  }

  private static UnaryOperator<Configuration> clusterWideAnd(UnaryOperator<Configuration> job) {
    return c -> job.apply(clusterWide(c));
  }

  private static long counter(Counters c, AsideReason why) {
    return c.findCounter(PikachuCounter.GROUP, why.counterName()).getValue();
  }

  @Test
  void jobsPikachuCannotServeRunAsStockAndSaySo() throws Exception {
    Map<String, UnaryOperator<Configuration>> variants = new LinkedHashMap<>();
    variants.put(
        "encrypted",
        clusterWideAnd(
            c -> {
              c.setBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, true);
              return c;
            }));
    variants.put(
        "foreign-collector",
        clusterWideAnd(
            c -> {
              c.set(PikachuKeys.MAP_OUTPUT_COLLECTOR, STOCK_COLLECTOR);
              return c;
            }));
    variants.put(
        "foreign-consumer",
        clusterWideAnd(
            c -> {
              c.set(PikachuKeys.SHUFFLE_CONSUMER, STOCK_SHUFFLE);
              return c;
            }));
    variants.put(
        "unknown-key",
        clusterWideAnd(
            c -> {
              c.set("pikachu.bins.per-reduce", "20"); // a typo of pikachu.bins.per-reducer
              c.set("pikachu.some.future.key", "on"); // a newer jar's key after a rollback
              // bins even when earlier jobs left a profile of these equal nodes
              c.setBoolean(PikachuKeys.PROFILE_ENABLED.name(), false);
              return c;
            }));
    StockVsPikachu.Runs runs =
        harness.run(
            "aside",
            (c, out, name) ->
                TestApps.create(TestApps.App.WORDCOUNT, c, input, out, REDUCERS, name),
            variants);
    // stepping aside is stock to the byte, part file by part file
    for (String variant : new String[] {"encrypted", "foreign-collector", "foreign-consumer"}) {
      harness.assertMatchesStock(runs, variant, Match.BYTES);
    }
    // with unknown keys ignored, Pikachu runs as usual and may move keys between part files
    harness.assertMatchesStock(runs, "unknown-key", Match.RECORDS);

    Counters encrypted = runs.get("encrypted").getCounters();
    assertEquals(REDUCERS, counter(encrypted, AsideReason.ENCRYPTED_INTERMEDIATE_DATA));
    assertEquals(0, PikachuCounter.BINS_FETCHED.valueIn(encrypted));

    // Pikachu's consumer steps aside in every reducer
    Counters collector = runs.get("foreign-collector").getCounters();
    assertEquals(REDUCERS, counter(collector, AsideReason.FOREIGN_PLUGIN));
    // Pikachu's collector steps aside in every map: no reducer of Pikachu's runs to count it
    Counters consumer = runs.get("foreign-consumer").getCounters();
    assertEquals(MAPS, counter(consumer, AsideReason.FOREIGN_PLUGIN));
    assertEquals(MAPS, PikachuCounter.STEPPED_ASIDE.valueIn(consumer));

    // unknown keys are warned of and ignored: the job is Pikachu's as usual
    Counters unknown = runs.get("unknown-key").getCounters();
    assertEquals(2L, (long) DecisionCounter.UNKNOWN_KEYS.valueIn(unknown).orElse(0L));
    assertEquals(0, PikachuCounter.STEPPED_ASIDE.valueIn(unknown));
    assertTrue(PikachuCounter.BINS_FETCHED.valueIn(unknown) >= (long) MAPS * REDUCERS * 10);
  }
}
