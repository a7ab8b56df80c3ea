package io.pikachu.core.shuffle;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * How a fetcher connects to a NodeManager that may be restarting, as stock Hadoop's {@code Fetcher}
 * does under {@code mapreduce.reduce.shuffle.fetch.retry.*} (on by default where NodeManager
 * recovery is): a failed connection is tried again every {@code intervalMs} until {@code timeoutMs}
 * have passed, and only then counts as a fetch failure, which the AM may answer by re-running the
 * host's maps. Without it, a NodeManager restart with recovery would cost every map it served.
 */
public final class ConnectRetry {

  /** One attempt to connect. */
  public interface Connect<T> {
    T connect() throws IOException;
  }

  /** Waits between attempts; interruptible, so a stopping shuffle is not held up. */
  public interface Sleeper {
    void sleep(long ms) throws InterruptedException;
  }

  private final boolean enabled;
  private final long intervalMs;
  private final long timeoutMs;
  private final LongSupplier clockMs;
  private final Sleeper sleeper;

  public ConnectRetry(
      boolean enabled, long intervalMs, long timeoutMs, LongSupplier clockMs, Sleeper sleeper) {
    if (intervalMs < 0 || timeoutMs < 0) {
      throw new IllegalArgumentException(
          "fetch retry interval and timeout must be >= 0, got " + intervalMs + ", " + timeoutMs);
    }
    this.enabled = enabled;
    this.intervalMs = intervalMs;
    this.timeoutMs = timeoutMs;
    this.clockMs = clockMs;
    this.sleeper = sleeper;
  }

  /**
   * The connection, after as many attempts as the policy allows.
   *
   * @throws IOException the last attempt's failure, once retries are off or the timeout passed
   * @throws InterruptedException when interrupted while waiting to try again
   */
  public <T> T connect(Connect<T> attempt) throws IOException, InterruptedException {
    long start = clockMs.getAsLong();
    while (true) {
      try {
        return attempt.connect();
      } catch (IOException e) {
        if (!enabled || clockMs.getAsLong() - start >= timeoutMs) {
          throw e;
        }
      }
      sleeper.sleep(intervalMs);
    }
  }
}
