package io.pikachu.task.reduce;

import io.pikachu.core.shuffle.BinSegments;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A reducer's fetched map outputs, kept per bin ({@link BinHoldings}), so that a lost bin can be
 * freed without touching any other bin. The memory they hold is counted against stock Hadoop's
 * limits ({@link ShuffleBuffer}); the merge thread ({@link BinMerger}) takes work from here as
 * {@link MergeScheduler} picks it and never mixes bins; only the final merge, once the bin map is
 * final, sees all owned bins together.
 *
 * <p>Every method is synchronized on the store. Outputs are kept and bins dropped while the caller
 * also holds the shuffle coordinator's lock (see {@link
 * io.pikachu.core.shuffle.ShuffleCoordinator}).
 */
final class BinSegmentStore implements BinSegments<FetchedOutput> {

  /** Where a fetched output should go. */
  enum Target {
    MEMORY,
    DISK
  }

  private final ShuffleFiles files;
  private final ShuffleBuffer buffer;
  private final int ioSortFactor;
  private final Map<Integer, BinHoldings> bins = new TreeMap<>();
  private boolean closing;

  BinSegmentStore(ShuffleFiles files, ShuffleMemory limits) {
    this.files = files;
    this.buffer = new ShuffleBuffer(limits);
    this.ioSortFactor = limits.ioSortFactor();
  }

  FileSystem fs() {
    return files.fs();
  }

  /** A path for one fetched or merged file of {@code bin} (-1: all bins). */
  Path newPath(int bin, String kind, long size) throws IOException {
    return files.newPath(bin, kind, size);
  }

  void delete(Path file) {
    files.delete(file);
  }

  // ---- memory reservation (fetchers) ----

  /** Blocks while the shuffle buffer is over its limit (merges will free it). */
  synchronized void waitForResource() throws InterruptedException {
    while (buffer.full() && !closing) {
      wait(1000);
    }
  }

  /** Where an output of {@code size} decompressed bytes goes, or null: wait and retry. */
  synchronized Target reserve(long size) {
    if (buffer.tooLarge(size)) {
      return Target.DISK;
    }
    return buffer.reserve(size) ? Target.MEMORY : null;
  }

  synchronized void unreserve(long size) {
    buffer.unreserve(size);
    notifyAll();
  }

  // ---- BinSegments ----

  @Override
  public synchronized void keep(int bin, FetchedOutput output) {
    BinHoldings data = bins.computeIfAbsent(bin, b -> new BinHoldings());
    if (output.target == Target.MEMORY) {
      data.memory.add(new MemSegment(output.memory, output.wireBytes));
      buffer.committed(output.memory.length);
    } else {
      data.disk.add(
          new DiskSegment(output.file, output.rawLength, output.fileLength, output.wireBytes));
    }
    notifyAll();
  }

  @Override
  public void discard(FetchedOutput output) {
    if (output.target == Target.MEMORY) {
      unreserve(output.memory.length);
    } else {
      delete(output.file);
    }
  }

  @Override
  public long wireBytes(FetchedOutput output) {
    return output.wireBytes;
  }

  @Override
  public synchronized long dropBin(int bin) {
    BinHoldings data = bins.get(bin);
    if (data == null) {
      return 0;
    }
    long wire = data.mergingWireBytes;
    for (MemSegment m : data.memory) {
      wire += m.wireBytes();
    }
    buffer.freed(MemSegment.bytes(data.memory), data.memory.size());
    for (DiskSegment d : data.disk) {
      wire += d.wireBytes();
      delete(d.file());
    }
    data.memory.clear();
    data.disk.clear();
    data.epoch++; // an in-progress merge of this bin discards its result
    data.mergingWireBytes = 0;
    if (!data.merging) {
      bins.remove(bin);
    }
    notifyAll();
    return wire;
  }

  /**
   * Bins whose data may reach a merge. A bin dropped while the merge thread merges it is not one:
   * its merge's result is discarded when it ends ({@link #finishMerge}), so counting it would fail
   * the reducer's final check for a bin it has already let go.
   */
  @Override
  public synchronized BitSet binsWithData() {
    BitSet set = new BitSet();
    bins.forEach(
        (b, d) -> {
          if (!d.holdsNothing()) {
            set.set(b);
          }
        });
    return set;
  }

  // ---- merge work (the merge thread) ----

  /**
   * Blocks until a bin needs merging (memory over the merge threshold, or too many files in one
   * bin) and takes its segments out; null once the store is closing.
   */
  synchronized MergeWork awaitMergeWork() throws InterruptedException {
    while (!closing && !needsMemoryMerge() && diskMergeCandidate() < 0) {
      wait(1000);
    }
    if (closing) {
      return null;
    }
    boolean memoryMerge = needsMemoryMerge();
    int bin = memoryMerge ? MergeScheduler.largestInMemoryBin(bins) : diskMergeCandidate();
    BinHoldings data = bins.get(bin);
    List<MemSegment> memory = Collections.emptyList();
    List<DiskSegment> disk = Collections.emptyList();
    if (memoryMerge) {
      memory = new ArrayList<>(data.memory);
      data.memory.clear();
    } else {
      data.disk.sort(Comparator.comparingLong(DiskSegment::fileLength));
      disk = new ArrayList<>(data.disk.subList(0, ioSortFactor));
      data.disk.subList(0, ioSortFactor).clear();
    }
    data.merging = true;
    data.mergeEpoch = data.epoch;
    MergeWork work = new MergeWork(bin, memoryMerge, memory, disk, data.epoch);
    data.mergingWireBytes += work.wireBytes();
    return work;
  }

  /**
   * A merge ended: keeps {@code merged} unless its bin was dropped meanwhile (or the merge failed,
   * {@code merged} null), and releases the memory of merged in-memory segments in every case.
   */
  synchronized void finishMerge(MergeWork work, DiskSegment merged) {
    BinHoldings data = bins.get(work.bin());
    if (work.inMemory()) {
      // dropBin does not count segments taken for merging: release them here in every case
      buffer.freed(work.memoryBytes(), work.memory().size());
    }
    data.merging = false;
    if (merged != null && data.epoch == work.epoch()) {
      data.mergingWireBytes -= work.wireBytes();
      data.disk.add(merged);
    } else if (merged != null) {
      delete(merged.file());
    }
    if (data.isEmpty()) {
      bins.remove(work.bin());
    }
    notifyAll();
  }

  private boolean needsMemoryMerge() {
    return buffer.needsMerge() && MergeScheduler.largestInMemoryBin(bins) >= 0;
  }

  private int diskMergeCandidate() {
    return MergeScheduler.diskMergeCandidate(bins, ioSortFactor);
  }

  // ---- the final merge ----

  /** Stops handing out merge work and wakes every waiter. */
  synchronized void close() {
    closing = true;
    notifyAll();
  }

  /**
   * Takes every segment out for the final merge. Fails if any bin outside {@code owned} still holds
   * data: a lost bin must never reach the reduce function.
   */
  synchronized FinalSegments takeAll(BitSet owned) {
    BitSet stray = binsWithData();
    stray.andNot(owned);
    if (!stray.isEmpty()) {
      throw new IllegalStateException("bins " + stray + " hold data but are not owned " + owned);
    }
    for (Map.Entry<Integer, BinHoldings> e : bins.entrySet()) {
      if (e.getValue().merging) {
        throw new IllegalStateException("bin " + e.getKey() + " is still being merged");
      }
    }
    Map<Integer, List<MemSegment>> memory = new TreeMap<>();
    List<DiskSegment> disk = new ArrayList<>();
    long memoryBytes = 0;
    for (Map.Entry<Integer, BinHoldings> e : bins.entrySet()) {
      BinHoldings data = e.getValue();
      if (!data.memory.isEmpty()) {
        memory.put(e.getKey(), new ArrayList<>(data.memory));
      }
      disk.addAll(data.disk);
      memoryBytes += MemSegment.bytes(data.memory);
    }
    bins.clear();
    return new FinalSegments(memory, disk, memoryBytes);
  }

  /** In-memory segments written to disk before the final merge no longer count as memory. */
  synchronized void releaseMemory(long bytes) {
    buffer.freed(bytes, 0);
  }

  /** Frees every bin (task failing or shutting down without a final merge). */
  synchronized void dropAll() {
    for (int bin : new ArrayList<>(bins.keySet())) {
      dropBin(bin);
    }
  }
}
