package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapPolling;
import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.binmap.BinMapStore;
import io.pikachu.core.binmap.PublishedBinMapSource;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.testing.TestHooks;
import io.pikachu.store.FsBinMapStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BinMapSourcesTest {
  @TempDir java.nio.file.Path tmp;

  private JobLayout layout(Slicing slicing) {
    return JobLayout.bins(
        Rebalancing.Enabled.of(
            slicing, "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner"),
        10,
        tmp.resolve("staging/pikachu-binmap").toUri().toString());
  }

  private BinMapSource source(JobConf job, Slicing slicing) throws IOException {
    return ShuffleParts.createSource(job, layout(slicing), 3, "attempt_1_0001_r_000000_0");
  }

  @Test
  void badHookRatioIsNamedWhenTheSourceIsCreated() {
    JobConf job = new JobConf(false);
    job.set(TestHooks.FORCED_RATIO.name(), "three");
    var parse = assertThrows(IllegalArgumentException.class, () -> source(job, Slicing.HASH));
    assertTrue(parse.getMessage().contains(TestHooks.FORCED_RATIO.name()));
  }

  @Test
  void withTheControllerTheEvenMapIsNotFinalUntilTheAmSaysSo() throws Exception {
    JobConf job = new JobConf(false);
    job.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    job.set("mapreduce.job.dir", tmp.resolve("staging").toUri().toString());
    BinMap start = source(job, Slicing.HASH).current(0, 5, false);
    assertEquals(BinMap.even(3, 10, false), start);
  }

  @Test
  void theHookMovesTheFewestBinsUnlessTheJobIsTotalOrder() throws Exception {
    JobConf job = new JobConf(false);
    job.set(TestHooks.FORCED_RATIO.name(), "3");
    job.set(TestHooks.FORCED_AFTER_MAPS.name(), "0.5");
    BinMap hash = source(job, Slicing.HASH).current(5, 10, false);
    BinMap ordered = source(job, Slicing.KEY_RANGE).current(5, 10, false);
    assertEquals(hash.allocation().counts(), ordered.allocation().counts());
    assertTrue(ordered.allocation().isContiguous());
    assertEquals(8, hash.allocation().binsMoved());
    assertEquals(12, ordered.allocation().binsMoved());
  }

  @Test
  void publishedSourceFollowsTheStoreAndSealsOnTimeout() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path dir = new Path(tmp.toString(), "maps");
    FsBinMapStore am = new FsBinMapStore(fs, dir, 3, 10);
    AtomicLong clock = new AtomicLong();
    PublishedBinMapSource source =
        new PublishedBinMapSource(
            new FsBinMapStore(fs, dir, 3, 10),
            BinMap.even(3, 10, true),
            BinMapPolling.of(1000, 200, 30_000, 300_000),
            clock::get);
    BinMap start = source.current(0, 4, false);
    assertFalse(start.isFinal(), "before any decision the even map is not final");
    am.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    assertEquals(start, source.current(0, 4, false), "polled at most once per interval");
    clock.addAndGet(1000);
    BinMap v1 = source.current(0, 4, false);
    assertEquals(1, v1.version());
    BinMap sealed = source.forceFinal(v1);
    assertEquals(v1.withVersion(1, true), sealed);
    // the AM's later final map loses; another reducer's source sees the sealed one
    assertEquals(sealed, am.publish(BinMap.fromCounts(2, true, 10, new int[] {12, 9, 9})));
    PublishedBinMapSource other =
        new PublishedBinMapSource(
            new FsBinMapStore(fs, dir, 3, 10),
            BinMap.even(3, 10, true),
            BinMapPolling.of(1000, 200, 30_000, 300_000),
            clock::get);
    assertEquals(sealed, other.current(0, 4, false));
  }

  @Test
  void aReducerWaitingForTheFinalMapSeesItWithinTheFinalInterval() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path dir = new Path(tmp.toString(), "maps");
    FsBinMapStore am = new FsBinMapStore(fs, dir, 3, 10);
    CountingStore reducerSide = new CountingStore(new FsBinMapStore(fs, dir, 3, 10));
    AtomicLong clock = new AtomicLong();
    PublishedBinMapSource source =
        new PublishedBinMapSource(
            reducerSide,
            BinMap.even(3, 10, true),
            BinMapPolling.of(1000, 200, 30_000, 300_000),
            clock::get);
    BinMap v1 = am.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    assertEquals(v1, source.current(4, 4, false));

    BinMap v2 = am.publish(BinMap.fromCounts(2, true, 10, new int[] {20, 5, 5}));
    clock.addAndGet(10);
    assertEquals(v2, source.current(4, 4, true), "read at once when the last bin is fetched");
    assertEquals(2, reducerSide.reads.get());

    Path later = new Path(tmp.toString(), "later");
    CountingStore counted = new CountingStore(new FsBinMapStore(fs, later, 3, 10));
    PublishedBinMapSource waiting =
        new PublishedBinMapSource(
            counted,
            BinMap.even(3, 10, true),
            BinMapPolling.of(1000, 200, 30_000, 300_000),
            clock::get);
    assertFalse(waiting.current(4, 4, true).isFinal());
    BinMap fin =
        new FsBinMapStore(fs, later, 3, 10)
            .publish(BinMap.fromCounts(1, true, 10, new int[] {14, 8, 8}));
    clock.addAndGet(199);
    assertFalse(waiting.current(4, 4, true).isFinal(), "not before the final interval");
    clock.addAndGet(1);
    assertEquals(fin, waiting.current(4, 4, true), "one final interval later, not a poll interval");
    assertEquals(1, counted.reads.get(), "one full read, when the last bin was fetched");
    assertEquals(1, counted.finalReads.get(), "then only the sealed map's file");
  }

  /**
   * Issue 41: at 7d8858e a failing store was read again every second, and every reducer failed at
   * the same moment, final-wait-ms after the outage began.
   */
  @Test
  void aStoreOutageIsReadLessAndLessOftenAndFailsTheReducerOnlyAfterItsGiveUpTime()
      throws Exception {
    Outage store =
        new Outage(new FsBinMapStore(FileSystem.getLocal(new Configuration()), maps(), 3, 10));
    AtomicLong clock = new AtomicLong();
    PublishedBinMapSource source = outageSource(store, clock);
    BinMap even = source.current(0, 4, false);
    store.down = true;
    List<Long> readAt = new ArrayList<>();
    IOException failed = null;
    for (long t = 1000; t <= 800_000 && failed == null; t += 100) {
      clock.set(t);
      int before = store.reads.get();
      try {
        assertEquals(even, source.current(1, 4, false), "the map in force stands meanwhile");
      } catch (IOException e) {
        failed = e;
      }
      if (store.reads.get() > before) {
        readAt.add(t);
      }
    }
    List<Long> gaps = new ArrayList<>();
    for (int i = 1; i < readAt.size(); i++) {
      gaps.add(readAt.get(i) - readAt.get(i - 1));
    }
    assertTrue(gaps.get(0) >= 2000, "never back to the 1 s poll while failing: " + gaps);
    for (int i = 1; i < gaps.size(); i++) {
      assertTrue(gaps.get(i) >= gaps.get(i - 1), "backs off: " + gaps);
    }
    assertEquals(30_000L, gaps.get(gaps.size() - 1), "up to the cap: " + gaps);
    assertTrue(failed != null, "gives up");
    assertTrue(clock.get() >= 701_000, "not before the give-up time: " + clock.get());
    assertTrue(failed.getMessage().contains(maps().toString()), failed.getMessage());
    assertTrue(failed.getMessage().contains("mapreduce.task.timeout"), failed.getMessage());
  }

  @Test
  void aSealThatFailsIsTriedAgainAfterTheBackOffAndThenHolds() throws Exception {
    Outage store =
        new Outage(new FsBinMapStore(FileSystem.getLocal(new Configuration()), maps(), 3, 10));
    AtomicLong clock = new AtomicLong();
    PublishedBinMapSource source = outageSource(store, clock);
    BinMap even = source.current(4, 4, true);
    store.down = true;
    assertFalse(source.forceFinal(even).isFinal(), "the store is down: not sealed, not fatal");
    assertEquals(1, store.seals.get());
    clock.addAndGet(500);
    assertFalse(source.forceFinal(even).isFinal());
    assertEquals(1, store.seals.get(), "not tried again before the back-off");
    store.down = false;
    clock.addAndGet(1500);
    assertFalse(source.forceFinal(even).isFinal(), "the back-off has doubled past 2 s");
    assertEquals(1, store.seals.get());
    clock.addAndGet(2000);
    BinMap sealed = source.forceFinal(even);
    assertTrue(sealed.isFinal());
    assertEquals(2, store.seals.get());
  }

  private Path maps() {
    return new Path(tmp.toString(), "maps");
  }

  /** A reducer's source over {@code store}: the give-up time 700 s, the poll 1 s, the cap 30 s. */
  private static PublishedBinMapSource outageSource(Outage store, AtomicLong clock) {
    return new PublishedBinMapSource(
        store, BinMap.even(3, 10, true), BinMapPolling.of(1000, 200, 30_000, 700_000), clock::get);
  }

  /** A store that fails every call while {@code down}, as a NameNode that is away does. */
  private static final class Outage implements BinMapStore {
    final BinMapStore inner;
    volatile boolean down;
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger seals = new AtomicInteger();

    Outage(BinMapStore inner) {
      this.inner = inner;
    }

    private void check() throws IOException {
      if (down) {
        throw new java.net.ConnectException("Connection refused (the test's NameNode is down)");
      }
    }

    @Override
    public BinMap publish(BinMap map) throws IOException {
      check();
      return inner.publish(map);
    }

    @Override
    public BinMap seal(BinMap map) throws IOException {
      seals.incrementAndGet();
      check();
      return inner.seal(map);
    }

    @Override
    public BinMap read() throws IOException {
      reads.incrementAndGet();
      check();
      return inner.read();
    }

    @Override
    public BinMap readFinal() throws IOException {
      reads.incrementAndGet();
      check();
      return inner.readFinal();
    }

    @Override
    public String location() {
      return inner.location();
    }
  }

  /** Counts the reducer side's reads of the store. */
  private static final class CountingStore implements BinMapStore {
    final BinMapStore inner;
    final AtomicInteger reads = new AtomicInteger();
    final AtomicInteger finalReads = new AtomicInteger();

    CountingStore(BinMapStore inner) {
      this.inner = inner;
    }

    @Override
    public BinMap publish(BinMap map) throws IOException {
      return inner.publish(map);
    }

    @Override
    public BinMap seal(BinMap map) throws IOException {
      return inner.seal(map);
    }

    @Override
    public BinMap read() throws IOException {
      reads.incrementAndGet();
      return inner.read();
    }

    @Override
    public BinMap readFinal() throws IOException {
      finalReads.incrementAndGet();
      return inner.readFinal();
    }

    @Override
    public String location() {
      return inner.location();
    }
  }
}
