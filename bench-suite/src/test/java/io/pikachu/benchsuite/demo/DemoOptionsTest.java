package io.pikachu.benchsuite.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.SlotConfig;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {

  @Test
  void defaultsAreThePapersConfigOneWithOneFastAndTwoSlowNodes() {
    DemoOptions options = DemoOptions.parse(new String[0]);
    assertEquals(SlotConfig.CONFIG_1, options.slots());
    assertEquals(3, options.clusterSpec().nodes().size());
    assertEquals(6, options.clusterSpec().totalReduceSlots());
  }

  @Test
  void readsOptions() {
    DemoOptions options =
        DemoOptions.parse(
            new String[] {"--slots", "config-2", "--maps", "6", "--slow", "3", "--zipf", "0.9"});
    assertEquals(SlotConfig.CONFIG_2, options.slots());
    assertEquals(6, options.maps());
    assertEquals(0.9, options.zipfExponent(), 1e-9);
    assertEquals(4 + 3, options.clusterSpec().totalReduceSlots());
  }

  @Test
  void badValuesNameTheOption() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DemoOptions.parse(new String[] {"--maps", "many"}));
    assertTrue(e.getMessage().contains("--maps"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DemoOptions.parse(new String[] {"--slots", "config-3"}));
    assertTrue(e.getMessage().contains("config-3"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> DemoOptions.parse(new String[] {"--nodes", "3"}));
    assertTrue(e.getMessage().contains("nodes"), e.getMessage());
  }
}
