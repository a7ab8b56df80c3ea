package io.pikachu.task.reduce;

import io.pikachu.task.reduce.BinSegmentStore.DiskSegment;
import io.pikachu.task.reduce.BinSegmentStore.FinalSegments;
import io.pikachu.task.reduce.BinSegmentStore.MemSegment;
import io.pikachu.task.reduce.BinSegmentStore.MergeWork;
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
      Consumer<Throwable> errorSink) {
    this.job = job;
    this.reduceId = reduceId;
    this.store = store;
    this.limits = limits;
    this.codec = codec;
    this.reporter = reporter;
    this.spilledRecords = spilledRecords;
    this.mergePhase = mergePhase;
    this.errorSink = errorSink;
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
    List<Segment<K, V>> segments = new ArrayList<>();
    long bytes = 0;
    for (MemSegment m : work.memory()) {
      segments.add(memorySegment(m));
      bytes += m.data().length;
    }
    for (DiskSegment d : work.disk()) {
      segments.add(diskSegment(d));
      bytes += d.rawLength();
    }
    return writeMerged(work.bin(), segments, bytes, work.wireBytes());
  }

  private DiskSegment writeMerged(
      int bin, List<Segment<K, V>> segments, long approxBytes, long wire) throws IOException {
    Path out = store.newPath(bin, "merged", approxBytes);
    int count = segments.size(); // Merger.merge empties the list
    RawKeyValueIterator iter =
        Merger.merge(
            job,
            store.fs(),
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
    try (FSDataOutputStream stream = store.fs().create(out, true)) {
      IFile.Writer<K, V> writer =
          new IFile.Writer<>(job, stream, keyClass, valueClass, codec, spilledRecords);
      Merger.writeFile(iter, writer, reporter, job);
      writer.close();
      raw = writer.getRawLength();
    } finally {
      iter.close();
    }
    long length = store.fs().getFileStatus(out).getLen();
    LOG.info(
        "Merged {} segments of {} into {} ({} bytes)",
        count,
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
    List<Segment<K, V>> memory = new ArrayList<>();
    for (MemSegment m : all.memory()) {
      memory.add(memorySegment(m));
    }
    List<Segment<K, V>> disk = new ArrayList<>();
    for (DiskSegment d : all.disk()) {
      disk.add(diskSegment(d));
    }
    if (all.memoryBytes() > limits.maxInMemReduce() && !memory.isEmpty()) {
      // free the heap for the reduce function, as stock shuffle does
      DiskSegment spilled = writeMerged(-1, memory, all.memoryBytes(), 0);
      disk.add(diskSegment(spilled));
      memory.clear();
      store.releaseMemory(all.memoryBytes());
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
