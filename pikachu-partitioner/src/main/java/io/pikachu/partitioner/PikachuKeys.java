package io.pikachu.partitioner;

/**
 * Every configuration key of Pikachu's virtual bins, with its default. See {@code
 * conf/mapred-site.pikachu-bins.xml} and {@code docs/virtual-bins.md}.
 */
public final class PikachuKeys {
  private PikachuKeys() {}

  /** Virtual bins per reducer; each map writes this times the number of reducers partitions. */
  public static final String BINS_PER_REDUCER = "pikachu.bins.per.reducer";

  public static final int DEFAULT_BINS_PER_REDUCER = 10;

  /** Upper bound: each bin costs an index record and an IFile header in every map output. */
  public static final int MAX_BINS_PER_REDUCER = 1000;

  /** Upper bound on bins per job, for the same reason. */
  public static final int MAX_TOTAL_BINS = 1_000_000;

  /**
   * Set (by the AM-side controller plugin) when bin maps will be published while the job runs.
   * Reducers then wait for a final map before their final merge. Without it the even map is final.
   */
  public static final String CONTROLLER_ENABLED = "pikachu.controller.enabled";

  /** Directory of published bin maps; default {@code ${mapreduce.job.dir}/pikachu-binmap}. */
  public static final String BINMAP_DIR = "pikachu.binmap.dir";

  public static final String BINMAP_DIR_NAME = "pikachu-binmap";

  /** How often a reducer polls for a new bin map. */
  public static final String BINMAP_POLL_MS = "pikachu.binmap.poll.interval.ms";

  public static final long DEFAULT_BINMAP_POLL_MS = 1000;

  /**
   * How long a reducer that has fetched all its bins waits for a final map. After that it seals the
   * map it has (first sealer wins, so all reducers still agree) and logs a warning.
   */
  public static final String FINAL_MAP_WAIT_MS = "pikachu.binmap.final.wait.ms";

  public static final long DEFAULT_FINAL_MAP_WAIT_MS = 300_000;

  /**
   * Partition file for a TotalOrderPartitioner evaluated over the bins (bins - 1 split points). The
   * job's own {@code mapreduce.totalorderpartitioner.path} keeps its reducers - 1 split points
   * because MapTask also evaluates the partitioner over the reducers.
   */
  public static final String TOTAL_ORDER_BIN_PARTITION_FILE =
      "pikachu.bins.total-order.partition.file";

  /** The Hadoop keys that switch the two task-side plugins on. Both must name Pikachu's class. */
  public static final String MAP_OUTPUT_COLLECTOR = "mapreduce.job.map.output.collector.class";

  public static final String SHUFFLE_CONSUMER =
      "mapreduce.job.reduce.shuffle.consumer.plugin.class";

  /** Hadoop's key naming the AM's speculator, which hosts Pikachu's controller. */
  public static final String SPECULATOR_CLASS = "yarn.app.mapreduce.am.job.speculator.class";

  /**
   * The controller's class, named as text because the task side does not depend on the AM module.
   */
  public static final String PIKACHU_SPECULATOR = "io.pikachu.scheduler.am.PikachuSpeculator";

  // ---- Test / sweep hooks: NOT for production jobs. ----

  /**
   * TEST/SWEEP HOOK. Forces one change of the bin map to partition ratio P (fast reducers get P
   * times the bins of slow ones), without any controller. Every reducer derives the same map from
   * the job configuration, so the hook needs no AM.
   */
  public static final String TEST_FORCED_RATIO = "pikachu.test.forced-ratio";

  /** TEST/SWEEP HOOK. Fraction of map tasks completed at which the forced change applies (0..1]. */
  public static final String TEST_FORCED_AFTER_MAPS = "pikachu.test.forced-after-maps";

  public static final float DEFAULT_TEST_FORCED_AFTER_MAPS = 1.0f;

  /** TEST/SWEEP HOOK. Reducer indexes treated as "fast"; default: the first half. */
  public static final String TEST_FORCED_FAST_REDUCERS = "pikachu.test.forced-fast-reducers";
}
