package io.pikachu.partitioner.map;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.partitioner.VirtualBinsConfig;
import java.io.IOException;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputCollector;
import org.apache.hadoop.mapred.MapTask;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Map-side half of virtual bins: writes {@code bins per reducer x reducers} partitions, each
 * record's bin being the job's own Partitioner evaluated over that many partitions.
 *
 * <p>All the sorting, spilling, combining and compressing is the stock {@link
 * MapTask.MapOutputBuffer}, handed a copy of the job configuration whose reduce count is the bin
 * count; the result is an ordinary {@code file.out}/{@code file.out.index} that the NodeManager's
 * stock ShuffleHandler serves bin by bin. The partition MapTask computed over the reducers is
 * ignored.
 */
public class BinningMapOutputCollector<K, V> implements MapOutputCollector<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(BinningMapOutputCollector.class);

  private final MapTask.MapOutputBuffer<K, V> buffer = new MapTask.MapOutputBuffer<>();
  private BinPartitioner<K, V> partitioner;

  @Override
  public void init(Context context) throws IOException, ClassNotFoundException {
    JobConf job = context.getJobConf();
    if (VirtualBinsConfig.optedOut(job)) {
      LOG.info("{}=false: writing the stock map output", PikachuKeys.ENABLED.name());
      buffer.init(context);
      return;
    }
    VirtualBinsConfig.validateJob(job);
    int bins = VirtualBinsConfig.totalBins(job);
    JobConf binJob = binJobConf(job, bins);
    partitioner = BinPartitioner.create(binJob, bins);
    buffer.init(
        new MapOutputCollector.Context(context.getMapTask(), binJob, context.getReporter()));
    LOG.info(
        "Writing map output as {} virtual bins ({} x {} reducers), partitioner {}",
        bins,
        VirtualBinsConfig.binsPerReducer(job),
        job.getNumReduceTasks(),
        partitioner);
  }

  /** The job configuration as seen by the bin writer: as many "reducers" as bins. */
  static JobConf binJobConf(JobConf job, int bins) {
    JobConf binJob = new JobConf(job);
    binJob.setNumReduceTasks(bins);
    String binPartitionFile = job.getTrimmed(PikachuKeys.TOTAL_ORDER_BIN_PARTITION_FILE.name());
    if (binPartitionFile != null && !binPartitionFile.isEmpty()) {
      binJob.set(TotalOrderPartitioner.PARTITIONER_PATH, binPartitionFile);
    }
    return binJob;
  }

  @Override
  public void collect(K key, V value, int reducerPartition)
      throws IOException, InterruptedException {
    buffer.collect(
        key, value, partitioner == null ? reducerPartition : partitioner.bin(key, value));
  }

  @Override
  public void flush() throws IOException, InterruptedException, ClassNotFoundException {
    buffer.flush();
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
        String hint =
            TotalOrderPartitioner.class.isAssignableFrom(cls)
                ? "; a TotalOrderPartitioner needs a partition file with bins - 1 = "
                    + (bins - 1)
                    + " split points in "
                    + PikachuKeys.TOTAL_ORDER_BIN_PARTITION_FILE.name()
                : "";
        throw new IllegalArgumentException(
            "partitioner "
                + cls.getName()
                + " cannot be set up for "
                + bins
                + " virtual bins"
                + hint
                + ": "
                + e.getMessage(),
            e);
      }
      if (instance instanceof org.apache.hadoop.mapreduce.Partitioner<?, ?> p) {
        var typed = (org.apache.hadoop.mapreduce.Partitioner<K, V>) p;
        return new BinPartitioner<>(typed::getPartition, bins, cls.getName());
      }
      if (instance instanceof org.apache.hadoop.mapred.Partitioner<?, ?> p) {
        var typed = (org.apache.hadoop.mapred.Partitioner<K, V>) p;
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
