package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Issue 29, item 4: what a reducer's polls cost the store, and a failed read that does not fail the
 * reducer.
 */
class PublishedBinMapSourceTest {
  private final AtomicLong clock = new AtomicLong();
  private final Store store = new Store();
  private final BinMap even = BinMap.even(3, 10, false);

  private PublishedBinMapSource source() {
    return new PublishedBinMapSource(
        store, even, BinMapPolling.of(1000, 200, 30_000, 60_000), clock::get);
  }

  @Test
  void whileNothingChangesReadsBackOffToOneEveryThirtySeconds() throws IOException {
    PublishedBinMapSource source = source();
    for (long t = 0; t <= 600_000; t += 100) {
      clock.set(t);
      source.current(1, 4, false);
    }
    // 0, 1, 3, 7, 15, 31 s, then every 30 s up to 571 s: 24 reads in ten minutes, where one
    // every second was 601
    assertEquals(24, store.reads);
  }

  @Test
  void aNewMapBringsTheReadsBackToThePollInterval() throws IOException {
    PublishedBinMapSource source = source();
    for (long t = 0; t <= 40_000; t += 100) {
      clock.set(t);
      source.current(1, 4, false);
    }
    store.map = BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6});
    int before = store.reads;
    clock.set(70_000);
    assertEquals(1, source.current(1, 4, false).version(), "seen at the next read");
    clock.set(71_000);
    source.current(1, 4, false);
    assertEquals(before + 2, store.reads, "read again one poll interval later");
  }

  @Test
  void aReducerWaitingForTheFinalMapLooksAtOnceThenBacksOff() throws IOException {
    PublishedBinMapSource source = source();
    source.current(4, 4, false);
    clock.set(5_000);
    assertFalse(source.current(4, 4, true).isFinal());
    assertEquals(2, store.reads, "read at once when the last bin is fetched");
    // the AM publishes the final map 1 s after the reducer said it waits
    for (long t = 5_000; t <= 6_000; t += 10) {
      clock.set(t);
      source.current(4, 4, true);
    }
    store.map = BinMap.fromCounts(2, true, 10, new int[] {14, 8, 8});
    BinMap seen = null;
    long t = 6_000;
    while (seen == null || !seen.isFinal()) {
      clock.set(t += 10);
      seen = source.current(4, 4, true);
    }
    // looks at +0.2, +0.6, +1.4 s: found 0.4 s after it appeared
    assertEquals(6_400, t);
    assertEquals(3, store.finalReads);
  }

  @Test
  void aFailedReadKeepsTheMapInForceAndIsTriedAgain() throws IOException {
    store.map = BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6});
    PublishedBinMapSource source = source();
    assertEquals(1, source.current(1, 4, false).version());
    store.failing = true;
    clock.set(1_000);
    assertEquals(1, source.current(1, 4, false).version(), "the map in force, not an error");
    store.failing = false;
    store.map = BinMap.fromCounts(2, false, 10, new int[] {14, 8, 8});
    clock.set(3_000);
    assertEquals(2, source.current(1, 4, false).version(), "read again, and followed");
  }

  @Test
  void readsThatFailForTooLongFailTheReducerNamingTheStore() throws IOException {
    PublishedBinMapSource source = source();
    store.failing = true;
    source.current(1, 4, false);
    IOException e = null;
    long t = 0;
    while (e == null) {
      clock.set(t += 10);
      try {
        source.current(1, 4, t > 30_000);
      } catch (IOException failed) {
        e = failed;
      }
    }
    // reads back off while failing (issue 41), so the give-up is noticed at the first read after
    // it: never before the give-up time, at most one capped interval (30 s here) after it
    assertTrue(t >= 60_000 && t <= 90_000, "gave up at " + t);
    assertTrue(e.getMessage().contains("test-store"), e.getMessage());
  }

  @Test
  void anUntrustedMapFailsAtOnce() {
    PublishedBinMapSource source = source();
    store.untrusted = true;
    assertThrows(UntrustedBinMapException.class, () -> source.current(1, 4, false));
  }

  @Test
  void aFinalMapIsNeverReadAgain() throws IOException {
    BinMap fin = BinMap.fromCounts(1, true, 10, new int[] {18, 6, 6});
    store.map = fin;
    PublishedBinMapSource source = source();
    assertSame(fin, source.current(1, 4, false));
    for (long t = 0; t < 100_000; t += 500) {
      clock.set(t);
      source.current(4, 4, true);
    }
    assertEquals(1, store.reads + store.finalReads);
  }

  private static final class Store implements BinMapStore {
    BinMap map;
    boolean failing;
    boolean untrusted;
    int reads;
    int finalReads;

    @Override
    public BinMap publish(BinMap m) {
      throw new UnsupportedOperationException();
    }

    @Override
    public BinMap seal(BinMap m) {
      throw new UnsupportedOperationException();
    }

    @Override
    public BinMap read() throws IOException {
      reads++;
      check();
      return map;
    }

    @Override
    public BinMap readFinal() throws IOException {
      finalReads++;
      check();
      return map != null && map.isFinal() ? map : null;
    }

    private void check() throws IOException {
      if (untrusted) {
        throw new BinMapFormatException("test-store/final", "checksum mismatch");
      }
      if (failing) {
        throw new IOException("NameNode is in safe mode");
      }
    }

    @Override
    public String location() {
      return "test-store";
    }
  }
}
