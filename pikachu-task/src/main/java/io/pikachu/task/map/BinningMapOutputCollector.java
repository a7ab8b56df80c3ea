package io.pikachu.task.map;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.KeyRangeSlicer;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.store.JobLayoutStore;
import io.pikachu.store.PikachuCounter;
import io.pikachu.store.PikachuVersion;
import java.io.IOException;
import org.apache.hadoop.io.BinaryComparable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Map-side half of virtual bins: writes {@code bins per reducer x reducers} partitions. MapTask
 * calls the job's partitioner over the reducers, as always; the collector cuts that partition into
 * {@code bins per reducer} bins, so bin {@code partition x binsPerReducer + slice}. How it cuts is
 * the job's {@link Slicing}: hash slices from the job's partitioner over the bins, or key ranges
 * between a total-order partitioner's split points. Under the even bin map every key thus reaches
 * the reducer, and the part file, that stock Hadoop gives it.
 *
 * <p>All the sorting, spilling, combining and compressing is the stock {@link
 * MapTask.MapOutputBuffer}, handed a copy of the job configuration whose reduce count is the bin
 * count; the result is an ordinary {@code file.out}/{@code file.out.index} that the NodeManager's
 * stock ShuffleHandler serves bin by bin. A job Pikachu steps aside for gets the stock output.
 */
public class BinningMapOutputCollector<K, V> implements MapOutputCollector<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(BinningMapOutputCollector.class);

  private final MapTask.MapOutputBuffer<K, V> buffer = new MapTask.MapOutputBuffer<>();

  /** Cuts a key's partition into bins; null when the job's output is stock. */
  private Slicer<K, V> slicer;

  private int binsPerReducer;

  private Context context;

  /** A key's slice of its partition, in [0, bins per reducer). */
  interface Slicer<K, V> {
    int slice(K key, V value, int partition) throws IOException;
  }

  @Override
  public void init(Context context) throws IOException, ClassNotFoundException {
    LOG.info(PikachuVersion.banner("map output collector"));
    JobConf job = context.getJobConf();
    // The job's layout rules, not this node's settings: a map that cut its output otherwise than
    // the reducers read it would hand them other reducers' records.
    JobLayout layout =
        JobLayoutStore.forTask(
            job, context.getMapTask().getTaskID().toString(), context.getReporter()::progress);
    Rebalancing rebalancing = layout.rebalancing();
    if (rebalancing instanceof Rebalancing.SteppedAside) {
      Rebalancing.SteppedAside aside = (Rebalancing.SteppedAside) rebalancing;
      LOG.info(
          "Pikachu steps aside for this job, writing the stock map output: {}", aside.detail());
      if (!PikachuKeys.BIN_SHUFFLE_CLASS.equals(job.getTrimmed(PikachuKeys.SHUFFLE_CONSUMER))) {
        // no reducer of Pikachu's runs to count it
        PikachuCounter.countSteppedAside(context.getReporter(), aside.why());
      }
      buffer.init(context);
      return;
    }
    Rebalancing.Enabled enabled = (Rebalancing.Enabled) rebalancing;
    this.context = context;
    binsPerReducer = layout.binsPerReducer();
    int bins = layout.totalBins(job.getNumReduceTasks());
    JobConf binJob = binJobConf(job, bins);
    slicer = slicer(enabled, job, binJob, bins, binsPerReducer);
    buffer.init(
        new MapOutputCollector.Context(context.getMapTask(), binJob, context.getReporter()));
    LOG.info(
        "Writing map output as {} virtual bins ({} x {} reducers), {} slices of {}",
        bins,
        binsPerReducer,
        job.getNumReduceTasks(),
        enabled.slicing(),
        enabled.partitioner());
  }

  static <K, V> Slicer<K, V> slicer(
      Rebalancing.Enabled enabled, JobConf job, JobConf binJob, int bins, int binsPerReducer)
      throws IOException {
    int reducers = job.getNumReduceTasks();
    if (enabled.slicing() == Slicing.HASH) {
      // the job's partitioner over the bins: its partition p_NB picks the slice p_NB / N, which
      // for a hash h is (h mod N*b) / N, spread evenly over the b slices of partition h mod N
      BinPartitioner<K, V> fine = BinPartitioner.create(binJob, bins);
      return (key, value, partition) -> fine.bin(key, value) / reducers;
    }
    KeyRangeSlicer ranges;
    try {
      ranges = new KeyRangeSlicer(SplitPoints.read(job, enabled.partitioner()), binsPerReducer);
    } catch (IllegalArgumentException e) {
      throw new IOException(enabled.partitioner() + "'s split points: " + e.getMessage(), e);
    }
    if (ranges.partitions() != reducers) {
      throw new IOException(
          enabled.partitioner()
              + " has "
              + (ranges.partitions() - 1)
              + " split points for "
              + reducers
              + " reducers");
    }
    return (key, value, partition) -> {
      BinaryComparable k = (BinaryComparable) key;
      return ranges.slice(partition, k.getBytes(), 0, k.getLength());
    };
  }

  /** The job configuration as seen by the bin writer: as many "reducers" as bins. */
  static JobConf binJobConf(JobConf job, int bins) {
    JobConf binJob = new JobConf(job);
    binJob.setNumReduceTasks(bins);
    return binJob;
  }

  @Override
  public void collect(K key, V value, int partition) throws IOException, InterruptedException {
    buffer.collect(
        key,
        value,
        slicer == null
            ? partition
            : partition * binsPerReducer + slicer.slice(key, value, partition));
  }

  @Override
  public void flush() throws IOException, InterruptedException, ClassNotFoundException {
    buffer.flush();
    if (slicer != null) {
      BinSizesStatus.report(context);
    }
  }

  @Override
  public void close() throws IOException, InterruptedException {
    buffer.close();
  }

  /** The job's partitioner (new or old API) over the bins. */
  static final class BinPartitioner<K, V> {
    /** Both partitioner APIs have this shape. */
    private interface Fn<K, V> {
      int partition(K key, V value, int partitions);
    }

    private final Fn<K, V> fn;
    private final int bins;
    private final String name;

    private BinPartitioner(Fn<K, V> fn, int bins, String name) {
      this.fn = fn;
      this.bins = bins;
      this.name = name;
    }

    int bin(K key, V value) throws IOException {
      return check(fn.partition(key, value, bins), bins, key);
    }

    @Override
    public String toString() {
      return name;
    }

    @SuppressWarnings("unchecked")
    static <K, V> BinPartitioner<K, V> create(JobConf binJob, int bins) {
      Class<?> cls =
          binJob.getUseNewMapper()
              ? binJob.getClass(
                  MRJobConfig.PARTITIONER_CLASS_ATTR,
                  org.apache.hadoop.mapreduce.lib.partition.HashPartitioner.class)
              : binJob.getPartitionerClass();
      Object instance;
      try {
        instance = ReflectionUtils.newInstance(cls, binJob);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(
            "partitioner "
                + cls.getName()
                + " cannot be set up for "
                + bins
                + " virtual bins: "
                + e.getMessage(),
            e);
      }
      if (instance instanceof org.apache.hadoop.mapreduce.Partitioner<?, ?>) {
        org.apache.hadoop.mapreduce.Partitioner<K, V> typed =
            (org.apache.hadoop.mapreduce.Partitioner<K, V>) instance;
        return new BinPartitioner<>(typed::getPartition, bins, cls.getName());
      }
      if (instance instanceof org.apache.hadoop.mapred.Partitioner<?, ?>) {
        org.apache.hadoop.mapred.Partitioner<K, V> typed =
            (org.apache.hadoop.mapred.Partitioner<K, V>) instance;
        return new BinPartitioner<>(typed::getPartition, bins, cls.getName());
      }
      throw new IllegalArgumentException(cls.getName() + " is not a Partitioner");
    }
  }

  static int check(int bin, int bins, Object key) throws IOException {
    if (bin < 0 || bin >= bins) {
      throw new IOException("Illegal bin for " + key + " (" + bin + " not in [0, " + bins + "))");
    }
    return bin;
  }
}
