package io.pikachu.core.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AgesTest {
  private static final long MINUTE = 60_000L;

  @Test
  void agesAreNumbersWithUnits() {
    assertEquals(7 * 24 * 60 * MINUTE, Ages.parseMs("7d"));
    assertEquals(12 * 60 * MINUTE, Ages.parseMs("12h"));
    assertEquals(30 * MINUTE, Ages.parseMs("30m"));
    assertEquals(45_000, Ages.parseMs("45s"));
    assertEquals(36 * 60 * MINUTE, Ages.parseMs(" 1D12h "));
  }

  @Test
  void anythingElseIsRefusedSayingWhatIsAccepted() {
    for (String bad : new String[] {"", "7", "d", "7 d", "7days", "-1d", "1.5h", null}) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> Ages.parseMs(bad), String.valueOf(bad));
      assertTrue(e.getMessage().contains("7d, 12h, 30m"), e.getMessage());
    }
  }

  @Test
  void agesReadAsMinutesThenHoursThenDays() {
    assertEquals("90 min", Ages.format(90 * MINUTE));
    assertEquals("3 h", Ages.format(3 * 60 * MINUTE));
    assertEquals("9 days", Ages.format(9 * 24 * 60 * MINUTE));
  }
}
