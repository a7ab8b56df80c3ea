package io.pikachu.core.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.ConnectException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ConnectRetryTest {

  private final AtomicLong now = new AtomicLong();
  private final AtomicInteger attempts = new AtomicInteger();

  private ConnectRetry retry(boolean enabled) {
    return new ConnectRetry(enabled, 1_000, 30_000, now::get, now::addAndGet);
  }

  /** A NodeManager that refuses connections until {@code upAtMs}. */
  private ConnectRetry.Connect<String> restartingUntil(long upAtMs) {
    return () -> {
      attempts.incrementAndGet();
      if (now.get() < upAtMs) {
        throw new ConnectException("Connection refused");
      }
      return "connected";
    };
  }

  @Test
  void aNodeManagerBackWithinTheTimeoutIsFetchedFromWithoutAFailure() throws Exception {
    assertEquals("connected", retry(true).connect(restartingUntil(12_500)));
    assertEquals(14, attempts.get(), "one attempt a second until it is back");
  }

  @Test
  void aNodeManagerDownPastTheTimeoutFailsWithTheLastError() {
    IOException e =
        assertThrows(IOException.class, () -> retry(true).connect(restartingUntil(60_000)));
    assertEquals("Connection refused", e.getMessage());
    assertEquals(31, attempts.get());
    assertEquals(30_000, now.get());
  }

  @Test
  void withoutRetriesTheFirstFailureCounts() {
    ConnectException refused = new ConnectException("refused");
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                retry(false)
                    .connect(
                        () -> {
                          attempts.incrementAndGet();
                          throw refused;
                        }));
    assertSame(refused, e);
    assertEquals(1, attempts.get());
  }
}
