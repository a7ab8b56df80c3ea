package io.pikachu.store;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobFacts;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.RebalancingRules;
import io.pikachu.core.testing.TestHooks;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Reads and validates the virtual-bin settings of a job. This is the one place that decides whether
 * a bin configuration is acceptable; the AM plugin calls {@link #validateJob} at job start, and
 * both task-side plugins call it again so a bad value can never produce wrong output.
 */
public final class VirtualBinsConfig {
  private VirtualBinsConfig() {}

  /** Switches a job to virtual bins (both task-side plugins). */
  public static void enable(Configuration conf) {
    conf.set(PikachuKeys.MAP_OUTPUT_COLLECTOR, PikachuKeys.BIN_COLLECTOR_CLASS);
    conf.set(PikachuKeys.SHUFFLE_CONSUMER, PikachuKeys.BIN_SHUFFLE_CLASS);
  }

  /** True when the job's map outputs are written as virtual bins. */
  public static boolean isEnabled(Configuration conf) {
    return PikachuKeys.BIN_COLLECTOR_CLASS.equals(conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR))
        && !optedOut(conf);
  }

  /**
   * The job said {@code pikachu.enabled=false}: Pikachu's plugins, installed cluster-wide, then
   * hand everything to stock Hadoop's code.
   */
  public static boolean optedOut(Configuration conf) {
    return !PikachuKeys.ENABLED.get(conf::get);
  }

  /** Virtual bins per reducer, validated. */
  public static int binsPerReducer(Configuration conf) {
    return PikachuKeys.BINS_PER_REDUCER.get(conf::get);
  }

  /** Bins every map writes: bins per reducer x reducers, checked against the global bound. */
  public static int totalBins(Configuration conf) {
    int reducers = conf.getInt(MRJobConfig.NUM_REDUCES, 1);
    long total = (long) binsPerReducer(conf) * reducers;
    if (total > PikachuKeys.MAX_TOTAL_BINS) {
      throw new IllegalArgumentException(
          PikachuKeys.BINS_PER_REDUCER.name()
              + " x "
              + MRJobConfig.NUM_REDUCES
              + " = "
              + total
              + " bins, more than the supported "
              + PikachuKeys.MAX_TOTAL_BINS
              + "; lower "
              + PikachuKeys.BINS_PER_REDUCER.name());
    }
    return (int) total;
  }

  /**
   * Checks everything that would make a bin job produce wrong output, with a message naming the
   * offending key. Does nothing for jobs that do not use virtual bins.
   */
  public static void validateJob(Configuration conf) {
    if (optedOut(conf)) {
      return; // stock behaviour: Pikachu reads nothing else of this job
    }
    String collector = conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR, "");
    String consumer = conf.getTrimmed(PikachuKeys.SHUFFLE_CONSUMER, "");
    boolean binCollector = collector.contains(PikachuKeys.BIN_COLLECTOR_CLASS);
    boolean binConsumer = consumer.equals(PikachuKeys.BIN_SHUFFLE_CLASS);
    if (!binCollector && !binConsumer) {
      return;
    }
    if (binCollector != binConsumer || !collector.equals(PikachuKeys.BIN_COLLECTOR_CLASS)) {
      // A stock reducer reading bin outputs (or the reverse) would silently read the wrong data;
      // a collector list could fall back to the stock buffer after our collector fails.
      throw new IllegalArgumentException(
          "virtual bins need both "
              + PikachuKeys.MAP_OUTPUT_COLLECTOR
              + "="
              + PikachuKeys.BIN_COLLECTOR_CLASS
              + " (alone, no fallback list) and "
              + PikachuKeys.SHUFFLE_CONSUMER
              + "="
              + PikachuKeys.BIN_SHUFFLE_CLASS
              + "; got '"
              + collector
              + "' and '"
              + consumer
              + "'");
    }
    if (conf.getBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, false)) {
      throw new IllegalArgumentException(
          "virtual bins do not support "
              + MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA
              + "=true yet");
    }
    PikachuKeys.checkKnown(conf.getValByRegex("^" + Pattern.quote(PikachuKeys.PREFIX)));
    totalBins(conf);
    pollIntervalMs(conf);
    finalPollIntervalMs(conf);
    finalWaitMs(conf);
  }

  public static boolean controllerEnabled(Configuration conf) {
    return PikachuKeys.CONTROLLER_ENABLED.get(conf::get);
  }

  /**
   * Whether Pikachu may move this job's keys between reducers, and how its partitions are cut into
   * bins: the one rule that the AM, every map and every reducer apply to the job's configuration,
   * so that they cannot disagree (see {@link RebalancingRules}).
   */
  public static Rebalancing rebalancing(Configuration conf) {
    return RebalancingRules.of(facts(conf));
  }

  static JobFacts facts(Configuration conf) {
    boolean newMapper = conf.getBoolean("mapred.mapper.new-api", false);
    String partitioner =
        newMapper
            ? conf.getTrimmed(
                MRJobConfig.PARTITIONER_CLASS_ATTR,
                org.apache.hadoop.mapreduce.lib.partition.HashPartitioner.class.getName())
            : conf.getTrimmed(
                "mapred.partitioner.class",
                org.apache.hadoop.mapred.lib.HashPartitioner.class.getName());
    String outputKey = conf.getTrimmed(MRJobConfig.OUTPUT_KEY_CLASS, LongWritable.class.getName());
    return JobFacts.of(
        conf.getInt(MRJobConfig.NUM_REDUCES, 1),
        controllerEnabled(conf),
        TestHooks.FORCED_RATIO.find(conf::get).isPresent(),
        conf.getTrimmed(PikachuKeys.SPECULATOR_CLASS, "").equals(PikachuKeys.PIKACHU_SPECULATOR),
        conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, true),
        conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, true),
        conf.getInt(MRJobConfig.MAP_FAILURES_MAX_PERCENT, 0),
        partitioner,
        conf.getTrimmed(MRJobConfig.MAP_OUTPUT_KEY_CLASS, outputKey),
        conf.get(MRJobConfig.KEY_COMPARATOR) != null,
        conf.get(MRJobConfig.GROUP_COMPARATOR_CLASS) != null,
        outputFormats(conf),
        PikachuKeys.MOVABLE_PARTITIONERS.get(conf::get),
        PikachuKeys.PLACEMENT_SENSITIVE_FORMATS.get(conf::get));
  }

  /** Every output format the reducers may write with: the job's, a lazy one's, named outputs'. */
  private static List<String> outputFormats(Configuration conf) {
    List<String> formats = new ArrayList<>();
    formats.add(
        conf.getBoolean("mapred.reducer.new-api", false)
            ? conf.getTrimmed(
                MRJobConfig.OUTPUT_FORMAT_CLASS_ATTR,
                org.apache.hadoop.mapreduce.lib.output.TextOutputFormat.class.getName())
            : conf.getTrimmed(
                "mapred.output.format.class",
                org.apache.hadoop.mapred.TextOutputFormat.class.getName()));
    String lazy = conf.getTrimmed("mapreduce.output.lazyoutputformat.outputformat");
    if (lazy != null && !lazy.isEmpty()) {
      formats.add(lazy);
    }
    // named outputs of MultipleOutputs, new and old API
    formats.addAll(
        conf
            .getValByRegex(
                "^(mapreduce\\.multipleoutputs\\.namedOutput|mo\\.namedOutput)\\..+\\.format$")
            .values()
            .stream()
            .map(String::trim)
            .sorted()
            .collect(Collectors.toList()));
    return formats;
  }

  public static long pollIntervalMs(Configuration conf) {
    return PikachuKeys.BINMAP_POLL_MS.get(conf::get);
  }

  public static long finalPollIntervalMs(Configuration conf) {
    return PikachuKeys.FINAL_POLL_MS.get(conf::get);
  }

  public static long finalWaitMs(Configuration conf) {
    return PikachuKeys.FINAL_MAP_WAIT_MS.get(conf::get);
  }
}
