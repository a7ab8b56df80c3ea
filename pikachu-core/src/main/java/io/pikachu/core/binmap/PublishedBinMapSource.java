package io.pikachu.core.binmap;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * A controller publishes maps through a {@link BinMapStore}; before the first one, the even map
 * (not final: a decision may still come). Polled at most once per interval.
 */
public final class PublishedBinMapSource implements BinMapSource {
  private final BinMapStore store;
  private final BinMap even;
  private final long pollMs;
  private final LongSupplier clock;
  private BinMap last;
  private long lastPoll = Long.MIN_VALUE;

  public PublishedBinMapSource(BinMapStore store, BinMap even, long pollMs, LongSupplier clock) {
    this.store = store;
    this.even = even.withVersion(0, false);
    this.pollMs = pollMs;
    this.clock = clock;
    this.last = this.even;
  }

  @Override
  public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) throws IOException {
    long now = clock.getAsLong();
    if (last.isFinal() || (lastPoll != Long.MIN_VALUE && now - lastPoll < pollMs)) {
      return last;
    }
    lastPoll = now;
    BinMap published = store.read();
    if (published != null && (published.isFinal() || published.version() > last.version())) {
      last = published;
    }
    return last;
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
