package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.util.ResourceBundles;
import org.junit.jupiter.api.Test;

/**
 * Every counter of {@link DecisionCounter} has a display name, found the way the AM finds it when
 * it adds them to the job's counters (Hadoop's {@link ResourceBundles}); JobHistory shows these.
 */
class DecisionCounterDisplayNamesTest {

  @Test
  void everyDecisionCounterHasADisplayName() {
    assertEquals(
        "Pikachu decision", ResourceBundles.getCounterGroupName(DecisionCounter.GROUP, null));
    for (DecisionCounter c : DecisionCounter.values()) {
      String display = ResourceBundles.getCounterName(DecisionCounter.GROUP, c.name(), null);
      assertNotNull(display, c + " has no display name in DecisionCounter.properties");
      assertNotEquals(c.name(), display);
    }
  }

  @Test
  void theJobsCountersCarryThem() {
    Counters counters = new Counters();
    assertEquals(
        "Partition ratio P of the fastest class (x1000)",
        counters.findCounter(DecisionCounter.P_FASTEST_MILLI).getDisplayName());
    assertEquals("Pikachu decision", counters.getGroup(DecisionCounter.GROUP).getDisplayName());
  }
}
