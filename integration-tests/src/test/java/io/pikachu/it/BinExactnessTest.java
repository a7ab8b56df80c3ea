package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.config.TestHookKeys;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.PikachuCounter;
import io.pikachu.store.VirtualBinsConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Exactness of the bin shuffle on an embedded cluster of three NodeManagers with the stock
 * ShuffleHandler: each job runs stock and under Pikachu variants side by side, and the output must
 * equal stock's. Bin maps come from the test hook or are published by the test itself, so these
 * tests exercise the task side alone; the controller's are in {@link AmPluginClusterTest}.
 */
class BinExactnessTest extends SmallJobs {

  private Configuration binsConf() {
    return bins(new Configuration(conf));
  }

  private static Configuration bins(Configuration c) {
    VirtualBinsConfig.enable(c);
    return c;
  }

  /**
   * The test hook's changes to P = {@code ratios} (1: the even map) for the first reducer, once the
   * fractions {@code afterMaps} of the maps finished; the last change is final.
   */
  private static UnaryOperator<Configuration> forced(String ratios, String afterMaps) {
    return c -> {
      bins(c).set(TestHookKeys.FORCED_RATIO.name(), ratios);
      c.set(TestHookKeys.FORCED_AFTER_MAPS.name(), afterMaps);
      return c;
    };
  }

  /** Pikachu switched on, with the controller, and the job saying pikachu.enabled=false. */
  private static Configuration optedOut(Configuration c) {
    bins(c).setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.setBoolean(PikachuKeys.ENABLED.name(), false);
    return c;
  }

  private static final String EVEN = "even";
  private static final String MID = "forced-mid";
  private static final String END = "forced-end";
  private static final String TWICE = "two-changes";
  private static final String OPTED_OUT = "opted-out";

  private static final Map<String, UnaryOperator<Configuration>> VARIANTS =
      Map.of(
          EVEN, forced("1", "0.5"),
          MID, forced("3", "0.5"),
          END, forced("3", "1"),
          // P = 3 at half the maps, then P = 1/3 after them: reducer 0 loses in v2 every bin it
          // gained in v1, and the others win back what they lost
          TWICE, forced("3,0.333", "0.5,1"),
          OPTED_OUT, BinExactnessTest::optedOut);

  /**
   * Runs stock and the named variants of one application side by side and checks exact output:
   * under the even map every key must sit in the part file stock puts it in; total order must stay
   * sorted across part files whatever the map.
   */
  private StockVsPikachu.Runs runMatrix(TestApps.App app, String... variants) throws Exception {
    Map<String, UnaryOperator<Configuration>> chosen = new LinkedHashMap<>();
    for (String v : variants) {
      chosen.put(v, VARIANTS.get(v));
    }
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
            chosen);
    boolean ordered = app == TestApps.App.TOTAL_ORDER_SORT;
    for (String v : variants) {
      Match match =
          switch (v) {
              // the order of values of one key depends on the merge, so Sort, whose keys repeat,
              // is compared record by record within each part file
            case EVEN -> app == TestApps.App.SORT ? Match.PLACEMENT : Match.BYTES;
            case OPTED_OUT -> Match.BYTES;
            default -> ordered ? Match.CONCATENATED_BYTES : Match.RECORDS;
          };
      harness.assertMatchesStock(runs, v, match);
    }
    if (chosen.containsKey(EVEN)) {
      Counters even = runs.get(EVEN).getCounters();
      assertEquals((long) MAPS * REDUCERS * 10, PikachuCounter.BINS_FETCHED.valueIn(even));
      assertEquals(0, PikachuCounter.BINS_GAINED.valueIn(even));
    }
    // P = 3, reducer 0 fast: 30 bins become 18, 6, 6. Hash slices move the fewest bins, 4 from
    // each slow reducer; total order keeps contiguous ranges, [0,18)[18,24)[24,30), and moves 12
    for (String v : List.of(MID, END)) {
      if (chosen.containsKey(v)) {
        Counters c = runs.get(v).getCounters();
        assertEquals(ordered ? 8 + 4 + 0 : 8, PikachuCounter.BINS_GAINED.valueIn(c), v);
        assertEquals(ordered ? 0 + 8 + 4 : 8, PikachuCounter.BINS_DROPPED.valueIn(c), v);
      }
    }
    if (chosen.containsKey(END)) {
      Counters end = runs.get(END).getCounters();
      assertTrue(PikachuCounter.BYTES_DROPPED.valueIn(end) > 0, "lost bins had been fetched");
      assertTrue(PikachuCounter.BYTES_RESHUFFLED.valueIn(end) > 0, "gained bins re-shuffled");
    }
    if (chosen.containsKey(OPTED_OUT)) {
      assertEquals(0, PikachuCounter.BINS_FETCHED.valueIn(runs.get(OPTED_OUT).getCounters()));
    }
    if (chosen.containsKey(TWICE)) {
      // 30 bins: even 10/10/10, v1 18/6/6, v2 4/13/13. Reducer 0 gains 8 and then loses 14;
      // reducers 1 and 2 lose 4 each and then gain 7 each
      Counters c = runs.get(TWICE).getCounters();
      assertTrue(PikachuCounter.BINS_GAINED.valueIn(c) >= 8 + 14, "v1 and v2 both applied");
      assertEquals(
          PikachuCounter.BINS_GAINED.valueIn(c),
          PikachuCounter.BINS_DROPPED.valueIn(c),
          "every bin gained by one reducer was lost by another");
    }
    return runs;
  }

  @Test
  @Tag("lines")
  void wordcountExactUnderEveryChange() throws Exception {
    runMatrix(TestApps.App.WORDCOUNT, EVEN, MID, END, TWICE, OPTED_OUT);
  }

  @Test
  void compressedSortExactAfterTheMapsAndUnderTwoChanges() throws Exception {
    runMatrix(TestApps.App.SORT, END, TWICE);
  }

  @Test
  void totalOrderSortStaysSortedUnderTwoChanges() throws Exception {
    runMatrix(TestApps.App.TOTAL_ORDER_SORT, EVEN, TWICE);
  }
}
