package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.TreeSet;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.util.ResourceBundles;
import org.junit.jupiter.api.Test;

/**
 * Every counter of the group {@value PikachuCounter#GROUP} has a display name, found the way a task
 * and the AM find it (Hadoop's {@link ResourceBundles}), which is what JobHistory then shows.
 */
class CounterDisplayNamesTest {

  private static List<String> counterNames() {
    List<String> names = new ArrayList<>();
    for (PikachuCounter c : PikachuCounter.values()) {
      names.add(c.name());
    }
    for (AsideReason why : AsideReason.values()) {
      names.add(why.counterName());
    }
    return names;
  }

  @Test
  void everyCounterOfTheGroupHasADisplayName() {
    assertEquals(
        "Pikachu virtual bins",
        ResourceBundles.getCounterGroupName(PikachuCounter.GROUP, null),
        "the group's display name");
    for (String name : counterNames()) {
      String display = ResourceBundles.getCounterName(PikachuCounter.GROUP, name, null);
      assertNotNull(display, name + " has no display name in Pikachu.properties");
      assertNotEquals(name, display);
    }
  }

  @Test
  void hadoopsCountersCarryTheDisplayNames() {
    Counters counters = new Counters();
    Counter fetched = counters.findCounter(PikachuCounter.GROUP, "BINS_FETCHED");
    assertEquals("Bins fetched (map outputs x bins)", fetched.getDisplayName());
    assertEquals(
        "Stepped aside: both speculation keys off",
        counters
            .findCounter(PikachuCounter.GROUP, AsideReason.SPECULATION_OFF.counterName())
            .getDisplayName());
    assertEquals("Pikachu virtual bins", counters.getGroup(PikachuCounter.GROUP).getDisplayName());
  }

  @Test
  void theBundleNamesNoCounterThatIsGone() {
    ResourceBundle bundle = ResourceBundles.getBundle(PikachuCounter.GROUP);
    TreeSet<String> stale = new TreeSet<>();
    for (String key : bundle.keySet()) {
      if (!key.equals("CounterGroupName")
          && !counterNames().contains(key.replaceFirst("\\.name$", ""))) {
        stale.add(key);
      }
    }
    assertTrue(stale.isEmpty(), "display names of no counter: " + stale);
  }
}
