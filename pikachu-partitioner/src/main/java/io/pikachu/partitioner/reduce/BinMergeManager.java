package io.pikachu.partitioner.reduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Merger;
import org.apache.hadoop.mapred.Merger.Segment;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.reduce.InMemoryReader;
import org.apache.hadoop.util.Progress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a reducer's fetched map outputs per bin, within stock Hadoop's memory limits, so that a
 * lost bin can be dropped without touching any other bin: intermediate merges (in-memory spills and
 * on-disk merges) never mix bins; only the final merge, which runs once the bin map is final,
 * merges all owned bins together.
 *
 * <p>Honours the stock keys: {@code mapreduce.reduce.shuffle.input.buffer.percent}, {@code
 * ...shuffle.memory.limit.percent}, {@code ...shuffle.merge.percent}, {@code
 * mapreduce.reduce.merge.inmem.threshold}, {@code mapreduce.task.io.sort.factor} and {@code
 * mapreduce.reduce.input.buffer.percent}. The combiner is not run on intermediate merges (it is an
 * optimisation; the reduce function sees the same records).
 */
final class BinMergeManager<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(BinMergeManager.class);

  /** Where a fetched output should go. */
  enum Target {
    MEMORY,
    DISK
  }

  private record MemSegment(byte[] data, long wireBytes) {}

  private record DiskSegment(Path file, long rawLength, long fileLength, long wireBytes) {}

  private static final class BinData {
    final List<MemSegment> memory = new ArrayList<>();
    final List<DiskSegment> disk = new ArrayList<>();
    long epoch;
    boolean merging;
    long mergingWireBytes;

    boolean isEmpty() {
      return memory.isEmpty() && disk.isEmpty() && !merging;
    }
  }

  private final JobConf job;
  private final TaskAttemptID reduceId;
  private final FileSystem rfs;
  private final LocalDirAllocator dirs;
  private final CompressionCodec codec;
  private final Reporter reporter;
  private final Counters.Counter spilledRecords;
  private final Progress mergePhase;
  private final Consumer<Throwable> errorSink;
  private final Class<K> keyClass;
  private final Class<V> valueClass;
  private final RawComparator<K> comparator;
  private final int ioSortFactor;

  private final long memoryLimit;
  private final long maxSingleShuffle;
  private final long mergeThreshold;
  private final int inMemSegmentThreshold;
  private final long maxInMemReduce;

  private final Map<Integer, BinData> bins = new TreeMap<>();
  private long usedMemory; // reserved for fetches in progress plus committed in-memory outputs
  private long committedMemory;
  private int memorySegments;
  private boolean closing;
  private final AtomicLong fileSeq = new AtomicLong();
  private final Thread merger;

  @SuppressWarnings("unchecked")
  BinMergeManager(
      JobConf job,
      TaskAttemptID reduceId,
      FileSystem rawLocalFs,
      LocalDirAllocator dirs,
      CompressionCodec codec,
      Reporter reporter,
      Counters.Counter spilledRecords,
      Progress mergePhase,
      Consumer<Throwable> errorSink) {
    this.job = job;
    this.reduceId = reduceId;
    this.rfs = rawLocalFs;
    this.dirs = dirs;
    this.codec = codec;
    this.reporter = reporter;
    this.spilledRecords = spilledRecords;
    this.mergePhase = mergePhase;
    this.errorSink = errorSink;
    this.keyClass = (Class<K>) job.getMapOutputKeyClass();
    this.valueClass = (Class<V>) job.getMapOutputValueClass();
    this.comparator = (RawComparator<K>) job.getOutputKeyComparator();
    this.ioSortFactor = job.getInt(MRJobConfig.IO_SORT_FACTOR, MRJobConfig.DEFAULT_IO_SORT_FACTOR);

    float bufferPercent =
        fraction(
            MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT,
            MRJobConfig.DEFAULT_SHUFFLE_INPUT_BUFFER_PERCENT);
    long heap =
        job.getLong(
            MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES,
            Math.min(Runtime.getRuntime().maxMemory(), Integer.MAX_VALUE));
    this.memoryLimit = (long) (heap * bufferPercent);
    float singleShufflePercent = fraction(MRJobConfig.SHUFFLE_MEMORY_LIMIT_PERCENT, 0.25f);
    this.maxSingleShuffle = (long) Math.min(memoryLimit * singleShufflePercent, Integer.MAX_VALUE);
    this.mergeThreshold =
        (long)
            (memoryLimit
                * fraction(
                    MRJobConfig.SHUFFLE_MERGE_PERCENT, MRJobConfig.DEFAULT_SHUFFLE_MERGE_PERCENT));
    this.inMemSegmentThreshold = job.getInt(MRJobConfig.REDUCE_MERGE_INMEM_THRESHOLD, 1000);
    this.maxInMemReduce = (long) (heap * fraction(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, 0f));
    if (ioSortFactor < 2) {
      throw new IllegalArgumentException(
          MRJobConfig.IO_SORT_FACTOR + " must be >= 2, got " + ioSortFactor);
    }
    LOG.info(
        "Bin merge manager: memoryLimit={} maxSingleShuffle={} mergeThreshold={}"
            + " ioSortFactor={} maxInMemReduce={}",
        memoryLimit,
        maxSingleShuffle,
        mergeThreshold,
        ioSortFactor,
        maxInMemReduce);
    this.merger = new Thread(this::mergeLoop, "pikachu-bin-merger");
    merger.setDaemon(true);
    merger.start();
  }

  private float fraction(String key, float dflt) {
    float value = job.getFloat(key, dflt);
    if (value < 0 || value > 1) {
      throw new IllegalArgumentException(key + " must be in [0, 1], got " + value);
    }
    return value;
  }

  // ---- memory reservation (fetchers) ----

  /** Blocks while the shuffle buffer is over its limit (merges will free it). */
  synchronized void waitForResource() throws InterruptedException {
    while (usedMemory > memoryLimit && !closing) {
      wait(1000);
    }
  }

  /** Where an output of {@code size} decompressed bytes goes, or null: wait and retry. */
  synchronized Target reserve(long size) {
    if (size > maxSingleShuffle) {
      return Target.DISK;
    }
    if (usedMemory > memoryLimit) {
      return null;
    }
    usedMemory += size;
    return Target.MEMORY;
  }

  synchronized void unreserve(long size) {
    usedMemory -= size;
    notifyAll();
  }

  /** A path for one fetched on-disk output. */
  Path newShufflePath(int bin, long size) throws IOException {
    return dirs.getLocalPathForWrite(relativeName(bin, "fetched"), size, job);
  }

  private String relativeName(int bin, String kind) {
    return "output/pikachu-"
        + reduceId
        + "/bin"
        + bin
        + "-"
        + kind
        + "-"
        + fileSeq.incrementAndGet()
        + ".out";
  }

  FileSystem fs() {
    return rfs;
  }

  // ---- segments (callers hold the shuffle's lock: see BinShuffle) ----

  /** Keeps a reserved in-memory output (decompressed IFile bytes, no checksum). */
  synchronized void addInMemory(int bin, byte[] data, long wireBytes) {
    bins.computeIfAbsent(bin, b -> new BinData()).memory.add(new MemSegment(data, wireBytes));
    committedMemory += data.length;
    memorySegments++;
    notifyAll();
  }

  /** Keeps an on-disk output (compressed IFile with checksum, as served). */
  synchronized void addOnDisk(int bin, Path file, long rawLength, long fileLength, long wireBytes) {
    bins.computeIfAbsent(bin, b -> new BinData())
        .disk
        .add(new DiskSegment(file, rawLength, fileLength, wireBytes));
    notifyAll();
  }

  /** Frees everything held for {@code bin}. Returns the shuffled bytes it had cost. */
  synchronized long dropBin(int bin) {
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

  /** Bins that hold data (including data being merged). */
  synchronized BitSet binsWithData() {
    BitSet set = new BitSet();
    bins.forEach(
        (b, d) -> {
          if (!d.isEmpty()) {
            set.set(b);
          }
        });
    return set;
  }

  // ---- background merges ----

  private void mergeLoop() {
    try {
      while (true) {
        int bin;
        boolean memoryMerge;
        synchronized (this) {
          while (!closing && !needsMemoryMerge() && diskMergeCandidate() < 0) {
            wait(1000);
          }
          if (closing) {
            return;
          }
          memoryMerge = needsMemoryMerge();
          bin = memoryMerge ? largestInMemoryBin() : diskMergeCandidate();
        }
        if (memoryMerge) {
          mergeMemory(bin);
        } else {
          mergeDisk(bin);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      errorSink.accept(t);
    }
  }

  private boolean needsMemoryMerge() {
    return memorySegments > 0
        && (committedMemory >= mergeThreshold || memorySegments >= inMemSegmentThreshold)
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
      if (!e.getValue().merging && e.getValue().disk.size() >= 2 * ioSortFactor - 1) {
        return e.getKey();
      }
    }
    return -1;
  }

  /** Spills one bin's in-memory outputs into one file of that bin. */
  private void mergeMemory(int bin) throws IOException {
    List<MemSegment> taken;
    long epoch;
    synchronized (this) {
      BinData data = bins.get(bin);
      taken = new ArrayList<>(data.memory);
      data.memory.clear();
      data.merging = true;
      epoch = data.epoch;
      for (MemSegment m : taken) {
        data.mergingWireBytes += m.wireBytes();
      }
    }
    List<Segment<K, V>> segments = new ArrayList<>();
    long bytes = 0;
    long wire = 0;
    for (MemSegment m : taken) {
      segments.add(memorySegment(m.data()));
      bytes += m.data().length;
      wire += m.wireBytes();
    }
    DiskSegment merged = null;
    try {
      merged = writeMerged(bin, segments, bytes, wire);
    } finally {
      synchronized (this) {
        BinData data = bins.get(bin);
        // dropBin does not count segments taken for merging: release them here in every case
        committedMemory -= bytes;
        usedMemory -= bytes;
        memorySegments -= taken.size();
        finishMerge(bin, data, merged, merged != null && data.epoch == epoch, wire);
      }
    }
  }

  /** Merges the {@code ioSortFactor} smallest files of one bin into one. */
  private void mergeDisk(int bin) throws IOException {
    List<DiskSegment> taken;
    long epoch;
    synchronized (this) {
      BinData data = bins.get(bin);
      data.disk.sort(Comparator.comparingLong(DiskSegment::fileLength));
      taken = new ArrayList<>(data.disk.subList(0, ioSortFactor));
      data.disk.subList(0, ioSortFactor).clear();
      data.merging = true;
      epoch = data.epoch;
      for (DiskSegment d : taken) {
        data.mergingWireBytes += d.wireBytes();
      }
    }
    List<Segment<K, V>> segments = new ArrayList<>();
    long raw = 0;
    long wire = 0;
    for (DiskSegment d : taken) {
      segments.add(diskSegment(d));
      raw += d.rawLength();
      wire += d.wireBytes();
    }
    DiskSegment merged = null;
    try {
      merged = writeMerged(bin, segments, raw, wire);
    } finally {
      synchronized (this) {
        BinData data = bins.get(bin);
        finishMerge(bin, data, merged, merged != null && data.epoch == epoch, wire);
      }
    }
  }

  private void finishMerge(int bin, BinData data, DiskSegment merged, boolean keep, long wire) {
    data.merging = false;
    if (keep) {
      data.mergingWireBytes -= wire;
      data.disk.add(merged);
    } else if (merged != null) {
      delete(merged.file());
    }
    if (data.isEmpty()) {
      bins.remove(bin);
    }
    notifyAll();
  }

  private DiskSegment writeMerged(
      int bin, List<Segment<K, V>> segments, long approxBytes, long wire) throws IOException {
    Path out = dirs.getLocalPathForWrite(relativeName(bin, "merged"), approxBytes, job);
    int count = segments.size(); // Merger.merge empties the list
    RawKeyValueIterator iter =
        Merger.merge(
            job,
            rfs,
            keyClass,
            valueClass,
            segments,
            segments.size(),
            new Path(reduceId.toString()),
            comparator,
            reporter,
            null,
            null,
            null);
    long raw;
    try (FSDataOutputStream stream = rfs.create(out, true)) {
      IFile.Writer<K, V> writer =
          new IFile.Writer<>(job, stream, keyClass, valueClass, codec, spilledRecords);
      Merger.writeFile(iter, writer, reporter, job);
      writer.close();
      raw = writer.getRawLength();
    } finally {
      iter.close();
    }
    long length = rfs.getFileStatus(out).getLen();
    LOG.info(
        "Merged {} segments of {} into {} ({} bytes)",
        count,
        bin < 0 ? "all bins" : "bin " + bin,
        out,
        length);
    return new DiskSegment(out, raw, length, wire);
  }

  private Segment<K, V> memorySegment(byte[] data) throws IOException {
    return new Segment<>(new InMemoryReader<K, V>(null, reduceId, data, 0, data.length, job), true);
  }

  private Segment<K, V> diskSegment(DiskSegment d) throws IOException {
    return new Segment<>(job, rfs, d.file(), codec, false, null, d.rawLength());
  }

  // ---- final merge ----

  /**
   * Stops background merges and returns the sorted stream of all {@code owned} bins. Fails if any
   * other bin still holds data: a lost bin must never reach the reduce function.
   */
  RawKeyValueIterator finalMerge(BitSet owned) throws IOException, InterruptedException {
    stopMerger();
    List<Segment<K, V>> memory = new ArrayList<>();
    List<Segment<K, V>> disk = new ArrayList<>();
    long memoryBytes = 0;
    synchronized (this) {
      BitSet stray = binsWithData();
      stray.andNot(owned);
      if (!stray.isEmpty()) {
        throw new IllegalStateException("bins " + stray + " hold data but are not owned " + owned);
      }
      for (BinData data : bins.values()) {
        for (MemSegment m : data.memory) {
          memory.add(memorySegment(m.data()));
          memoryBytes += m.data().length;
        }
        for (DiskSegment d : data.disk) {
          disk.add(diskSegment(d));
        }
      }
      bins.clear();
    }
    if (memoryBytes > maxInMemReduce && !memory.isEmpty()) {
      // free the heap for the reduce function, as stock shuffle does
      DiskSegment spilled = writeMerged(-1, memory, memoryBytes, 0);
      disk.add(diskSegment(spilled));
      memory.clear();
      synchronized (this) {
        usedMemory -= memoryBytes;
        committedMemory -= memoryBytes;
      }
    }
    List<Segment<K, V>> all = new ArrayList<>(disk);
    all.addAll(memory);
    if (all.isEmpty()) {
      mergePhase.complete();
      return EMPTY;
    }
    LOG.info(
        "Final merge of {} on-disk and {} in-memory segments of bins {}",
        disk.size(),
        memory.size(),
        owned);
    return Merger.merge(
        job,
        rfs,
        keyClass,
        valueClass,
        all,
        ioSortFactor,
        new Path(reduceId.toString()),
        comparator,
        reporter,
        true,
        null,
        spilledRecords,
        mergePhase);
  }

  private void stopMerger() throws InterruptedException {
    synchronized (this) {
      closing = true;
      notifyAll();
    }
    merger.join();
  }

  /** Frees everything (task failing or shutting down without a final merge). */
  void abort() {
    try {
      stopMerger();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      for (int bin : new ArrayList<>(bins.keySet())) {
        dropBin(bin);
      }
    }
  }

  private void delete(Path file) {
    try {
      rfs.delete(file, false);
    } catch (IOException e) {
      LOG.warn("Could not delete {}", file, e);
    }
  }

  private static final RawKeyValueIterator EMPTY =
      new RawKeyValueIterator() {
        @Override
        public DataInputBuffer getKey() {
          return null;
        }

        @Override
        public DataInputBuffer getValue() {
          return null;
        }

        @Override
        public boolean next() {
          return false;
        }

        @Override
        public void close() {}

        @Override
        public Progress getProgress() {
          return new Progress();
        }
      };
}
