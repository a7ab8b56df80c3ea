package io.pikachu.store;

import io.pikachu.core.binmap.BinMapPolling;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobFacts;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.RebalancingRules;
import io.pikachu.core.partitioning.WideJobBins;
import io.pikachu.core.testing.TestHooks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads and validates the virtual-bin settings of a job. This is the one place that decides whether
 * a bin configuration is acceptable; the AM plugin calls {@link #validateJob} at job start, and
 * both task-side plugins call it again so a bad value can never produce wrong output.
 */
public final class VirtualBinsConfig {
  private static final Logger LOG = LoggerFactory.getLogger(VirtualBinsConfig.class);

  static {
    // Every side reads a job's Pikachu settings here first: Hadoop then knows the defaults and the
    // former names before any key is read.
    PikachuDefaults.load();
  }

  private VirtualBinsConfig() {}

  /** Switches a job to virtual bins (both task-side plugins). */
  public static void enable(Configuration conf) {
    conf.set(PikachuKeys.MAP_OUTPUT_COLLECTOR, PikachuKeys.BIN_COLLECTOR_CLASS);
    conf.set(PikachuKeys.SHUFFLE_CONSUMER, PikachuKeys.BIN_SHUFFLE_CLASS);
  }

  /** Whether the job names Pikachu's collector and shuffle consumer, each alone. */
  private static boolean usesBothPlugins(Configuration conf) {
    return PikachuKeys.BIN_COLLECTOR_CLASS.equals(conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR))
        && PikachuKeys.BIN_SHUFFLE_CLASS.equals(conf.getTrimmed(PikachuKeys.SHUFFLE_CONSUMER));
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

  /** Virtual bins per reducer, validated, shrunk on wide jobs ({@link WideJobBins}). */
  public static int binsPerReducer(Configuration conf) {
    return WideJobBins.perReducer(conf::get);
  }

  /** Bins every map writes: bins per reducer x reducers, checked against the global bound. */
  public static int totalBins(Configuration conf) {
    return totalBins(conf.getInt(MRJobConfig.NUM_REDUCES, 1), binsPerReducer(conf));
  }

  /** Bins every map writes: {@code binsPerReducer} x {@code reducers}, checked as above. */
  public static int totalBins(int reducers, int binsPerReducer) {
    long total = (long) binsPerReducer * reducers;
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
   * Checks the values of Pikachu's keys, with a message naming the offending key, and warns of
   * names in Pikachu's namespace that are no key of this version (a rollback to an older jar with
   * newer keys in mapred-site.xml must not fail every job; Hadoop warns and ignores the same way).
   * Does nothing for a job that opted out. A configuration Pikachu cannot serve safely (a foreign
   * plugin on either side, encrypted intermediate data) is not an error: {@link #rebalancing} steps
   * aside for it.
   *
   * @return the unknown keys' warnings, each naming the key (already logged)
   * @throws IllegalArgumentException (a {@code ConfigException}) naming a key whose value is bad
   */
  public static List<String> validateJob(Configuration conf) {
    if (optedOut(conf)) {
      return Collections.emptyList(); // stock behaviour: Pikachu reads nothing else of this job
    }
    List<String> unknown =
        PikachuKeys.unknownKeys(conf.getValByRegex("^" + Pattern.quote(PikachuKeys.PREFIX)));
    for (String warning : unknown) {
      LOG.warn("Pikachu ignores {}", warning);
    }
    if (!usesBothPlugins(conf)) {
      return unknown; // Pikachu steps aside and reads nothing else of this job
    }
    totalBins(conf);
    pollIntervalMs(conf);
    finalPollIntervalMs(conf);
    finalWaitMs(conf);
    binMapPolling(conf);
    return unknown;
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
    return JobFacts.builder()
        .reducers(conf.getInt(MRJobConfig.NUM_REDUCES, 1))
        .controllerEnabled(controllerEnabled(conf))
        .forcedRatio(TestHooks.FORCED_RATIO.find(conf::get).isPresent())
        .pikachuSpeculator(
            conf.getTrimmed(PikachuKeys.SPECULATOR_CLASS, "")
                .equals(PikachuKeys.PIKACHU_SPECULATOR))
        .pikachuPreemptionPolicy(
            conf.getTrimmed(PikachuKeys.PREEMPTION_POLICY_CLASS, "")
                .equals(PikachuKeys.PIKACHU_PREEMPTION_POLICY))
        .mapSpeculative(conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, true))
        .reduceSpeculative(conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, true))
        .mapFailuresMaxPercent(conf.getInt(MRJobConfig.MAP_FAILURES_MAX_PERCENT, 0))
        .reduceFailuresMaxPercent(conf.getInt(MRJobConfig.REDUCE_FAILURES_MAXPERCENT, 0))
        .binMapStoreScheme(binMapStoreScheme(conf))
        .jobDirScheme(jobDirScheme(conf))
        .partitioner(partitioner)
        .mapOutputKey(conf.getTrimmed(MRJobConfig.MAP_OUTPUT_KEY_CLASS, outputKey))
        .sortComparator(conf.get(MRJobConfig.KEY_COMPARATOR) != null)
        .groupingComparator(conf.get(MRJobConfig.GROUP_COMPARATOR_CLASS) != null)
        .outputFormats(outputFormats(conf))
        .movablePartitioners(PikachuKeys.MOVABLE_PARTITIONERS.get(conf::get))
        .placementSensitiveFormats(PikachuKeys.PLACEMENT_SENSITIVE_FORMATS.get(conf::get))
        .mapOutputCollector(conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR, ""))
        .shuffleConsumer(conf.getTrimmed(PikachuKeys.SHUFFLE_CONSUMER, ""))
        .encryptedIntermediateData(
            conf.getBoolean(MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA, false))
        .build();
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

  private static long pollIntervalMs(Configuration conf) {
    return PikachuKeys.BINMAP_POLL_MS.get(conf::get);
  }

  private static long finalPollIntervalMs(Configuration conf) {
    return PikachuKeys.FINAL_POLL_MS.get(conf::get);
  }

  private static long finalWaitMs(Configuration conf) {
    return PikachuKeys.FINAL_MAP_WAIT_MS.get(conf::get);
  }

  /** How a reducer reads the bin-map store. */
  public static BinMapPolling binMapPolling(Configuration conf) {
    return BinMapPolling.of(
        pollIntervalMs(conf),
        finalPollIntervalMs(conf),
        PikachuKeys.MAX_POLL_MS.get(conf::get),
        finalWaitMs(conf));
  }

  /**
   * The scheme of the bin-map store's file system, from the configuration alone, so that the
   * client, the AM and every task reach the same answer without touching a file system.
   */
  static String binMapStoreScheme(Configuration conf) {
    java.net.URI dir;
    try {
      dir = FsBinMapStore.directory(conf).toUri();
    } catch (IllegalArgumentException e) {
      return ""; // no job directory yet (a client before submission): decided again where it is
    }
    return schemeOf(dir, conf);
  }

  /** The scheme of the job's staging directory, as {@link #binMapStoreScheme} reads it. */
  static String jobDirScheme(Configuration conf) {
    String jobDir = conf.getTrimmed(MRJobConfig.MAPREDUCE_JOB_DIR);
    if (jobDir == null || jobDir.isEmpty()) {
      return "";
    }
    return schemeOf(new org.apache.hadoop.fs.Path(jobDir).toUri(), conf);
  }

  /** A path's scheme; a path without one is on the default file system. */
  private static String schemeOf(java.net.URI path, Configuration conf) {
    String scheme = path.getScheme();
    if (scheme == null) {
      scheme = org.apache.hadoop.fs.FileSystem.getDefaultUri(conf).getScheme();
    }
    return scheme == null ? "" : scheme;
  }
}
