package io.pikachu.core.shuffle;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * How a fetcher connects to a NodeManager and when it tries again: stock Hadoop's {@code Fetcher}
 * semantics, the same in 3.3, 3.4 and 3.5 ({@code StockConnectAgreementTest} runs stock's own code
 * against this one on each line). A fetcher that gives up sooner than stock turns a NodeManager
 * blip into fetch failures, and the AM re-runs maps that stock would have kept.
 *
 * <ol>
 *   <li>{@link #open}: opening a connection (creating it; no network yet) is retried every {@code
 *       fetchRetryIntervalMs} for {@code fetchRetryTimeoutMs} when fetch retry is on, as stock's
 *       {@code openConnectionWithRetry}. This is all that the {@code fetch.retry} keys do to a
 *       connect.
 *   <li>{@link #connect}: the TCP connect is tried in units of {@code min(}{@value
 *       #UNIT_CONNECT_TIMEOUT_MS}{@code ms, connectTimeoutMs)}, whatever fetch retry says, until
 *       {@code connectTimeoutMs} (3 min by default) has passed; an attempt refused at once waits
 *       out the rest of its unit before the next one, and the last unit is cut to what is left
 *       (stock's {@code connect(URLConnection, int)}). A failure after that is the caller's to
 *       report: a refused connection at once to the AM, as stock does.
 *   <li>{@link ReadRetry}: with fetch retry on, a copy that breaks while reading reconnects for the
 *       outputs not yet copied, for as long as {@code fetchRetryTimeoutMs} from the first such
 *       error since the request last copied an output (stock's {@code checkTimeoutOrRetry}).
 * </ol>
 */
public final class ConnectRetry {

  /** Stock {@code Fetcher.UNIT_CONNECT_TIMEOUT}: one connect attempt's timeout at most. */
  public static final int UNIT_CONNECT_TIMEOUT_MS = 60_000;

  /** Opens a connection (without connecting it). */
  public interface Open<T> {
    T open() throws IOException;
  }

  /** One connect attempt with the given timeout (0: none). */
  public interface Connect {
    void connect(int timeoutMs) throws IOException;
  }

  /** Waits between attempts; interruptible, so a stopping shuffle is not held up. */
  public interface Sleeper {
    void sleep(long ms) throws InterruptedException;
  }

  private final ConnectSettings settings;
  private final LongSupplier clockMs;
  private final Sleeper sleeper;

  public ConnectRetry(ConnectSettings settings, LongSupplier clockMs, Sleeper sleeper) {
    this.settings = settings;
    this.clockMs = clockMs;
    this.sleeper = sleeper;
  }

  public ConnectSettings settings() {
    return settings;
  }

  /**
   * The opened connection, retried under fetch retry.
   *
   * @throws IOException the last failure, once fetch retry is off or its timeout passed
   * @throws InterruptedException when interrupted while waiting to try again
   */
  public <T> T open(Open<T> open) throws IOException, InterruptedException {
    long start = clockMs.getAsLong();
    while (true) {
      try {
        return open.open();
      } catch (IOException e) {
        if (!settings.fetchRetryEnabled()
            || clockMs.getAsLong() - start >= settings.fetchRetryTimeoutMs()) {
          throw e;
        }
      }
      sleeper.sleep(settings.fetchRetryIntervalMs());
    }
  }

  /**
   * Connects, in as many attempts as the connect timeout allows.
   *
   * @throws IOException the last attempt's failure, once the connect timeout has passed
   * @throws InterruptedException when interrupted while waiting to try again
   */
  public void connect(Connect attempt) throws IOException, InterruptedException {
    int timeout = settings.connectTimeoutMs();
    int unit = timeout > 0 ? Math.min(UNIT_CONNECT_TIMEOUT_MS, timeout) : 0;
    long start = clockMs.getAsLong();
    long last = start;
    while (true) {
      try {
        attempt.connect(unit);
        return;
      } catch (IOException e) {
        long now = clockMs.getAsLong();
        long left = timeout - (now - start);
        if (left <= 0) {
          throw e;
        }
        if (left < unit) {
          unit = (int) left;
        }
        long sinceLast = now - last;
        if (sinceLast < unit) {
          sleeper.sleep(unit - sinceLast);
        }
        last = clockMs.getAsLong();
      }
    }
  }

  /** The read-error retries of one request. */
  public ReadRetry readRetry() {
    return new ReadRetry();
  }

  /** Whether a request whose copy broke reconnects for the rest, or counts a failure. */
  public final class ReadRetry {
    private boolean retrying;
    private long firstErrorMs;

    private ReadRetry() {}

    /** True: reconnect for the outputs not yet copied; false: the error counts as a failure. */
    public boolean afterReadError() {
      if (!settings.fetchRetryEnabled()) {
        return false;
      }
      long now = clockMs.getAsLong();
      if (!retrying) {
        retrying = true;
        firstErrorMs = now;
      }
      return now - firstErrorMs < settings.fetchRetryTimeoutMs();
    }

    /** An output was copied: the request made progress, and its retry time starts again. */
    public void copied() {
      retrying = false;
    }
  }
}
