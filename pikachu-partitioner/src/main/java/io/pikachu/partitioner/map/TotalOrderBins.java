package io.pikachu.partitioner.map;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.partitioner.VirtualBinsConfig;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.partition.InputSampler;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;

/**
 * Total-order jobs with virtual bins need a second partition file: the bins are the job's
 * TotalOrderPartitioner over {@code bins} partitions, i.e. {@code bins - 1} split points, while
 * MapTask still evaluates the job's partitioner over the reducers.
 */
public final class TotalOrderBins {
  private TotalOrderBins() {}

  /**
   * Samples the job's input into {@code binFile} (bins - 1 split points) and points {@value
   * PikachuKeys#TOTAL_ORDER_BIN_PARTITION_FILE} at it. Call after the job's reducer count and
   * Pikachu settings are set, next to the usual {@link InputSampler#writePartitionFile}.
   */
  public static <K, V> void writeBinPartitionFile(
      Job job, InputSampler.Sampler<K, V> sampler, Path binFile)
      throws IOException, ClassNotFoundException, InterruptedException {
    Configuration conf = job.getConfiguration();
    Job binJob = Job.getInstance(new Configuration(conf));
    binJob.setNumReduceTasks(VirtualBinsConfig.totalBins(conf));
    TotalOrderPartitioner.setPartitionFile(binJob.getConfiguration(), binFile);
    InputSampler.writePartitionFile(binJob, sampler);
    conf.set(PikachuKeys.TOTAL_ORDER_BIN_PARTITION_FILE.name(), binFile.toString());
  }
}
