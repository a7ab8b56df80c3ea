package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.util.Progress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merges of the bin shuffle on real IFiles, without a cluster: background merges that spill a
 * bin from memory and merge a bin's files, then the final merge of every owned bin, whose records
 * must be exactly the fetched ones in key order.
 */
class BinMergerTest {
  @TempDir File dir;
  private final List<Throwable> errors = new CopyOnWriteArrayList<>();

  private BinMerger<Object, Object> merger(JobConf job, BinSegmentStore store, ShuffleMemory m) {
    return merger(job, store, m, false);
  }

  private BinMerger<Object, Object> merger(
      JobConf job, BinSegmentStore store, ShuffleMemory m, boolean binsInKeyOrder) {
    return new BinMerger<>(
        job,
        Segments.REDUCE,
        store,
        m,
        null,
        Reporter.NULL,
        new Counters().findCounter("test", "spilled"),
        new Progress(),
        errors::add,
        binsInKeyOrder);
  }

  /** Map {@code map}'s output of bin {@code bin}: keys "b<bin>-<i>" for i in [0, n). */
  private static Map<String, String> output(int map, int bin, int n) {
    Map<String, String> r = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      r.put(String.format("b%d-%04d-m%02d", bin, i, map), "m" + map);
    }
    return r;
  }

  @Test
  void backgroundMergesSpillAndMergeBinsAndTheFinalMergeYieldsEveryRecordInOrder()
      throws Exception {
    JobConf job = Segments.job(dir);
    // spill a bin's memory once 4 outputs are in memory; io.sort.factor 2
    ShuffleMemory memory = new ShuffleMemory(1 << 20, 1 << 18, 1 << 20, 4, 0, 2);
    BinSegmentStore store = Segments.store(job, memory);
    BinMerger<Object, Object> merger = merger(job, store, memory);
    List<String> expected = new ArrayList<>();
    for (int map = 0; map < 12; map++) {
      for (int bin : new int[] {2, 3}) {
        Map<String, String> records = output(map, bin, 20);
        records.forEach((k, v) -> expected.add(k + "=" + v));
        FetchedOutput out = Segments.inMemory(job, records);
        store.waitForResource();
        assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(out.memory.length));
        store.keep(bin, out);
      }
    }
    BitSet owned = new BitSet();
    owned.set(2, 4);
    org.apache.hadoop.mapred.RawKeyValueIterator all = merger.finalMerge(owned);
    // the final merge reads (and then deletes) what the background merges wrote
    assertTrue(mergedFiles() > 0, "background merges wrote files");
    List<String> merged = Segments.drain(all);
    Collections.sort(expected);
    assertEquals(expected.size(), merged.size());
    assertTrue(expected.equals(merged), "every record once, in key order");
    assertTrue(errors.isEmpty(), errors.toString());
  }

  @Test
  void theFinalMergeSpillsWhatTheReduceMayNotKeepInMemory() throws Exception {
    JobConf job = Segments.job(dir);
    // mapreduce.reduce.input.buffer.percent 0 (stock's default): nothing stays in memory
    ShuffleMemory memory = new ShuffleMemory(1 << 20, 1 << 18, 1 << 20, 1000, 0, 10);
    BinSegmentStore store = Segments.store(job, memory);
    BinMerger<Object, Object> merger = merger(job, store, memory);
    FetchedOutput out = Segments.inMemory(job, output(0, 1, 30));
    store.reserve(out.memory.length);
    store.keep(1, out);
    BitSet owned = new BitSet();
    owned.set(1);
    org.apache.hadoop.mapred.RawKeyValueIterator all = merger.finalMerge(owned);
    assertEquals(1, mergedFiles(), "the in-memory outputs were written to disk first");
    assertEquals(30, Segments.drain(all).size());
  }

  @Test
  void theFinalMergeRefusesDataOfABinItDoesNotOwn() throws Exception {
    JobConf job = Segments.job(dir);
    ShuffleMemory memory = new ShuffleMemory(1 << 20, 1 << 18, 1 << 20, 1000, 0, 10);
    BinSegmentStore store = Segments.store(job, memory);
    BinMerger<Object, Object> merger = merger(job, store, memory);
    FetchedOutput out = Segments.inMemory(job, output(0, 7, 3));
    store.reserve(out.memory.length);
    store.keep(7, out);
    BitSet owned = new BitSet();
    owned.set(1);
    assertThrows(IllegalStateException.class, () -> merger.finalMerge(owned));
  }

  @Test
  void keyRangeBinsAreSpilledInKeyOrderAndOverlappingOnesStillMergedIntoOrder() throws Exception {
    for (boolean overlapping : new boolean[] {false, true}) {
      JobConf job = Segments.job(dir);
      ShuffleMemory memory = new ShuffleMemory(1 << 20, 1 << 18, 1 << 20, 1000, 0, 10);
      BinSegmentStore store = Segments.store(job, memory);
      BinMerger<Object, Object> merger = merger(job, store, memory, true);
      List<String> expected = new ArrayList<>();
      for (int map = 0; map < 4; map++) {
        for (int bin : new int[] {5, 6}) {
          // in key order, bin 5's keys b5-... sort below bin 6's; overlapping, bin 6 gets b4-...
          Map<String, String> records = output(map, overlapping && bin == 6 ? 4 : bin, 10);
          records.forEach((k, v) -> expected.add(k + "=" + v));
          FetchedOutput out = Segments.inMemory(job, records);
          store.reserve(out.memory.length);
          store.keep(bin, out);
        }
      }
      BitSet owned = new BitSet();
      owned.set(5, 7);
      List<String> merged = Segments.drain(merger.finalMerge(owned));
      Collections.sort(expected);
      assertEquals(expected, merged, overlapping ? "overlapping bins" : "bins in order");
      assertTrue(errors.isEmpty(), errors.toString());
    }
  }

  private long mergedFiles() throws IOException {
    try (Stream<java.nio.file.Path> files = Files.walk(dir.toPath())) {
      return files.filter(p -> p.getFileName().toString().contains("-merged-")).count();
    }
  }
}
