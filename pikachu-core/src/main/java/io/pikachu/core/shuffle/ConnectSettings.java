package io.pikachu.core.shuffle;

import io.pikachu.core.value.ValueType;
import org.immutables.value.Value;

/**
 * The job's settings for how a fetcher connects and retries, as stock Hadoop's {@code Fetcher}
 * reads them (the adapter reads the keys with stock's defaults, so that a job's shuffle behaves the
 * same with or without Pikachu).
 *
 * <ul>
 *   <li>{@code connectTimeoutMs}: {@code mapreduce.reduce.shuffle.connect.timeout} (3 min): how
 *       long one connect to a NodeManager is tried, in steps of at most {@value
 *       ConnectRetry#UNIT_CONNECT_TIMEOUT_MS} ms; 0 is one attempt without a timeout
 *   <li>{@code fetchRetryEnabled}: {@code mapreduce.reduce.shuffle.fetch.retry.enabled}, by default
 *       {@code yarn.nodemanager.recovery.enabled} (false): whether opening a connection, and
 *       reconnecting after a copy's read error, are retried
 *   <li>{@code fetchRetryIntervalMs}: {@code mapreduce.reduce.shuffle.fetch.retry.interval-ms} (1
 *       s): the wait between failed openings
 *   <li>{@code fetchRetryTimeoutMs}: {@code mapreduce.reduce.shuffle.fetch.retry.timeout-ms} (30 s
 *       in mapred-default.xml, 3 min without it): how long those retries go on
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class ConnectSettings {

  public abstract int connectTimeoutMs();

  public abstract boolean fetchRetryEnabled();

  public abstract int fetchRetryIntervalMs();

  public abstract int fetchRetryTimeoutMs();

  public static ConnectSettings of(
      int connectTimeoutMs,
      boolean fetchRetryEnabled,
      int fetchRetryIntervalMs,
      int fetchRetryTimeoutMs) {
    return ImmutableConnectSettings.of(
        connectTimeoutMs, fetchRetryEnabled, fetchRetryIntervalMs, fetchRetryTimeoutMs);
  }

  /**
   * Stock fails every connect of a negative timeout ("Invalid timeout") and every wait of a
   * negative interval, so that every fetch fails and maps are re-run: refused here at once instead.
   */
  @Value.Check
  protected void check() {
    if (connectTimeoutMs() < 0 || fetchRetryIntervalMs() < 0 || fetchRetryTimeoutMs() < 0) {
      throw new IllegalArgumentException(
          "the shuffle's connect timeout, fetch retry interval and fetch retry timeout must be >= 0,"
              + " got "
              + connectTimeoutMs()
              + ", "
              + fetchRetryIntervalMs()
              + ", "
              + fetchRetryTimeoutMs()
              + " (mapreduce.reduce.shuffle.connect.timeout,"
              + " mapreduce.reduce.shuffle.fetch.retry.interval-ms,"
              + " mapreduce.reduce.shuffle.fetch.retry.timeout-ms)");
    }
  }
}
