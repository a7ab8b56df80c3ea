package io.pikachu.core.binmap;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * A controller publishes maps through a {@link BinMapStore}; before the first one, the even map
 * (not final: a decision may still come).
 *
 * <p>What the polls cost the store: a read that finds nothing new doubles the wait before the next
 * one, up to a cap, and a new map brings it back to the poll interval. At thousands of concurrent
 * reducers one read a second each is thousands of NameNode calls a second where stock reducers make
 * none; backing off keeps a job whose map does not change near none.
 *
 * <p>Once the reducer has fetched all its bins its final merge waits for the final map, so the
 * store is read at once and then the sealed map alone is looked for, from the shorter final
 * interval, backing off the same way: without that, a final map published just after a poll reached
 * the reducer up to a whole interval late.
 *
 * <p>A read that fails (a NameNode restart, a network blip, a store outage) leaves the map in
 * force, as if nothing had changed: the reducer keeps fetching under it, and tries again after an
 * interval that doubles while reads keep failing, so that thousands of reducers do not hammer a
 * store that is down. A seal that fails (the reducer waited its final-wait for the AM) is tried
 * again the same way. Only reads failing for longer than the give-up time ({@link
 * BinMapPolling#giveUpMs}, which the adapter sets per attempt so that reducers do not all give up
 * in the same second) fail the reducer, naming the store. A map that cannot be trusted ({@link
 * UntrustedBinMapException}) fails it at once: waiting does not make it right.
 */
public final class PublishedBinMapSource implements BinMapSource {
  private static final long NEVER = Long.MIN_VALUE;

  private final BinMapStore store;
  private final BinMap even;
  private final BinMapPolling polling;
  private final LongSupplier clock;
  private BinMap last;
  private long nextRead = NEVER;
  private long readInterval;
  private long nextFinalRead = NEVER;
  private long finalInterval;
  private long failingSince = NEVER;
  private long nextSeal = NEVER;
  private boolean fetchedAllBefore;

  public PublishedBinMapSource(
      BinMapStore store, BinMap even, BinMapPolling polling, LongSupplier clock) {
    this.store = store;
    this.even = even.withVersion(0, false);
    this.polling = polling;
    this.clock = clock;
    this.last = this.even;
    this.readInterval = polling.pollMs();
    this.finalInterval = polling.finalPollMs();
  }

  @Override
  public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) throws IOException {
    if (last.isFinal()) {
      return last;
    }
    long now = clock.getAsLong();
    boolean justFetchedAll = fetchedAll && !fetchedAllBefore;
    fetchedAllBefore = fetchedAll;
    try {
      if (justFetchedAll || due(nextRead, now)) {
        readAll(now);
        if (justFetchedAll) {
          nextFinalRead = now + polling.finalPollMs();
          finalInterval = polling.backOff(polling.finalPollMs());
        }
        failingSince = NEVER;
      } else if (fetchedAll && due(nextFinalRead, now)) {
        readFinal(now);
        failingSince = NEVER;
      }
    } catch (UntrustedBinMapException e) {
      throw e;
    } catch (IOException e) {
      failed(now, e);
    }
    return last;
  }

  private void readAll(long now) throws IOException {
    BinMap published = store.read();
    if (published != null && (published.isFinal() || published.version() > last.version())) {
      last = published;
      readInterval = polling.pollMs();
      nextRead = now + readInterval;
    } else {
      nextRead = now + readInterval;
      readInterval = polling.backOff(readInterval);
    }
  }

  private void readFinal(long now) throws IOException {
    BinMap sealed = store.readFinal();
    if (sealed != null) {
      last = sealed;
    } else {
      nextFinalRead = now + finalInterval;
      finalInterval = polling.backOff(finalInterval);
    }
  }

  private void failed(long now, IOException e) throws IOException {
    if (failingSince == NEVER) {
      failingSince = now;
    }
    if (now - failingSince >= polling.giveUpMs()) {
      throw new IOException(
          "the bin-map store "
              + store.location()
              + " could not be used for "
              + (now - failingSince)
              + " ms (this reducer gives up after "
              + polling.giveUpMs()
              + " ms: "
              + BinMapPolling.GIVE_UP_RULE
              + "): "
              + e.getMessage(),
          e);
    }
    // Back off while the store fails: a reset to the poll interval would have every reducer of the
    // cluster read a store that is down once a second.
    readInterval = polling.backOff(readInterval);
    nextRead = now + readInterval;
    finalInterval = polling.backOff(finalInterval);
    nextFinalRead = now + finalInterval;
    nextSeal = now + readInterval;
  }

  private static boolean due(long next, long now) {
    return next == NEVER || now >= next;
  }

  /**
   * Seals {@code current} unless a final map exists. While the store fails, the map in force (not
   * final) comes back and the seal is tried again after the backed-off interval; the caller keeps
   * waiting, up to the give-up time.
   */
  @Override
  public BinMap forceFinal(BinMap current) throws IOException {
    if (last.isFinal()) {
      return last;
    }
    long now = clock.getAsLong();
    if (!due(nextSeal, now)) {
      return last;
    }
    try {
      last = store.seal(current);
      failingSince = NEVER;
    } catch (UntrustedBinMapException e) {
      throw e;
    } catch (IOException e) {
      failed(now, e);
    }
    return last;
  }

  @Override
  public String describe() {
    return "published maps in " + store.location();
  }
}
