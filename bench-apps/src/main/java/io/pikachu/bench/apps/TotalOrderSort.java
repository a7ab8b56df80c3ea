package io.pikachu.bench.apps;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.partition.InputSampler;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.apache.hadoop.util.ToolRunner;

/**
 * {@link Sort} with Hadoop's {@link TotalOrderPartitioner}: the part files, read in order, hold one
 * globally sorted sequence. The input is sampled into a partition file of reducers - 1 split points
 * next to the output, as Hadoop's Sort example {@code -totalOrder} means to do; that example sets
 * the partition file on a configuration its job has already copied, so in Hadoop 3 it fails before
 * the job starts, with or without Pikachu.
 */
public class TotalOrderSort extends BenchmarkTool {
  /**
   * The first records of up to ten splits: deterministic, so the same input gives the same split
   * points and, under an even bin map, stock's part files; gen-sort's keys are random, so the head
   * of a split is a fair sample.
   */
  private static final int MAX_SAMPLES = 10_000;

  private static final int MAX_SPLITS_SAMPLED = 10;

  public TotalOrderSort() {
    super("sort-total-order", TotalOrderSort::createJob);
  }

  public static Job createJob(Configuration conf, Path input, Path output) throws IOException {
    Job job = Sort.createJob(conf, input, output);
    job.setJobName("sort-total-order");
    job.setPartitionerClass(TotalOrderPartitioner.class);
    FileSystem fs = output.getFileSystem(job.getConfiguration());
    Path qualified = fs.makeQualified(output);
    // Hidden from input listings by its leading underscore; gone when the client exits.
    Path partitionFile = new Path(qualified.getParent(), "_" + qualified.getName() + ".partitions");
    TotalOrderPartitioner.setPartitionFile(job.getConfiguration(), partitionFile);
    try {
      InputSampler.writePartitionFile(
          job,
          new InputSampler.SplitSampler<BytesWritable, BytesWritable>(
              MAX_SAMPLES, MAX_SPLITS_SAMPLED));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while sampling " + input, e);
    } catch (ClassNotFoundException e) {
      throw new IOException("cannot sample " + input + ": " + e.getMessage(), e);
    }
    fs.deleteOnExit(partitionFile);
    return job;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new TotalOrderSort(), args));
  }
}
