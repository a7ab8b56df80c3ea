package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapPolling;
import io.pikachu.core.binmap.BinMapStore;
import io.pikachu.core.binmap.PublishedBinMapSource;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.testing.TestHooks;
import io.pikachu.store.FsBinMapStore;
import java.io.IOException;
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

  @Test
  void badHookRatioIsNamedWhenTheSourceIsCreated() {
    JobConf job = new JobConf(false);
    job.set(TestHooks.FORCED_RATIO.name(), "three");
    var parse =
        assertThrows(
            IllegalArgumentException.class,
            () -> BinShuffle.createSource(job, 3, 10, Slicing.HASH));
    assertTrue(parse.getMessage().contains(TestHooks.FORCED_RATIO.name()));
  }

  @Test
  void withTheControllerTheEvenMapIsNotFinalUntilTheAmSaysSo() throws Exception {
    JobConf job = new JobConf(false);
    job.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), true);
    job.set("mapreduce.job.dir", tmp.resolve("staging").toUri().toString());
    BinMap start = BinShuffle.createSource(job, 3, 10, Slicing.HASH).current(0, 5, false);
    assertEquals(BinMap.even(3, 10, false), start);
  }

  @Test
  void theHookMovesTheFewestBinsUnlessTheJobIsTotalOrder() throws Exception {
    JobConf job = new JobConf(false);
    job.set(TestHooks.FORCED_RATIO.name(), "3");
    job.set(TestHooks.FORCED_AFTER_MAPS.name(), "0.5");
    BinMap hash = BinShuffle.createSource(job, 3, 10, Slicing.HASH).current(5, 10, false);
    BinMap ordered = BinShuffle.createSource(job, 3, 10, Slicing.KEY_RANGE).current(5, 10, false);
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
