package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.TestHookKeys;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.PikachuCounter;
import io.pikachu.store.VirtualBinsConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.MRConfig;
import org.junit.jupiter.api.Test;

/**
 * Issue 29, security: with an encrypted shuffle (the NodeManagers' ShuffleHandlers serve only TLS
 * with a self-signed certificate the reducers must trust through {@code ssl-client.xml}), Pikachu's
 * bin fetches succeed and the output equals stock's, under the even map and under a change of the
 * bin map after half the maps.
 */
@SharedCluster.On(SharedCluster.Kind.ENCRYPTED)
class EncryptedShuffleTest extends SmallJobs {

  @Test
  void wordcountOverTlsIsExactUnderTheEvenMapAndAChange() throws Exception {
    assertTrue(conf.getBoolean(MRConfig.SHUFFLE_SSL_ENABLED_KEY, false), "the cluster's shuffle");
    Map<String, UnaryOperator<Configuration>> variants = new LinkedHashMap<>();
    variants.put("even", c -> forced(c, "1"));
    variants.put("forced-mid", c -> forced(c, "3"));
    StockVsPikachu.Runs runs = harness.run("wordcount-tls", wordcount(), variants);
    harness.assertMatchesStock(runs, "even", Match.BYTES);
    harness.assertMatchesStock(runs, "forced-mid", Match.RECORDS);
    Counters even = runs.get("even").getCounters();
    assertEquals((long) MAPS * REDUCERS * 10, PikachuCounter.BINS_FETCHED.valueIn(even));
    assertEquals(8, PikachuCounter.BINS_GAINED.valueIn(runs.get("forced-mid").getCounters()));
  }

  private static Configuration forced(Configuration c, String ratio) {
    VirtualBinsConfig.enable(c);
    c.set(TestHookKeys.FORCED_RATIO.name(), ratio);
    c.set(TestHookKeys.FORCED_AFTER_MAPS.name(), "0.5");
    return c;
  }
}
