package io.pikachu.task.reduce;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.net.URLConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * A NodeManager's shuffle port as a connecting fetcher meets it, on a given clock: refusing at once
 * or answering nothing (each attempt then waits out its timeout) until it is up. Records every
 * connect attempt: when it started, and the timeout it was given.
 */
final class ScriptedHost {

  /** One connect attempt. */
  static final class Attempt {
    final long atMs;
    final int timeoutMs;

    Attempt(long atMs, int timeoutMs) {
      this.atMs = atMs;
      this.timeoutMs = timeoutMs;
    }

    @Override
    public String toString() {
      return "at " + atMs + " ms (timeout " + timeoutMs + ")";
    }
  }

  private final String description;
  private final long upAtMs;
  private final boolean silent;
  final List<Attempt> attempts = new ArrayList<>();

  private ScriptedHost(String description, long upAtMs, boolean silent) {
    this.description = description;
    this.upAtMs = upAtMs;
    this.silent = silent;
  }

  static ScriptedHost refusingUntil(long upAtMs) {
    return new ScriptedHost("refuses until " + upAtMs + " ms", upAtMs, false);
  }

  static ScriptedHost silentUntil(long upAtMs) {
    return new ScriptedHost("answers nothing until " + upAtMs + " ms", upAtMs, true);
  }

  static ScriptedHost down() {
    return new ScriptedHost("refuses for good", Long.MAX_VALUE, false);
  }

  /** The same script, with no attempts yet. */
  ScriptedHost fresh() {
    return new ScriptedHost(description, upAtMs, silent);
  }

  /**
   * A connection to this host whose {@code connect()} is one attempt at {@code clock}'s time; a
   * silent host moves {@code waitFor} on by the attempt's timeout.
   */
  URLConnection connection(LongSupplier clock, LongConsumer waitFor) throws IOException {
    return new URLConnection(new URL("http://nodemanager:13562/mapOutput")) {
      @Override
      public void connect() throws IOException {
        long now = clock.getAsLong();
        attempts.add(new Attempt(now, getConnectTimeout()));
        if (now < upAtMs) {
          if (silent) {
            waitFor.accept(getConnectTimeout());
            throw new SocketTimeoutException("connect timed out");
          }
          throw new ConnectException("Connection refused");
        }
        connected = true;
      }
    };
  }

  @Override
  public String toString() {
    return description;
  }
}
