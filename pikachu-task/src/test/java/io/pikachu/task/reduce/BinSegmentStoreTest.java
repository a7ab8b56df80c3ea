package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reduce side's per-bin storage without a cluster, as Uniffle tests its MergeManagerImpl:
 * memory accounting against stock's limits, which bin the merge thread takes, what a drop frees,
 * and a merge that ends after its bin was dropped or gained again.
 */
class BinSegmentStoreTest {
  @TempDir File dir;
  private JobConf job;

  @BeforeEach
  void setUp() {
    job = Segments.job(dir);
  }

  private static Map<String, String> records(String prefix, int n) {
    Map<String, String> r = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      r.put(prefix + String.format("%04d", i), "v" + i);
    }
    return r;
  }

  @Test
  void reservationsFollowStockLimits() {
    // 1000 bytes of memory, outputs above 250 bytes to disk
    BinSegmentStore store = storeWith(new ShuffleMemory(1000, 250, 800, 100, 0, 10));
    assertEquals(BinSegmentStore.Target.DISK, store.reserve(251));
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(250));
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(250));
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(250));
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(250));
    // as stock's MergeManagerImpl: one reservation may overshoot, the next waits
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(250));
    assertNull(store.reserve(1), "over the limit: wait for a merge");
    store.unreserve(250);
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(1));
  }

  @Test
  void aFetcherWaitingForMemoryResumesWhenADropFreesIt() throws Exception {
    BinSegmentStore store = storeWith(new ShuffleMemory(10, 1 << 20, 1 << 20, 100, 0, 10));
    FetchedOutput big = Segments.inMemory(job, records("a", 20));
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(big.memory.length));
    store.keep(0, big);
    CompletableFuture<Void> waiting =
        CompletableFuture.runAsync(
            () -> {
              try {
                store.waitForResource();
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    assertThrows(TimeoutException.class, () -> waiting.get(300, TimeUnit.MILLISECONDS));
    assertEquals(big.wireBytes, store.dropBin(0));
    waiting.get(10, TimeUnit.SECONDS);
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(1));
  }

  @Test
  void discardingAnOutputFreesItsMemoryOrFile() throws Exception {
    BinSegmentStore store = storeWith(new ShuffleMemory(1000, 1000, 1000, 100, 0, 10));
    FetchedOutput mem = Segments.inMemory(job, records("a", 3));
    store.reserve(mem.memory.length);
    store.discard(mem);
    FetchedOutput disk = Segments.onDisk(job, store, 2, records("b", 3));
    assertTrue(new File(disk.file.toUri().getPath()).exists());
    store.discard(disk);
    assertFalse(new File(disk.file.toUri().getPath()).exists());
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(1000), "all memory free again");
  }

  @Test
  void theMergeThreadTakesTheLargestBinInMemoryAndNeverMixesBins() throws Exception {
    BinSegmentStore store = storeWith(new ShuffleMemory(1 << 20, 1 << 18, 1, 1000, 0, 10));
    keepInMemory(store, 0, records("a", 2));
    keepInMemory(store, 3, records("b", 50));
    keepInMemory(store, 3, records("c", 50));
    MergeWork work = store.awaitMergeWork();
    assertEquals(3, work.bin());
    assertTrue(work.inMemory());
    assertEquals(2, work.memory().size(), "only bin 3's segments");
    BitSet bins = store.binsWithData();
    assertTrue(bins.get(0) && bins.get(3), "bin 3 counts while its merge runs");
  }

  @Test
  void tooManyFilesInOneBinStartADiskMergeOfTheSmallest() throws Exception {
    // io.sort.factor 2: three files in a bin start a merge of two
    BinSegmentStore store = storeWith(new ShuffleMemory(1 << 20, 10, 1 << 20, 1000, 0, 2));
    store.keep(5, Segments.onDisk(job, store, 5, records("a", 30)));
    store.keep(5, Segments.onDisk(job, store, 5, records("b", 3)));
    store.keep(6, Segments.onDisk(job, store, 6, records("c", 3)));
    store.keep(5, Segments.onDisk(job, store, 5, records("d", 1)));
    MergeWork work = store.awaitMergeWork();
    assertEquals(5, work.bin());
    assertFalse(work.inMemory());
    assertEquals(2, work.disk().size());
    assertTrue(work.disk().get(0).fileLength() <= work.disk().get(1).fileLength());
  }

  @Test
  void aMergeThatEndsAfterItsBinWasDroppedIsThrownAwayAndFreesItsMemory() throws Exception {
    BinSegmentStore store = storeWith(new ShuffleMemory(2000, 2000, 1, 1000, 0, 10));
    long wire = keepInMemory(store, 1, records("a", 40));
    MergeWork work = store.awaitMergeWork();
    assertEquals(wire, store.dropBin(1), "a drop counts the bytes being merged");
    assertFalse(store.binsWithData().get(1), "a dropped bin holds nothing, merged or not");
    File merged = mergedFile(store, work);
    store.finishMerge(work, segment(merged));
    assertFalse(merged.exists(), "the stale merge's file is deleted");
    assertTrue(store.binsWithData().isEmpty());
    // all 2000 bytes are free again: a leak of the merged segments would make the second wait
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(2000));
    assertEquals(
        BinSegmentStore.Target.MEMORY, store.reserve(1), "the merged segments' memory freed");
    assertNull(store.reserve(1));
  }

  @Test
  void aBinGainedBackWhileItsOldMergeRunsKeepsOnlyItsNewData() throws Exception {
    BinSegmentStore store = storeWith(new ShuffleMemory(1 << 20, 1 << 18, 1, 1000, 0, 10));
    keepInMemory(store, 1, records("old", 40));
    MergeWork work = store.awaitMergeWork();
    store.dropBin(1);
    keepInMemory(store, 1, records("new", 1));
    assertTrue(store.binsWithData().get(1));
    File merged = mergedFile(store, work);
    store.finishMerge(work, segment(merged));
    assertFalse(merged.exists());
    FinalSegments all = store.takeAll(bit(1));
    assertEquals(1, all.memory().size());
    assertTrue(all.disk().isEmpty(), "the old data's merge result was not kept");
  }

  @Test
  void theFinalTakeRefusesALostBinThatStillHoldsData() throws Exception {
    BinSegmentStore store = storeWith(new ShuffleMemory(1 << 20, 1 << 18, 1 << 20, 1000, 0, 10));
    keepInMemory(store, 0, records("a", 1));
    keepInMemory(store, 4, records("b", 1));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> store.takeAll(bit(0)));
    assertTrue(e.getMessage().contains("{4}"), e.getMessage());
  }

  @Test
  void aCorruptOrTruncatedOutputIsAFetchErrorNotData() throws Exception {
    byte[] served = Segments.ifile(job, null, records("a", 10));
    byte[] corrupt = served.clone();
    corrupt[corrupt.length / 2] ^= 0x5a;
    assertThrows(
        IOException.class,
        () ->
            FetchedOutput.readToMemory(
                new ByteArrayInputStream(corrupt),
                corrupt.length,
                Segments.rawLength(corrupt),
                null,
                job,
                "corrupt"));
    assertThrows(
        IOException.class,
        () ->
            FetchedOutput.readToMemory(
                new ByteArrayInputStream(served, 0, served.length - 7),
                served.length,
                Segments.rawLength(served),
                null,
                job,
                "truncated"));
  }

  private BinSegmentStore storeWith(ShuffleMemory memory) {
    try {
      return Segments.store(job, memory);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private long keepInMemory(BinSegmentStore store, int bin, Map<String, String> records)
      throws IOException {
    FetchedOutput out = Segments.inMemory(job, records);
    assertEquals(BinSegmentStore.Target.MEMORY, store.reserve(out.memory.length));
    store.keep(bin, out);
    return out.wireBytes;
  }

  private File mergedFile(BinSegmentStore store, MergeWork work) throws IOException {
    File f = new File(store.newPath(work.bin(), "merged", 10).toUri().getPath());
    f.getParentFile().mkdirs();
    assertTrue(f.createNewFile());
    return f;
  }

  private static DiskSegment segment(File f) {
    return new DiskSegment(new org.apache.hadoop.fs.Path(f.getAbsolutePath()), 1, 1, 1);
  }

  private static BitSet bit(int b) {
    BitSet s = new BitSet();
    s.set(b);
    return s;
  }
}
