package io.pikachu.core.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reducer's shuffle logic without Hadoop: fetchers are a loop in the test, outputs are strings
 * naming (map, bin), and the storage is a map of lists.
 */
class ShuffleCoordinatorTest {
  private static final int REDUCERS = 2;
  private static final int BINS = 4;
  private static final int MAPS = 3;

  private final ExecutorService pool = Executors.newCachedThreadPool();
  private final AtomicLong clock = new AtomicLong();
  private final Segments segments = new Segments();
  private final Counts counts = new Counts();
  private final List<String> reported = new ArrayList<>();

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  /** Outputs kept per bin; each output is "m<map>b<bin>" and costs 10 bytes. */
  private static final class Segments implements BinSegments<String> {
    final Map<Integer, List<String>> kept = new TreeMap<>();
    final List<String> discarded = new ArrayList<>();

    @Override
    public synchronized void keep(int bin, String output) {
      kept.computeIfAbsent(bin, b -> new ArrayList<>()).add(output);
    }

    @Override
    public synchronized void discard(String output) {
      discarded.add(output);
    }

    @Override
    public synchronized long dropBin(int bin) {
      List<String> gone = kept.remove(bin);
      return gone == null ? 0 : 10L * gone.size();
    }

    @Override
    public synchronized BitSet binsWithData() {
      BitSet set = new BitSet();
      kept.keySet().forEach(set::set);
      return set;
    }

    @Override
    public long wireBytes(String output) {
      return 10;
    }

    @Override
    public long rawBytes(String output) {
      return 100;
    }
  }

  private static final class Counts implements ShuffleCounters {
    volatile long fetched;
    long bytes;
    long reshuffled;
    long mapsShuffled;
    long failed;
    long gained;
    long dropped;
    long bytesDropped;

    @Override
    public synchronized void binFetched() {
      fetched++;
    }

    @Override
    public synchronized void shuffleBytes(long b) {
      bytes += b;
    }

    @Override
    public synchronized void bytesReshuffled(long b) {
      reshuffled += b;
    }

    @Override
    public synchronized void mapShuffled() {
      mapsShuffled++;
    }

    @Override
    public synchronized void failedShuffle() {
      failed++;
    }

    @Override
    public synchronized void binMapChanged(int g, int d, long b) {
      gained += g;
      dropped += d;
      bytesDropped += b;
    }
  }

  /** A source that serves a scripted map; the test switches it. */
  private static final class ScriptedSource implements BinMapSource {
    volatile BinMap map;
    volatile BinMap sealed;

    ScriptedSource(BinMap map) {
      this.map = map;
    }

    @Override
    public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) {
      return sealed != null ? sealed : map;
    }

    @Override
    public BinMap forceFinal(BinMap current) {
      sealed = current.withVersion(current.version(), true);
      return sealed;
    }

    @Override
    public String describe() {
      return "scripted";
    }
  }

  private ShuffleCoordinator<String> coordinator(
      int reducer, ScriptedSource source, ShuffleLimits limits) {
    BinMap initial = source.current(0, MAPS, false);
    FetchPlanner planner =
        new FetchPlanner(MAPS, REDUCERS * BINS, initial.bins(reducer), 20, 60_000);
    return new ShuffleCoordinator<>(
        reducer,
        "attempt_r" + reducer,
        MAPS,
        source,
        initial,
        planner,
        segments,
        counts,
        reported::add,
        limits,
        clock::get);
  }

  private static ShuffleLimits limits(long finalWaitMs) {
    return ShuffleLimits.of(5, 5, finalWaitMs, 30, 10, true, 5);
  }

  /** A fetcher: takes units and delivers every source's output, until stopped. */
  private Future<?> fetcher(ShuffleCoordinator<String> c) {
    return pool.submit(
        () -> {
          FetchUnit unit;
          while ((unit = c.take()) != null) {
            for (FetchUnit.Source s : unit.sources()) {
              c.fetched(unit, s, "m" + s.map() + "b" + unit.bin());
            }
            c.release(unit);
          }
          return null;
        });
  }

  private static void succeedAll(ShuffleCoordinator<String> c) {
    for (int m = 0; m < MAPS; m++) {
      c.mapSucceeded(m, "attempt_m" + m + "_0", "host" + (m % 2), "http://host" + (m % 2) + "/");
    }
  }

  /**
   * Issue 29, item 7: with one attempt per map, a bin of map 0 that only its re-run can serve,
   * after the reducer kept another bin of the first attempt, fails the reducer attempt (Hadoop
   * re-runs it) instead of mixing the two attempts in one part file.
   */
  @Test
  void withOneAttemptPerMapAReRunMapsBinFailsTheReducerRatherThanMix() throws Exception {
    BinMap even = BinMap.even(REDUCERS, BINS, false);
    FetchPlanner planner = new FetchPlanner(MAPS, REDUCERS * BINS, even.bins(0), 20, 60_000, true);
    ShuffleCoordinator<String> c =
        new ShuffleCoordinator<>(
            0,
            "attempt_r0",
            MAPS,
            new ScriptedSource(even),
            even,
            planner,
            segments,
            counts,
            reported::add,
            limits(60_000),
            clock::get);
    c.mapSucceeded(0, "attempt_m0_0", "host0", "http://host0/");
    FetchUnit first = c.take();
    c.fetched(first, first.sources().get(0), "first");
    c.release(first);
    c.checkError();
    c.mapObsolete("attempt_m0_0");
    c.mapSucceeded(0, "attempt_m0_1", "host1", "http://host1/");
    FetchUnit rerun = c.take();
    assertEquals("attempt_m0_1", rerun.sources().get(0).attempt());
    c.fetched(rerun, rerun.sources().get(0), "rerun");
    IOException e = assertThrows(IOException.class, c::checkError);
    assertTrue(
        e.getCause().getMessage().contains("pikachu.shuffle.one-attempt-per-map"),
        e.getCause().getMessage());
    assertEquals(List.of("rerun"), segments.discarded, "the re-run's output is not kept");
    assertEquals(1, counts.fetched);
  }

  @Test
  void evenFinalMapKeepsEveryOwnedBinFromEveryMapOnce() throws Exception {
    ShuffleCoordinator<String> c =
        coordinator(1, new ScriptedSource(BinMap.even(REDUCERS, BINS, true)), limits(60_000));
    fetcher(c);
    succeedAll(c);
    List<String> states = new ArrayList<>();
    BitSet owned = c.awaitFinal((fraction, state) -> states.add(state));
    c.stop();
    assertEquals(BinMap.even(REDUCERS, BINS, true).bins(1), owned);
    assertEquals(owned, segments.binsWithData());
    for (int b = 4; b < 8; b++) {
      assertEquals(MAPS, segments.kept.get(b).size(), "bin " + b);
    }
    assertEquals(MAPS * BINS, counts.fetched);
    assertEquals(10L * MAPS * BINS, counts.bytes);
    assertEquals(MAPS, counts.mapsShuffled);
    assertEquals(0, counts.reshuffled);
    assertTrue(states.get(states.size() - 1).contains("bin map v0 final"), states.toString());
  }

  @Test
  void aChangeDropsLostBinsAndRefetchesGainedBinsFromFinishedMaps() throws Exception {
    ScriptedSource source = new ScriptedSource(BinMap.even(REDUCERS, BINS, false));
    ShuffleCoordinator<String> c = coordinator(0, source, limits(60_000));
    fetcher(c);
    succeedAll(c);
    // wait until the even map's bins are all kept, then move bins 0..5 to reducer 0
    Future<BitSet> done = pool.submit(() -> c.awaitFinal((f, s) -> {}));
    while (counts.fetched < MAPS * BINS) {
      Thread.sleep(1);
    }
    source.map = BinMap.fromCounts(1, true, BINS, new int[] {6, 2});
    BitSet owned = done.get(10, TimeUnit.SECONDS);
    c.stop();
    BitSet expected = new BitSet();
    expected.set(0, 6);
    assertEquals(expected, owned);
    assertEquals(expected, segments.binsWithData());
    assertEquals(2, counts.gained);
    assertEquals(0, counts.dropped);
    assertEquals(10L * 2 * MAPS, counts.reshuffled, "gained bins re-shuffled from all maps");

    // the other reducer loses bins 4 and 5, which it had fetched
    Segments other = new Segments();
    ScriptedSource otherSource = new ScriptedSource(BinMap.even(REDUCERS, BINS, false));
    Counts otherCounts = new Counts();
    ShuffleCoordinator<String> r1 =
        new ShuffleCoordinator<>(
            1,
            "attempt_r1",
            MAPS,
            otherSource,
            otherSource.map,
            new FetchPlanner(MAPS, REDUCERS * BINS, otherSource.map.bins(1), 20, 60_000),
            other,
            otherCounts,
            reported::add,
            limits(60_000),
            clock::get);
    fetcher(r1);
    succeedAll(r1);
    Future<BitSet> done1 = pool.submit(() -> r1.awaitFinal((f, s) -> {}));
    while (otherCounts.fetched < MAPS * BINS) {
      Thread.sleep(1);
    }
    otherSource.map = BinMap.fromCounts(1, true, BINS, new int[] {6, 2});
    assertEquals(
        BinMap.fromCounts(1, true, BINS, new int[] {6, 2}).bins(1),
        done1.get(10, TimeUnit.SECONDS));
    r1.stop();
    assertEquals(2, otherCounts.dropped);
    assertEquals(10L * 2 * MAPS, otherCounts.bytesDropped);
    assertFalse(other.kept.containsKey(4) || other.kept.containsKey(5));
  }

  @Test
  void anOutputOfALostBinThatArrivesAfterTheChangeIsDiscarded() throws Exception {
    ScriptedSource source = new ScriptedSource(BinMap.even(REDUCERS, BINS, false));
    ShuffleCoordinator<String> c = coordinator(1, source, limits(60_000));
    c.mapSucceeded(0, "attempt_m0_0", "host0", "http://host0/");
    FetchUnit unit = c.take(); // in flight for bin 4
    assertEquals(4, unit.bin());
    source.map = BinMap.fromCounts(1, true, BINS, new int[] {6, 2}); // reducer 1 loses bins 4, 5
    Future<BitSet> done = pool.submit(() -> c.awaitFinal((f, s) -> {}));
    while (c.current().version() != 1) {
      Thread.sleep(1);
    }
    c.fetched(unit, unit.sources().get(0), "late");
    c.release(unit);
    assertEquals(List.of("late"), segments.discarded);
    assertFalse(segments.binsWithData().get(4));
    c.mapSucceeded(1, "attempt_m1_0", "host1", "http://host1/");
    c.mapSucceeded(2, "attempt_m2_0", "host0", "http://host0/");
    fetcher(c);
    assertEquals(
        BinMap.fromCounts(1, true, BINS, new int[] {6, 2}).bins(1), done.get(10, TimeUnit.SECONDS));
    c.stop();
  }

  /** Records what the coordinator shows and when it says the reducer waits. */
  private static final class RecordingProgress implements ShuffleCoordinator.Progress {
    volatile float lastFraction = -1;
    final List<Float> fractionAtEachWait = new CopyOnWriteArrayList<>();

    @Override
    public void update(float fraction, String state) {
      lastFraction = fraction;
    }

    @Override
    public void awaitingFinalMap() {
      fractionAtEachWait.add(lastFraction);
    }
  }

  @Test
  void aReducerSaysOnceForEachWaitThatItWaitsForTheFinalMap() throws Exception {
    ScriptedSource source = new ScriptedSource(BinMap.even(REDUCERS, BINS, false));
    ShuffleCoordinator<String> c = coordinator(0, source, limits(60_000));
    fetcher(c);
    succeedAll(c);
    RecordingProgress progress = new RecordingProgress();
    Future<BitSet> done = pool.submit(() -> c.awaitFinal(progress));
    while (progress.fractionAtEachWait.isEmpty()) {
      Thread.sleep(1);
    }
    Thread.sleep(50);
    assertEquals(List.of(1.0f), progress.fractionAtEachWait, "once, after showing the full copy");

    // a correction gives reducer 0 two more bins: it fetches them, then waits and says so again
    source.map = BinMap.fromCounts(1, false, BINS, new int[] {6, 2});
    while (progress.fractionAtEachWait.size() < 2) {
      Thread.sleep(1);
    }
    assertEquals(2L * MAPS, counts.fetched - (long) MAPS * BINS, "the gained bins, then the wait");
    source.map = BinMap.fromCounts(2, true, BINS, new int[] {6, 2});
    done.get(10, TimeUnit.SECONDS);
    c.stop();
    assertEquals(List.of(1.0f, 1.0f), progress.fractionAtEachWait);
  }

  @Test
  void aReducerWhoseMapIsFinalDoesNotSayItWaits() throws Exception {
    ShuffleCoordinator<String> c =
        coordinator(1, new ScriptedSource(BinMap.even(REDUCERS, BINS, true)), limits(60_000));
    fetcher(c);
    succeedAll(c);
    RecordingProgress noWait = new RecordingProgress();
    c.awaitFinal(noWait);
    c.stop();
    assertEquals(List.of(), noWait.fractionAtEachWait, "a final map needs no wait");
  }

  @Test
  void aReducerWithEveryBinSealsTheMapItHasAfterTheFinalWait() throws Exception {
    ScriptedSource source = new ScriptedSource(BinMap.even(REDUCERS, BINS, false));
    ShuffleCoordinator<String> c = coordinator(0, source, limits(1000));
    fetcher(c);
    succeedAll(c);
    RecordingProgress progress = new RecordingProgress();
    Future<BitSet> done = pool.submit(() -> c.awaitFinal(progress));
    // the wait starts when the reducer says it waits: moving the clock before that (a loaded
    // machine can start the waiting thread late) would only move the wait's start
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (progress.fractionAtEachWait.isEmpty() && System.nanoTime() < giveUp) {
      Thread.sleep(1);
    }
    assertEquals(List.of(1f), progress.fractionAtEachWait, "the reducer waits with every bin");
    assertFalse(done.isDone(), "no final map yet, and the wait has not run out");
    clock.addAndGet(1000);
    assertEquals(BinMap.even(REDUCERS, BINS, false).bins(0), done.get(10, TimeUnit.SECONDS));
    assertTrue(source.sealed.isFinal());
    c.stop();
  }

  @Test
  void connectErrorsAreReportedAtOnceAndReadErrorsWhenConfigured() throws Exception {
    ShuffleCoordinator<String> c =
        coordinator(0, new ScriptedSource(BinMap.even(REDUCERS, BINS, true)), limits(60_000));
    c.mapSucceeded(0, "attempt_m0_0", "host0", "http://host0/");
    FetchUnit unit = c.take();
    c.failed(unit, unit.sources(), false, true);
    c.release(unit);
    assertEquals(List.of("attempt_m0_0"), reported);
    assertEquals(1, counts.failed);
    assertNull(takeNow(c), "the host is penalised after a failure");
  }

  @Test
  void aRequestTheHostRefusesIsSplitSoThatOnlyTheMissingMapIsBlamed() throws Exception {
    ShuffleCoordinator<String> c =
        coordinator(0, new ScriptedSource(BinMap.even(REDUCERS, BINS, true)), limits(60_000));
    for (int m = 0; m < MAPS; m++) {
      c.mapSucceeded(m, "attempt_m" + m + "_0", "host0", "http://host0/");
    }
    FetchUnit all = c.take();
    assertEquals(MAPS, all.sources().size());
    c.refused(all, all.sources());
    c.release(all);
    assertEquals(List.of(), reported, "no map is blamed for a request of several");
    assertEquals(0, counts.failed);
    FetchUnit first = c.take();
    assertEquals(List.of(FetchUnit.Source.of(0, "attempt_m0_0")), first.sources());
    c.fetched(first, first.sources().get(0), "m0b0");
    c.release(first);
    FetchUnit lost = c.take();
    assertEquals(List.of(FetchUnit.Source.of(1, "attempt_m1_0")), lost.sources());
    c.refused(lost, lost.sources());
    c.release(lost);
    assertEquals(List.of("attempt_m1_0"), reported, "the map that cannot be served, at once");
    assertEquals(1, counts.failed);
  }

  @Test
  void anErrorOfAnyThreadEndsTheShuffle() throws Exception {
    ShuffleCoordinator<String> c =
        coordinator(0, new ScriptedSource(BinMap.even(REDUCERS, BINS, true)), limits(60_000));
    Future<BitSet> done = pool.submit(() -> c.awaitFinal((f, s) -> {}));
    c.reportException(new IllegalStateException("disk full"));
    var e = assertThrows(Exception.class, () -> done.get(10, TimeUnit.SECONDS));
    assertTrue(e.getCause() instanceof IOException, e.toString());
    assertTrue(e.getCause().getCause().getMessage().contains("disk full"));
  }

  /** take() without blocking: stop the coordinator's wait by stopping it from another thread. */
  private FetchUnit takeNow(ShuffleCoordinator<String> c) throws Exception {
    Future<FetchUnit> f = pool.submit(c::take);
    Thread.sleep(50);
    c.stop();
    return f.get(5, TimeUnit.SECONDS);
  }
}
