package io.pikachu.core.partitioning;

import io.pikachu.core.value.ValueType;
import java.util.List;
import org.immutables.value.Value;

/**
 * The settings of a job that decide whether Pikachu may rebalance it, read from its configuration
 * by the Hadoop adapter. Class names are compared as text: the AM may not be able to load a job's
 * classes, and every party must reach the same answer.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code reducers}: the job's reduce tasks
 *   <li>{@code controllerEnabled}: {@code pikachu.controller.enabled}
 *   <li>{@code forcedRatio}: the test/sweep hook {@code pikachu.test.forced-ratio} is set
 *   <li>{@code pikachuSpeculator}: the AM's speculator is Pikachu's, which hosts the controller
 *   <li>{@code pikachuPreemptionPolicy}: the AM's preemption policy is Pikachu's, which hosts the
 *       controller where the AM builds no speculator of Pikachu's (both speculation keys off)
 *   <li>{@code mapSpeculative}: {@code mapreduce.map.speculative}
 *   <li>{@code reduceSpeculative}: {@code mapreduce.reduce.speculative}
 *   <li>{@code mapFailuresMaxPercent}: {@code mapreduce.map.failures.maxpercent}
 *   <li>{@code reduceFailuresMaxPercent}: {@code mapreduce.reduce.failures.maxpercent}
 *   <li>{@code binMapStoreScheme}: where the bin maps live ({@code pikachu.binmap.dir}, else the
 *       job's staging directory)
 *   <li>{@code jobDirScheme}: where the job's own files live (its staging directory)
 *   <li>{@code partitioner}: the partitioner class of the API the job's mapper uses
 *   <li>{@code mapOutputKey}: the map output key class
 *   <li>{@code sortComparator}: the job sets its own sort comparator
 *   <li>{@code groupingComparator}: the job sets its own grouping comparator
 *   <li>{@code outputFormats}: the output format classes the reducers write with (the job's, the
 *       one behind a lazy output format, named outputs)
 *   <li>{@code movablePartitioners}: {@code pikachu.partitioner.movable}
 *   <li>{@code placementSensitiveFormats}: {@code pikachu.output.placement-sensitive}
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class JobFacts {

  public abstract int reducers();

  public abstract boolean controllerEnabled();

  public abstract boolean forcedRatio();

  public abstract boolean pikachuSpeculator();

  @Value.Default
  public boolean pikachuPreemptionPolicy() {
    return false;
  }

  public abstract boolean mapSpeculative();

  public abstract boolean reduceSpeculative();

  public abstract int mapFailuresMaxPercent();

  @Value.Default
  public int reduceFailuresMaxPercent() {
    return 0;
  }

  /**
   * The scheme of the file system that holds the job's bin maps ({@code hdfs}, {@code file}, {@code
   * s3a}, ...); empty when it cannot be told from the configuration.
   */
  @Value.Default
  public String binMapStoreScheme() {
    return "";
  }

  /**
   * The scheme of the file system that holds the job's own files (its staging directory, which
   * every node reads); empty when it cannot be told.
   */
  @Value.Default
  public String jobDirScheme() {
    return "";
  }

  public abstract String partitioner();

  public abstract String mapOutputKey();

  public abstract boolean sortComparator();

  public abstract boolean groupingComparator();

  public abstract List<String> outputFormats();

  public abstract List<String> movablePartitioners();

  public abstract List<String> placementSensitiveFormats();

  /** {@code mapreduce.job.map.output.collector.class}, as set (empty when unset: stock's). */
  public abstract String mapOutputCollector();

  /** {@code mapreduce.job.reduce.shuffle.consumer.plugin.class}, as set (empty: stock's). */
  public abstract String shuffleConsumer();

  /** {@code mapreduce.job.encrypted-intermediate-data}. */
  public abstract boolean encryptedIntermediateData();

  public static ImmutableJobFacts.Builder builder() {
    return ImmutableJobFacts.builder();
  }
}
