package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CoreQueuesTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void belowItsRateACoreServesEverythingAndDropsNothing() {
    CoreQueues q = new CoreQueues(2, 1000, 128);
    q.addRate(0, 800);
    q.advance(0, 3 * SECOND);
    assertEquals(2400, q.arrived(0), 1e-6);
    assertEquals(2400, q.served(0), 1e-6);
    assertEquals(0, q.dropped(0), 1e-9);
    assertEquals(0, q.arrived(1), 1e-9, "the other core saw nothing");
  }

  @Test
  void overloadedItFillsItsQueueThenDropsTheExcess() {
    CoreQueues q = new CoreQueues(1, 1000, 128);
    q.addRate(0, 1500);
    q.advance(0, 2 * SECOND);
    assertEquals(3000, q.arrived(0), 1e-6);
    assertEquals(2000, q.served(0), 1e-6);
    assertEquals(3000 - 2000 - 128, q.dropped(0), 1e-6);
    assertEquals(128, q.queued(0), 1e-9);
    q.addRate(
        0, -1000); // down to 500 per second: the backlog drains at 500 packets per second, then the
    // core idles
    q.advance(0, 3 * SECOND);
    assertEquals(2000 + 500 + 128, q.served(0), 1e-6);
    assertEquals(0, q.queued(0), 1e-9);
  }

  @Test
  void splittingAnIntervalChangesNothing() {
    CoreQueues whole = new CoreQueues(1, 1000, 128);
    CoreQueues parts = new CoreQueues(1, 1000, 128);
    whole.addRate(0, 1100);
    parts.addRate(0, 1100);
    whole.advance(0, SECOND);
    for (int i = 1; i <= 10; i++) parts.advance(0, i * SECOND / 10);
    assertEquals(whole.served(0), parts.served(0), 1e-6);
    assertEquals(whole.dropped(0), parts.dropped(0), 1e-6);
  }
}
