package io.pikachu.core.shuffle;

import java.util.Collection;

/**
 * What a fetcher thread reports back to the shuffle that hands it work.
 *
 * @param <O> a fetched output as the fetcher holds it (in memory or in a local file)
 */
public interface FetchCallbacks<O> {
  /** Blocks for the next request; null once the shuffle stops. */
  FetchUnit take() throws InterruptedException;

  /** An output arrived intact; the shuffle keeps it or frees it. */
  void fetched(FetchUnit unit, FetchUnit.Source source, O output);

  /** Fetching these sources failed (stock Hadoop's fetch-failure accounting applies). */
  void failed(
      FetchUnit unit,
      Collection<FetchUnit.Source> sources,
      boolean readError,
      boolean connectError);

  /**
   * The host answered the whole request with an HTTP error (not 429) before any output: with
   * several maps in it, they are asked for one by one; a single map's error is a read error of that
   * map.
   */
  void refused(FetchUnit unit, Collection<FetchUnit.Source> sources);

  /** The host refused for now (HTTP 429): retry after {@code delayMs}. */
  void backOff(FetchUnit unit, long delayMs);

  /** The request is over; unfinished sources are needed again. */
  void release(FetchUnit unit);

  /** A local error (disk, bug): fails the reduce attempt. */
  void reportException(Throwable t);
}
