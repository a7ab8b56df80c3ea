package io.pikachu.core.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Stock Fetcher's connect and retry semantics on a fake clock (the agreement with stock's own code,
 * line by line, is pikachu-task's {@code StockConnectAgreementTest}).
 */
class ConnectRetryTest {

  private final AtomicLong now = new AtomicLong();

  /** Each connect attempt: when it started, and the timeout it was given. */
  private final List<List<Long>> attempts = new ArrayList<>();

  /** mapred-default.xml's values: 3 min connect timeout, fetch retry off (no NM recovery). */
  private ConnectRetry retry(int connectTimeoutMs, boolean fetchRetry) {
    return new ConnectRetry(
        ConnectSettings.of(connectTimeoutMs, fetchRetry, 1_000, 30_000), now::get, now::addAndGet);
  }

  /** A NodeManager that refuses connections at once until {@code upAtMs}. */
  private ConnectRetry.Connect refusingUntil(long upAtMs) {
    return timeout -> {
      attempts.add(Arrays.asList(now.get(), (long) timeout));
      if (now.get() < upAtMs) {
        throw new ConnectException("Connection refused");
      }
    };
  }

  /** A host that answers nothing until {@code upAtMs}: each attempt waits out its timeout. */
  private ConnectRetry.Connect silentUntil(long upAtMs) {
    return timeout -> {
      attempts.add(Arrays.asList(now.get(), (long) timeout));
      if (now.get() < upAtMs) {
        now.addAndGet(timeout);
        throw new SocketTimeoutException("connect timed out");
      }
    };
  }

  private static List<List<Long>> at(long... startAndTimeout) {
    List<List<Long>> l = new ArrayList<>();
    for (int i = 0; i < startAndTimeout.length; i += 2) {
      l.add(Arrays.asList(startAndTimeout[i], startAndTimeout[i + 1]));
    }
    return l;
  }

  /**
   * Issue 41: with fetch retry off (the default without NodeManager recovery), a NodeManager that
   * is back after 5 s is still fetched from, as stock does: the next attempt comes a minute later.
   */
  @Test
  void aNodeManagerBackWithinTheConnectTimeoutIsFetchedFromWithoutFetchRetry() throws Exception {
    retry(180_000, false).connect(refusingUntil(5_000));
    assertEquals(at(0, 60_000, 60_000, 60_000), attempts);
  }

  @Test
  void aRefusingHostIsTriedEveryMinuteUntilTheConnectTimeout() {
    IOException e =
        assertThrows(
            ConnectException.class, () -> retry(180_000, true).connect(refusingUntil(1_000_000)));
    assertEquals("Connection refused", e.getMessage());
    assertEquals(at(0, 60_000, 60_000, 60_000, 120_000, 60_000, 180_000, 60_000), attempts);
    assertEquals(180_000, now.get());
  }

  @Test
  void aSilentHostIsTriedAgainAtOnceAfterEachTimedOutAttempt() throws Exception {
    retry(180_000, false).connect(silentUntil(90_000));
    assertEquals(at(0, 60_000, 60_000, 60_000, 120_000, 60_000), attempts);
  }

  @Test
  void theLastAttemptGetsWhatIsLeftOfTheConnectTimeout() {
    assertThrows(
        ConnectException.class, () -> retry(100_000, false).connect(refusingUntil(1_000_000)));
    assertEquals(at(0, 60_000, 60_000, 60_000, 100_000, 40_000), attempts);
  }

  @Test
  void aConnectTimeoutUnderAMinuteIsOneUnit() throws Exception {
    retry(5_000, false).connect(refusingUntil(5_000));
    assertEquals(at(0, 5_000, 5_000, 5_000), attempts);
  }

  @Test
  void aConnectTimeoutOfZeroIsOneAttemptWithoutTimeout() {
    assertThrows(ConnectException.class, () -> retry(0, true).connect(refusingUntil(1)));
    assertEquals(at(0, 0), attempts);
  }

  @Test
  void openingIsRetriedOnlyUnderFetchRetry() throws Exception {
    IOException broken = new IOException("no SSL socket factory");
    int[] opened = new int[1];
    ConnectRetry.Open<String> failing =
        () -> {
          opened[0]++;
          throw broken;
        };
    assertSame(broken, assertThrows(IOException.class, () -> retry(180_000, false).open(failing)));
    assertEquals(1, opened[0]);

    opened[0] = 0;
    assertSame(broken, assertThrows(IOException.class, () -> retry(180_000, true).open(failing)));
    assertEquals(31, opened[0], "every second for 30 s");

    now.set(0);
    assertEquals(
        "open",
        retry(180_000, true)
            .open(
                () -> {
                  if (now.get() < 2_500) {
                    throw broken;
                  }
                  return "open";
                }));
    assertEquals(3_000, now.get());
  }

  @Test
  void aBrokenCopyReconnectsWithinTheFetchRetryTimeoutOfItsFirstError() {
    assertFalse(retry(180_000, false).readRetry().afterReadError(), "off: a failure at once");

    ConnectRetry.ReadRetry read = retry(180_000, true).readRetry();
    now.set(1_000);
    assertTrue(read.afterReadError());
    now.set(30_999);
    assertTrue(read.afterReadError());
    now.set(31_000);
    assertFalse(read.afterReadError(), "30 s after the first error");
    read.copied();
    assertTrue(read.afterReadError(), "an output copied starts the time again");
  }

  @Test
  void negativeSettingsAreRefusedNamingTheKeys() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ConnectSettings.of(-1, false, 1_000, 30_000));
    assertTrue(e.getMessage().contains("mapreduce.reduce.shuffle.connect.timeout"), e.getMessage());
  }
}
