package io.pikachu.store;

import io.pikachu.core.binmap.BinMapPolling;
import io.pikachu.core.config.Key;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.config.TestHookKeys;
import io.pikachu.core.partitioning.JobFacts;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.RebalancingRules;
import io.pikachu.core.partitioning.WideJobBins;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
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
 *
 * <p>Over 300 lines on purpose: it is that one place, so every job fact the rules need is read
 * here.
 */
public final class VirtualBinsConfig {
  private static final Logger LOG = LoggerFactory.getLogger(VirtualBinsConfig.class);

  static {
    // Every side reads a job's Pikachu settings here first: Hadoop then knows the defaults and the
    // former names before any key is read.
    PikachuDefaults.load();
  }

  private VirtualBinsConfig() {}

  /** Hadoop's own preemption policy, the one the AM builds where none is named. */
  private static final String HADOOP_DEFAULT_PREEMPTION_POLICY =
      "org.apache.hadoop.mapreduce.v2.app.rm.preemption.NoopAMPreemptionPolicy";

  /**
   * Switches a job to virtual bins: both task-side plugins, and the AM plugin, which writes the job
   * layout every task follows (without it the tasks find no layout and run as stock). The AM builds
   * the speculator only while a speculation key is true, so Pikachu's preemption policy is named
   * too, which hosts the controller otherwise; a policy other than Hadoop's default one, which the
   * job or the cluster chose, is kept (such a job with speculation off runs as stock).
   */
  public static void enable(Configuration conf) {
    conf.set(PikachuKeys.MAP_OUTPUT_COLLECTOR, PikachuKeys.BIN_COLLECTOR_CLASS);
    conf.set(PikachuKeys.SHUFFLE_CONSUMER, PikachuKeys.BIN_SHUFFLE_CLASS);
    conf.set(PikachuKeys.SPECULATOR_CLASS, PikachuKeys.PIKACHU_SPECULATOR);
    String policy = conf.getTrimmed(PikachuKeys.PREEMPTION_POLICY_CLASS, "");
    if (policy.isEmpty() || policy.equals(HADOOP_DEFAULT_PREEMPTION_POLICY)) {
      conf.set(PikachuKeys.PREEMPTION_POLICY_CLASS, PikachuKeys.PIKACHU_PREEMPTION_POLICY);
    }
  }

  /** Whether the job names Pikachu's collector and shuffle consumer, each alone. */
  private static boolean usesBothPlugins(Configuration conf) {
    return PikachuKeys.BIN_COLLECTOR_CLASS.equals(conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR))
        && PikachuKeys.BIN_SHUFFLE_CLASS.equals(conf.getTrimmed(PikachuKeys.SHUFFLE_CONSUMER));
  }

  /**
   * Whether a task of the job runs Pikachu's collector or shuffle consumer: a job that names
   * neither needs no layout, because no code of Pikachu's reads one.
   */
  public static boolean namesEitherPlugin(Configuration conf) {
    return PikachuKeys.BIN_COLLECTOR_CLASS.equals(conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR))
        || PikachuKeys.BIN_SHUFFLE_CLASS.equals(conf.getTrimmed(PikachuKeys.SHUFFLE_CONSUMER));
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

  /**
   * The value of {@code key} in a task's configuration, or its default with a warning naming the
   * key when this node's value is bad: the AM validated the job's values before any task ran, so a
   * bad value only a node's own site file carries must not fail that node's tasks.
   */
  public static <T> T lenient(Configuration conf, Key<T> key) {
    try {
      return key.get(conf::get);
    } catch (IllegalArgumentException e) {
      LOG.warn(
          "Pikachu: this node's {} is bad ({}); using {}",
          key.name(),
          e.getMessage(),
          key.defaultText().orElse("no value"));
      return key.defaultValue();
    }
  }

  /**
   * A task configuration's lookup in which a bad Pikachu value reads as unset (see {@link
   * #lenient}).
   */
  public static Function<String, String> lenientLookup(Configuration conf) {
    return name -> {
      String value = conf.get(name);
      Optional<Key<?>> key = PikachuKeys.byName(name);
      if (value == null || !key.isPresent()) {
        return value;
      }
      try {
        key.get().parse(value);
        return value;
      } catch (IllegalArgumentException e) {
        return null;
      }
    };
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
    JobLayout.totalBins(conf.getInt(MRJobConfig.NUM_REDUCES, 1), WideJobBins.perReducer(conf::get));
    pollIntervalMs(conf);
    finalPollIntervalMs(conf);
    finalWaitMs(conf);
    PikachuKeys.MAX_POLL_MS.get(conf::get);
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
    return RebalancingRules.of(facts(conf, binMapStoreScheme(conf)));
  }

  /**
   * {@link #rebalancing(Configuration)} with the bin-map store's scheme read through mount points
   * ({@code viewfs://} resolved to the file system it is mounted on): what the AM decides the job's
   * layout by. A mount that cannot be resolved counts as a store without atomic rename, so the job
   * runs as stock rather than risk reducers that follow different final maps.
   */
  public static Rebalancing rebalancing(Configuration conf, boolean resolveMounts) {
    return resolveMounts
        ? RebalancingRules.of(facts(conf, StoreScheme.resolved(conf)))
        : rebalancing(conf);
  }

  static JobFacts facts(Configuration conf) {
    return facts(conf, binMapStoreScheme(conf));
  }

  private static JobFacts facts(Configuration conf, String storeScheme) {
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
        .forcedRatio(TestHookKeys.FORCED_RATIO.find(conf::get).isPresent())
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
        .binMapStoreScheme(storeScheme)
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

  /**
   * How a reducer reads the bin-map store: this node's intervals (a bad one is the default, with a
   * warning), and the attempt's give-up time ({@link BinMapPolling#giveUpMs}).
   */
  public static BinMapPolling binMapPolling(Configuration conf, String attempt) {
    long finalWait = lenient(conf, PikachuKeys.FINAL_MAP_WAIT_MS);
    return BinMapPolling.of(
        lenient(conf, PikachuKeys.BINMAP_POLL_MS),
        lenient(conf, PikachuKeys.FINAL_POLL_MS),
        lenient(conf, PikachuKeys.MAX_POLL_MS),
        BinMapPolling.giveUpMs(
            conf.getLong(MRJobConfig.TASK_TIMEOUT, MRJobConfig.DEFAULT_TASK_TIMEOUT_MILLIS),
            finalWait,
            attempt));
  }

  /**
   * The scheme of the bin-map store's file system, from the configuration alone (a client, the
   * advisor); the AM resolves mount points as well ({@link #rebalancing(Configuration, boolean)}).
   */
  static String binMapStoreScheme(Configuration conf) {
    Optional<org.apache.hadoop.fs.Path> base = FsBinMapStore.baseDirectory(conf);
    return base.isPresent() ? schemeOf(base.get().toUri(), conf) : "";
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
  static String schemeOf(java.net.URI path, Configuration conf) {
    String scheme = path.getScheme();
    if (scheme == null) {
      scheme = org.apache.hadoop.fs.FileSystem.getDefaultUri(conf).getScheme();
    }
    return scheme == null ? "" : scheme;
  }
}
