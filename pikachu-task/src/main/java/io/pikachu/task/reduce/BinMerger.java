package io.pikachu.task.reduce;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FSDataOutputStream;
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
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.reduce.InMemoryReader;
import org.apache.hadoop.util.Progress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The merges of a reducer's bin shuffle: a background thread that merges one bin at a time (its
 * in-memory outputs into one file, or its smallest files into one) so that no intermediate merge
 * ever mixes bins, and the final merge of every owned bin once the bin map is final. The combiner
 * is not run on intermediate merges (it is an optimisation; the reduce function sees the same
 * records).
 */
final class BinMerger<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(BinMerger.class);

  private final JobConf job;
  private final TaskAttemptID reduceId;
  private final BinSegmentStore store;
  private final ShuffleMemory limits;
  private final CompressionCodec codec;
  private final Reporter reporter;
  private final Counters.Counter spilledRecords;
  private final Progress mergePhase;
  private final Consumer<Throwable> errorSink;

  /** Bins are key ranges in key order by number (Slicing.KEY_RANGE). */
  private final boolean binsInKeyOrder;

  private final Class<K> keyClass;
  private final Class<V> valueClass;
  private final RawComparator<K> comparator;
  private final Thread thread;

  @SuppressWarnings("unchecked")
  BinMerger(
      JobConf job,
      TaskAttemptID reduceId,
      BinSegmentStore store,
      ShuffleMemory limits,
      CompressionCodec codec,
      Reporter reporter,
      Counters.Counter spilledRecords,
      Progress mergePhase,
      Consumer<Throwable> errorSink,
      boolean binsInKeyOrder) {
    this.job = job;
    this.reduceId = reduceId;
    this.store = store;
    this.limits = limits;
    this.codec = codec;
    this.reporter = reporter;
    this.spilledRecords = spilledRecords;
    this.mergePhase = mergePhase;
    this.errorSink = errorSink;
    this.binsInKeyOrder = binsInKeyOrder;
    this.keyClass = (Class<K>) job.getMapOutputKeyClass();
    this.valueClass = (Class<V>) job.getMapOutputValueClass();
    this.comparator = (RawComparator<K>) job.getOutputKeyComparator();
    LOG.info("Bin merges with {}", limits);
    this.thread = new Thread(this::mergeLoop, "pikachu-bin-merger");
    thread.setDaemon(true);
    thread.start();
  }

  private void mergeLoop() {
    try {
      MergeWork work;
      while ((work = store.awaitMergeWork()) != null) {
        DiskSegment merged = null;
        try {
          merged = merge(work);
        } finally {
          store.finishMerge(work, merged);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      errorSink.accept(t);
    }
  }

  private DiskSegment merge(MergeWork work) throws IOException {
    long bytes = 0;
    List<LoserTreeMerge.Run> runs = memoryRuns(work.memory());
    for (MemSegment m : work.memory()) {
      bytes += m.data().length;
    }
    for (DiskSegment d : work.disk()) {
      runs.add(SegmentRuns.disk(job, store.fs(), d.file(), codec));
      bytes += d.rawLength();
    }
    return writeMerged(work.bin(), runs, bytes, work.wireBytes());
  }

  /** Merges {@code runs} into one new file of {@code bin} (-1: of all bins) by a loser tree. */
  private DiskSegment writeMerged(
      int bin, List<LoserTreeMerge.Run> runs, long approxBytes, long wire) throws IOException {
    return write(
        bin, new LoserTreeMerge(runs, comparator), runs.size() + " segments", approxBytes, wire);
  }

  /**
   * Writes the in-memory segments of every bin to one file before the reduce function runs. Key-
   * range bins are in key order by number, so they are merged one after the other ({@link
   * ConcatenatedBins}) at stock's cost; should two overlap, all are merged as one.
   */
  private DiskSegment spill(FinalSegments all) throws IOException {
    if (binsInKeyOrder) {
      List<Integer> bins = new ArrayList<>(all.memoryByBin().keySet());
      List<ConcatenatedBins.BinRuns> runs = new ArrayList<>();
      for (List<MemSegment> segments : all.memoryByBin().values()) {
        runs.add(() -> memoryRuns(segments));
      }
      try {
        return write(
            -1,
            new ConcatenatedBins(bins, runs, comparator),
            all.memory().size() + " segments, bin by bin,",
            all.memoryBytes(),
            0);
      } catch (ConcatenatedBins.OutOfOrder e) {
        LOG.warn("Key-range bins out of order ({}): merging them as one instead", e.getMessage());
      }
    }
    return writeMerged(-1, memoryRuns(all.memory()), all.memoryBytes(), 0);
  }

  private List<LoserTreeMerge.Run> memoryRuns(List<MemSegment> segments) throws IOException {
    List<LoserTreeMerge.Run> runs = new ArrayList<>();
    for (MemSegment m : segments) {
      runs.add(SegmentRuns.memory(job, reduceId, m.data()));
    }
    return runs;
  }

  private <I extends RawKeyValueIterator & Closeable> DiskSegment write(
      int bin, I iter, String what, long approxBytes, long wire) throws IOException {
    Path out = store.newPath(bin, "merged", approxBytes);
    long raw;
    try (I merged = iter;
        FSDataOutputStream stream = store.fs().create(out, true)) {
      IFile.Writer<K, V> writer =
          new IFile.Writer<>(job, stream, keyClass, valueClass, codec, spilledRecords);
      Merger.writeFile(merged, writer, reporter, job);
      writer.close();
      raw = writer.getRawLength();
    } catch (IOException | RuntimeException e) {
      store.delete(out);
      throw e;
    }
    long length = store.fs().getFileStatus(out).getLen();
    LOG.info(
        "Merged {} of {} into {} ({} bytes)",
        what,
        bin < 0 ? "all bins" : "bin " + bin,
        out,
        length);
    return new DiskSegment(out, raw, length, wire);
  }

  private Segment<K, V> memorySegment(MemSegment m) throws IOException {
    byte[] data = m.data();
    return new Segment<>(new InMemoryReader<K, V>(null, reduceId, data, 0, data.length, job), true);
  }

  private Segment<K, V> diskSegment(DiskSegment d) throws IOException {
    return new Segment<>(job, store.fs(), d.file(), codec, false, null, d.rawLength());
  }

  /**
   * Stops background merges and returns the sorted stream of all {@code owned} bins. Fails if any
   * other bin still holds data: a lost bin must never reach the reduce function.
   */
  RawKeyValueIterator finalMerge(BitSet owned) throws IOException, InterruptedException {
    stop();
    FinalSegments all = store.takeAll(owned);
    List<Segment<K, V>> disk = new ArrayList<>();
    for (DiskSegment d : all.disk()) {
      disk.add(diskSegment(d));
    }
    List<Segment<K, V>> memory = new ArrayList<>();
    if (all.memoryBytes() > limits.maxInMemReduce() && !all.memoryByBin().isEmpty()) {
      // free the heap for the reduce function, as stock shuffle does
      disk.add(diskSegment(spill(all)));
      store.releaseMemory(all.memoryBytes());
    } else {
      for (MemSegment m : all.memory()) {
        memory.add(memorySegment(m));
      }
    }
    List<Segment<K, V>> segments = new ArrayList<>(disk);
    segments.addAll(memory);
    if (segments.isEmpty()) {
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
        store.fs(),
        keyClass,
        valueClass,
        segments,
        limits.ioSortFactor(),
        new Path(reduceId.toString()),
        comparator,
        reporter,
        true,
        null,
        spilledRecords,
        mergePhase);
  }

  private void stop() throws InterruptedException {
    store.close();
    thread.join();
  }

  /** Frees everything (task failing or shutting down without a final merge). */
  void abort() {
    try {
      stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    store.dropAll();
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
