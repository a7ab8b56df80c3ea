package io.pikachu.partitioner.reduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.partitioner.PikachuKeys;
import io.pikachu.partitioner.binmap.BinMap;
import io.pikachu.partitioner.binmap.BinMapStore;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BinMapSourcesTest {
  @TempDir java.nio.file.Path tmp;

  private static BitSet set(int... bits) {
    BitSet s = new BitSet();
    for (int b : bits) {
      s.set(b);
    }
    return s;
  }

  @Test
  void equation22CountsAddUpAndFavourFastReducers() {
    assertArrayEquals(new int[] {18, 6, 6}, ForcedRatioHook.countsFor(3, 10, 3, set(0)));
    assertArrayEquals(new int[] {15, 15, 5, 5}, ForcedRatioHook.countsFor(4, 10, 3, set(0, 1)));
    int[] counts = ForcedRatioHook.countsFor(7, 10, 4.34, set(1, 4, 6));
    int sum = 0;
    for (int c : counts) {
      sum += c;
      assertTrue(c >= 1);
    }
    assertEquals(70, sum);
    assertTrue(counts[1] > 3 * counts[0]);
    // extreme ratio: every slow reducer still keeps one bin
    int[] extreme = ForcedRatioHook.countsFor(4, 1, 1000, set(0));
    assertArrayEquals(new int[] {1, 1, 1, 1}, extreme);
    assertArrayEquals(new int[] {37, 1, 1, 1}, ForcedRatioHook.countsFor(4, 10, 1000, set(0)));
  }

  @Test
  void forcedHookChangesOnceEnoughMapsFinishedAndIsFinalOnlyThen() {
    ForcedRatioHook hook = new ForcedRatioHook(3, 10, 3, 0.5f, set(0));
    BinMap before = hook.current(2, 6, false);
    assertFalse(before.isFinal(), "no final merge before the change");
    assertEquals(BinMap.even(3, 10, false), before);
    BinMap after = hook.current(3, 6, false);
    assertTrue(after.isFinal());
    assertArrayEquals(new int[] {18, 6, 6}, after.counts());
    assertEquals(after, hook.current(0, 6, false), "the change is not undone");
  }

  @Test
  void forcedHookAtOneWaitsUntilTheReducerFetchedEverything() {
    ForcedRatioHook hook = new ForcedRatioHook(3, 10, 3, 1f, set(0));
    assertFalse(hook.current(6, 6, false).isFinal(), "all maps done, bins still missing");
    assertTrue(hook.current(6, 6, true).isFinal());
  }

  @Test
  void hookSettingsAreValidatedWithTheKeyName() {
    var ratio =
        assertThrows(
            IllegalArgumentException.class, () -> new ForcedRatioHook(3, 10, -1, 1f, set(0)));
    assertTrue(ratio.getMessage().contains(PikachuKeys.TEST_FORCED_RATIO));
    var after =
        assertThrows(
            IllegalArgumentException.class, () -> new ForcedRatioHook(3, 10, 3, 0f, set(0)));
    assertTrue(after.getMessage().contains(PikachuKeys.TEST_FORCED_AFTER_MAPS));
    var fast =
        assertThrows(IllegalArgumentException.class, () -> ForcedRatioHook.parseFast("0,7", 3));
    assertTrue(fast.getMessage().contains(PikachuKeys.TEST_FORCED_FAST_REDUCERS));
    assertEquals(set(0, 1), ForcedRatioHook.parseFast(null, 4));
    JobConf job = new JobConf(false);
    job.set(PikachuKeys.TEST_FORCED_RATIO, "three");
    var parse =
        assertThrows(IllegalArgumentException.class, () -> BinShuffle.createSource(job, 3, 10));
    assertTrue(parse.getMessage().contains(PikachuKeys.TEST_FORCED_RATIO));
  }

  @Test
  void withoutControllerTheEvenMapIsFinalFromTheStart() throws Exception {
    BinMapSource source = BinShuffle.createSource(new JobConf(false), 3, 10);
    assertEquals(BinMap.even(3, 10, true), source.current(0, 5, false));
  }

  @Test
  void publishedSourceFollowsTheStoreAndSealsOnTimeout() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path dir = new Path(tmp.toString(), "maps");
    BinMapStore am = new BinMapStore(fs, dir, 3, 10);
    AtomicLong clock = new AtomicLong();
    PublishedBinMapSource source =
        new PublishedBinMapSource(
            new BinMapStore(fs, dir, 3, 10), BinMap.even(3, 10, true), 1000, clock::get);
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
            new BinMapStore(fs, dir, 3, 10), BinMap.even(3, 10, true), 1000, clock::get);
    assertEquals(sealed, other.current(0, 4, false));
  }
}
