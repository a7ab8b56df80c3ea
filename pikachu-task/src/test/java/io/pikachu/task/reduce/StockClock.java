package io.pikachu.task.reduce;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The fake clock that stock {@code Fetcher}'s own code runs on in {@link StockFetcherOnFakeClock}:
 * its calls of {@code Time.monotonicNow()} and {@code Thread.sleep(long)} are redirected here, so
 * that minutes of retrying take no time. Public, as the redirected class lives in Hadoop's package.
 */
public final class StockClock {
  private static final AtomicLong NOW = new AtomicLong();

  private StockClock() {}

  public static long now() {
    return NOW.get();
  }

  /** As {@code Thread.sleep}: the clock moves on by {@code ms}. */
  public static void sleep(long ms) {
    if (ms < 0) {
      throw new IllegalArgumentException("timeout value is negative");
    }
    NOW.addAndGet(ms);
  }

  static void advance(long ms) {
    NOW.addAndGet(ms);
  }

  static void reset() {
    NOW.set(0);
  }
}
