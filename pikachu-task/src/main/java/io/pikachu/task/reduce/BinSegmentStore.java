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
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A reducer's fetched map outputs, kept per bin within stock Hadoop's shuffle memory limits, so
 * that a lost bin can be freed without touching any other bin. The merge thread ({@link BinMerger})
 * takes work from here and never mixes bins; only the final merge, once the bin map is final, sees
 * all owned bins together.
 *
 * <p>Every method is synchronized on the store. Outputs are kept and bins dropped while the caller
 * also holds the shuffle coordinator's lock (see {@link
 * io.pikachu.core.shuffle.ShuffleCoordinator}).
 */
final class BinSegmentStore implements BinSegments<FetchedOutput> {
  private static final Logger LOG = LoggerFactory.getLogger(BinSegmentStore.class);

  /** Where a fetched output should go. */
  enum Target {
    MEMORY,
    DISK
  }

  /** Decompressed IFile bytes of one output, without checksum. */
  static final class MemSegment {
    private final byte[] data;
    private final long wireBytes;

    MemSegment(byte[] data, long wireBytes) {
      this.data = data;
      this.wireBytes = wireBytes;
    }

    byte[] data() {
      return data;
    }

    long wireBytes() {
      return wireBytes;
    }
  }

  /** A local IFile (compressed, with checksum, as served or as merged). */
  static final class DiskSegment {
    private final Path file;
    private final long rawLength;
    private final long fileLength;
    private final long wireBytes;

    DiskSegment(Path file, long rawLength, long fileLength, long wireBytes) {
      this.file = file;
      this.rawLength = rawLength;
      this.fileLength = fileLength;
      this.wireBytes = wireBytes;
    }

    Path file() {
      return file;
    }

    long rawLength() {
      return rawLength;
    }

    long fileLength() {
      return fileLength;
    }

    long wireBytes() {
      return wireBytes;
    }
  }

  /** One merge the merge thread should run: the segments taken out of one bin. */
  static final class MergeWork {
    private final int bin;
    private final boolean inMemory;
    private final List<MemSegment> memory;
    private final List<DiskSegment> disk;
    private final long epoch;

    MergeWork(
        int bin, boolean inMemory, List<MemSegment> memory, List<DiskSegment> disk, long epoch) {
      this.bin = bin;
      this.inMemory = inMemory;
      this.memory = memory;
      this.disk = disk;
      this.epoch = epoch;
    }

    int bin() {
      return bin;
    }

    boolean inMemory() {
      return inMemory;
    }

    List<MemSegment> memory() {
      return memory;
    }

    List<DiskSegment> disk() {
      return disk;
    }

    long epoch() {
      return epoch;
    }

    long wireBytes() {
      long wire = 0;
      for (MemSegment m : memory) {
        wire += m.wireBytes();
      }
      for (DiskSegment d : disk) {
        wire += d.wireBytes();
      }
      return wire;
    }

    long memoryBytes() {
      long bytes = 0;
      for (MemSegment m : memory) {
        bytes += m.data().length;
      }
      return bytes;
    }
  }

  private static final class BinData {
    final List<MemSegment> memory = new ArrayList<>();
    final List<DiskSegment> disk = new ArrayList<>();
    long epoch;
    boolean merging;

    /** The epoch the running merge took its segments in; its result counts only while current. */
    long mergeEpoch;

    long mergingWireBytes;

    /** Nothing held, and no merge whose result will be kept. */
    boolean holdsNothing() {
      return memory.isEmpty() && disk.isEmpty() && !(merging && mergeEpoch == epoch);
    }

    /** Nothing held and no merge running, stale or not: the entry can go. */
    boolean isEmpty() {
      return memory.isEmpty() && disk.isEmpty() && !merging;
    }
  }

  private final JobConf job;
  private final TaskAttemptID reduceId;
  private final FileSystem rfs;
  private final LocalDirAllocator dirs;
  private final ShuffleMemory limits;
  private final Map<Integer, BinData> bins = new TreeMap<>();
  private final AtomicLong fileSeq = new AtomicLong();
  private long usedMemory; // reserved for fetches in progress plus committed in-memory outputs
  private long committedMemory;
  private int memorySegments;
  private boolean closing;

  BinSegmentStore(
      JobConf job,
      TaskAttemptID reduceId,
      FileSystem rawLocalFs,
      LocalDirAllocator dirs,
      ShuffleMemory limits) {
    this.job = job;
    this.reduceId = reduceId;
    this.rfs = rawLocalFs;
    this.dirs = dirs;
    this.limits = limits;
  }

  FileSystem fs() {
    return rfs;
  }

  // ---- memory reservation (fetchers) ----

  /** Blocks while the shuffle buffer is over its limit (merges will free it). */
  synchronized void waitForResource() throws InterruptedException {
    while (usedMemory > limits.memoryLimit() && !closing) {
      wait(1000);
    }
  }

  /** Where an output of {@code size} decompressed bytes goes, or null: wait and retry. */
  synchronized Target reserve(long size) {
    if (size > limits.maxSingleShuffle()) {
      return Target.DISK;
    }
    if (usedMemory > limits.memoryLimit()) {
      return null;
    }
    usedMemory += size;
    return Target.MEMORY;
  }

  synchronized void unreserve(long size) {
    usedMemory -= size;
    notifyAll();
  }

  /** A path for one fetched or merged file of {@code bin} (-1: all bins). */
  Path newPath(int bin, String kind, long size) throws IOException {
    String name =
        "output/pikachu-"
            + reduceId
            + "/bin"
            + bin
            + "-"
            + kind
            + "-"
            + fileSeq.incrementAndGet()
            + ".out";
    return dirs.getLocalPathForWrite(name, size, job);
  }

  // ---- BinSegments ----

  @Override
  public synchronized void keep(int bin, FetchedOutput output) {
    BinData data = bins.computeIfAbsent(bin, b -> new BinData());
    if (output.target == Target.MEMORY) {
      data.memory.add(new MemSegment(output.memory, output.wireBytes));
      committedMemory += output.memory.length;
      memorySegments++;
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
    BinData data = bins.get(bin);
    if (data == null) {
      return 0;
    }
    long wire = data.mergingWireBytes;
    for (MemSegment m : data.memory) {
      wire += m.wireBytes();
      committedMemory -= m.data().length;
      usedMemory -= m.data().length;
      memorySegments--;
    }
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
    int bin = memoryMerge ? largestInMemoryBin() : diskMergeCandidate();
    BinData data = bins.get(bin);
    List<MemSegment> memory = Collections.emptyList();
    List<DiskSegment> disk = Collections.emptyList();
    if (memoryMerge) {
      memory = new ArrayList<>(data.memory);
      data.memory.clear();
    } else {
      data.disk.sort(Comparator.comparingLong(DiskSegment::fileLength));
      disk = new ArrayList<>(data.disk.subList(0, limits.ioSortFactor()));
      data.disk.subList(0, limits.ioSortFactor()).clear();
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
    BinData data = bins.get(work.bin());
    if (work.inMemory()) {
      // dropBin does not count segments taken for merging: release them here in every case
      long bytes = work.memoryBytes();
      committedMemory -= bytes;
      usedMemory -= bytes;
      memorySegments -= work.memory().size();
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
    return memorySegments > 0
        && (committedMemory >= limits.mergeThreshold()
            || memorySegments >= limits.inMemSegmentThreshold())
        && largestInMemoryBin() >= 0;
  }

  private int largestInMemoryBin() {
    int best = -1;
    long bestBytes = 0;
    for (Map.Entry<Integer, BinData> e : bins.entrySet()) {
      if (e.getValue().merging) {
        continue;
      }
      long bytes = 0;
      for (MemSegment m : e.getValue().memory) {
        bytes += m.data().length;
      }
      if (bytes > bestBytes) {
        best = e.getKey();
        bestBytes = bytes;
      }
    }
    return best;
  }

  private int diskMergeCandidate() {
    for (Map.Entry<Integer, BinData> e : bins.entrySet()) {
      if (!e.getValue().merging && e.getValue().disk.size() >= 2 * limits.ioSortFactor() - 1) {
        return e.getKey();
      }
    }
    return -1;
  }

  // ---- the final merge ----

  /** Stops handing out merge work and wakes every waiter. */
  synchronized void close() {
    closing = true;
    notifyAll();
  }

  /** The final merge's input: every segment, checked to belong to {@code owned} bins. */
  static final class FinalSegments {
    private final Map<Integer, List<MemSegment>> memoryByBin;
    private final List<DiskSegment> disk;
    private final long memoryBytes;

    FinalSegments(
        Map<Integer, List<MemSegment>> memoryByBin, List<DiskSegment> disk, long memoryBytes) {
      this.memoryByBin = memoryByBin;
      this.disk = disk;
      this.memoryBytes = memoryBytes;
    }

    /** In-memory segments by bin, in bin order; bins without any are left out. */
    Map<Integer, List<MemSegment>> memoryByBin() {
      return memoryByBin;
    }

    List<MemSegment> memory() {
      List<MemSegment> all = new ArrayList<>();
      memoryByBin.values().forEach(all::addAll);
      return all;
    }

    List<DiskSegment> disk() {
      return disk;
    }

    long memoryBytes() {
      return memoryBytes;
    }
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
    for (Map.Entry<Integer, BinData> e : bins.entrySet()) {
      if (e.getValue().merging) {
        throw new IllegalStateException("bin " + e.getKey() + " is still being merged");
      }
    }
    Map<Integer, List<MemSegment>> memory = new TreeMap<>();
    List<DiskSegment> disk = new ArrayList<>();
    long memoryBytes = 0;
    for (Map.Entry<Integer, BinData> e : bins.entrySet()) {
      BinData data = e.getValue();
      if (!data.memory.isEmpty()) {
        memory.put(e.getKey(), new ArrayList<>(data.memory));
      }
      disk.addAll(data.disk);
      for (MemSegment m : data.memory) {
        memoryBytes += m.data().length;
      }
    }
    bins.clear();
    return new FinalSegments(memory, disk, memoryBytes);
  }

  /** In-memory segments written to disk before the final merge no longer count as memory. */
  synchronized void releaseMemory(long bytes) {
    usedMemory -= bytes;
    committedMemory -= bytes;
  }

  /** Frees every bin (task failing or shutting down without a final merge). */
  synchronized void dropAll() {
    for (int bin : new ArrayList<>(bins.keySet())) {
      dropBin(bin);
    }
  }

  void delete(Path file) {
    try {
      rfs.delete(file, false);
    } catch (IOException e) {
      LOG.warn("Could not delete {}", file, e);
    }
  }
}
