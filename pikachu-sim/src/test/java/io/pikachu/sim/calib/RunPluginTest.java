package io.pikachu.sim.calib;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunPluginTest {

  @Test
  void theClusterStartInTheJobIdSaysWhetherMapCopiesWentByNodeSpeed() {
    long since = RunPlugin.MAP_COPIES_BY_NODE_SPEED_SINCE_MS;
    assertFalse(RunPlugin.of(true, "job_" + (since - 1) + "_0001").mapCopiesByNodeSpeed());
    assertTrue(RunPlugin.of(false, "job_" + since + "_0012").mapCopiesByNodeSpeed());
    // the suite's run of 2026-11-29 evening, and one of 2026-11-24
    assertTrue(RunPlugin.of(true, "job_1795983823309_0002").mapCopiesByNodeSpeed());
    assertFalse(RunPlugin.of(false, "job_1795564879501_0003").mapCopiesByNodeSpeed());
  }

  @Test
  void aJobIdThatIsNotHadoopsIsRefusedWithItsValue() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RunPlugin.of(true, "application_1_2"));
    assertTrue(e.getMessage().contains("application_1_2"), e.getMessage());
  }
}
