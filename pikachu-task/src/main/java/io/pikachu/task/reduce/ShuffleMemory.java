package io.pikachu.task.reduce;

import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The reduce side's shuffle memory limits, read from stock Hadoop's keys so that a bin shuffle
 * behaves as the stock one would: {@code mapreduce.reduce.shuffle.input.buffer.percent}, {@code
 * ...shuffle.memory.limit.percent}, {@code ...shuffle.merge.percent}, {@code
 * mapreduce.reduce.merge.inmem.threshold}, {@code mapreduce.task.io.sort.factor} and {@code
 * mapreduce.reduce.input.buffer.percent}.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code memoryLimit}: bytes of fetched outputs held in memory at most
 *   <li>{@code maxSingleShuffle}: larger outputs go straight to disk
 *   <li>{@code mergeThreshold}: in-memory bytes that start a merge to disk
 *   <li>{@code inMemSegmentThreshold}: in-memory outputs that start a merge to disk
 *   <li>{@code maxInMemReduce}: in-memory bytes the reduce function may read from memory
 *   <li>{@code ioSortFactor}: files merged at once
 * </ul>
 */
final class ShuffleMemory {
  private final long memoryLimit;
  private final long maxSingleShuffle;
  private final long mergeThreshold;
  private final int inMemSegmentThreshold;
  private final long maxInMemReduce;
  private final int ioSortFactor;

  ShuffleMemory(
      long memoryLimit,
      long maxSingleShuffle,
      long mergeThreshold,
      int inMemSegmentThreshold,
      long maxInMemReduce,
      int ioSortFactor) {
    this.memoryLimit = memoryLimit;
    this.maxSingleShuffle = maxSingleShuffle;
    this.mergeThreshold = mergeThreshold;
    this.inMemSegmentThreshold = inMemSegmentThreshold;
    this.maxInMemReduce = maxInMemReduce;
    this.ioSortFactor = ioSortFactor;
  }

  long memoryLimit() {
    return memoryLimit;
  }

  long maxSingleShuffle() {
    return maxSingleShuffle;
  }

  long mergeThreshold() {
    return mergeThreshold;
  }

  int inMemSegmentThreshold() {
    return inMemSegmentThreshold;
  }

  long maxInMemReduce() {
    return maxInMemReduce;
  }

  int ioSortFactor() {
    return ioSortFactor;
  }

  static ShuffleMemory from(JobConf job) {
    float bufferPercent =
        fraction(
            job,
            MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT,
            MRJobConfig.DEFAULT_SHUFFLE_INPUT_BUFFER_PERCENT);
    long heap =
        job.getLong(
            MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES,
            Math.min(Runtime.getRuntime().maxMemory(), Integer.MAX_VALUE));
    long memoryLimit = (long) (heap * bufferPercent);
    float singleShufflePercent = fraction(job, MRJobConfig.SHUFFLE_MEMORY_LIMIT_PERCENT, 0.25f);
    int ioSortFactor = job.getInt(MRJobConfig.IO_SORT_FACTOR, MRJobConfig.DEFAULT_IO_SORT_FACTOR);
    if (ioSortFactor < 2) {
      throw new IllegalArgumentException(
          MRJobConfig.IO_SORT_FACTOR + " must be >= 2, got " + ioSortFactor);
    }
    return new ShuffleMemory(
        memoryLimit,
        (long) Math.min(memoryLimit * singleShufflePercent, Integer.MAX_VALUE),
        (long)
            (memoryLimit
                * fraction(
                    job,
                    MRJobConfig.SHUFFLE_MERGE_PERCENT,
                    MRJobConfig.DEFAULT_SHUFFLE_MERGE_PERCENT)),
        job.getInt(MRJobConfig.REDUCE_MERGE_INMEM_THRESHOLD, 1000),
        (long) (heap * fraction(job, MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, 0f)),
        ioSortFactor);
  }

  private static float fraction(JobConf job, String key, float dflt) {
    float value = job.getFloat(key, dflt);
    if (value < 0 || value > 1) {
      throw new IllegalArgumentException(key + " must be in [0, 1], got " + value);
    }
    return value;
  }
}
