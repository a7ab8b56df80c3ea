package io.pikachu.core.binmap;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * A controller publishes maps through a {@link BinMapStore}; before the first one, the even map
 * (not final: a decision may still come). Polled at most once per interval while bins remain to
 * fetch. Once the reducer has fetched all its bins, its final merge waits for the final map, so the
 * store is read at once, and then the sealed map alone is looked for at the shorter final interval:
 * without that, a final map published just after a poll reached the reducer up to a whole interval
 * late.
 */
public final class PublishedBinMapSource implements BinMapSource {
  private static final long NEVER = Long.MIN_VALUE;

  private final BinMapStore store;
  private final BinMap even;
  private final long pollMs;
  private final long finalPollMs;
  private final LongSupplier clock;
  private BinMap last;
  private long lastRead = NEVER;
  private long lastFinalRead = NEVER;
  private boolean fetchedAllBefore;

  /**
   * @param pollMs the interval between full reads ({@code pikachu.binmap.poll-interval-ms})
   * @param finalPollMs the interval between reads of the sealed map once every owned bin is fetched
   *     ({@code pikachu.binmap.final-poll-interval-ms})
   */
  public PublishedBinMapSource(
      BinMapStore store, BinMap even, long pollMs, long finalPollMs, LongSupplier clock) {
    this.store = store;
    this.even = even.withVersion(0, false);
    this.pollMs = pollMs;
    this.finalPollMs = finalPollMs;
    this.clock = clock;
    this.last = this.even;
  }

  @Override
  public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) throws IOException {
    if (last.isFinal()) {
      return last;
    }
    long now = clock.getAsLong();
    boolean justFetchedAll = fetchedAll && !fetchedAllBefore;
    fetchedAllBefore = fetchedAll;
    if (justFetchedAll || due(lastRead, pollMs, now)) {
      lastRead = now;
      lastFinalRead = now;
      BinMap published = store.read();
      if (published != null && (published.isFinal() || published.version() > last.version())) {
        last = published;
      }
    } else if (fetchedAll && due(lastFinalRead, finalPollMs, now)) {
      lastFinalRead = now;
      BinMap sealed = store.readFinal();
      if (sealed != null) {
        last = sealed;
      }
    }
    return last;
  }

  private static boolean due(long previous, long interval, long now) {
    return previous == NEVER || now - previous >= interval;
  }

  @Override
  public BinMap forceFinal(BinMap current) throws IOException {
    last = store.seal(current);
    return last;
  }

  @Override
  public String describe() {
    return "published maps in " + store.location();
  }
}
