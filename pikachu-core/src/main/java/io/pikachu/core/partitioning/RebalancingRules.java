package io.pikachu.core.partitioning;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import io.pikachu.core.partitioning.Rebalancing.Enabled;
import io.pikachu.core.partitioning.Rebalancing.SteppedAside;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * When Pikachu may move a job's keys between reducers. It rebalances only where that is known to
 * keep the job's meaning: hash-style partitioners, total-order partitioners whose key ranges it can
 * cut further without breaking the order, and partitioners an admin lists; and only where nothing
 * reads the output through the partitioner. Everywhere else it steps aside and the job runs as
 * under stock Hadoop, at no cost.
 */
public final class RebalancingRules {
  private RebalancingRules() {}

  /** Partitioners whose partition is a hash of the whole key, for any number of partitions. */
  static final Set<String> HASH_PARTITIONERS =
      Collections.unmodifiableSet(
          new LinkedHashSet<>(
              Arrays.asList(
                  "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner",
                  "org.apache.hadoop.mapred.lib.HashPartitioner")));

  /** Total-order partitioners whose split points {@code SplitPointReaders} can read. */
  public static final Set<String> TOTAL_ORDER_PARTITIONERS =
      Collections.unmodifiableSet(
          new LinkedHashSet<>(
              Arrays.asList(
                  "org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner",
                  "org.apache.hadoop.mapred.lib.TotalOrderPartitioner",
                  "org.apache.hadoop.examples.terasort.TeraSort$TotalOrderPartitioner",
                  "org.apache.hadoop.examples.terasort.TeraSort$SimplePartitioner")));

  /** Keys whose order is the order of their bytes, so a key range can be cut by interpolation. */
  static final Set<String> BYTE_ORDERED_KEYS =
      Collections.unmodifiableSet(
          new LinkedHashSet<>(
              Arrays.asList("org.apache.hadoop.io.Text", "org.apache.hadoop.io.BytesWritable")));

  /**
   * File systems (by scheme) whose rename is not atomic: object stores. Every reducer must follow
   * the one final map the first sealer claims by an atomic create-or-rename; on these two reducers
   * could each see their own "final" map win. ABFS is listed although accounts with a hierarchical
   * namespace rename atomically: the scheme does not tell them apart.
   */
  static final Set<String> STORES_WITHOUT_ATOMIC_RENAME =
      Collections.unmodifiableSet(
          new LinkedHashSet<>(
              Arrays.asList(
                  "s3a", "s3", "s3n", "gs", "abfs", "abfss", "wasb", "wasbs", "oss", "cos", "cosn",
                  "obs", "swift")));

  public static Rebalancing of(JobFacts job) {
    return aside(job)
        .map(Rebalancing.class::cast)
        .orElseGet(() -> Enabled.of(slicing(job.partitioner()), job.partitioner()));
  }

  private static Optional<SteppedAside> aside(JobFacts job) {
    if (!job.mapOutputCollector().equals(PikachuKeys.BIN_COLLECTOR_CLASS)
        || !job.shuffleConsumer().equals(PikachuKeys.BIN_SHUFFLE_CLASS)) {
      // Bins need both sides: a stock or foreign reducer would read a map's bin as its partition.
      return step(
          AsideReason.FOREIGN_PLUGIN,
          "virtual bins need Pikachu's collector and shuffle consumer on both sides, alone; the job"
              + " has "
              + PikachuKeys.MAP_OUTPUT_COLLECTOR
              + "="
              + named(job.mapOutputCollector())
              + " and "
              + PikachuKeys.SHUFFLE_CONSUMER
              + "="
              + named(job.shuffleConsumer()));
    }
    if (job.encryptedIntermediateData()) {
      return step(
          AsideReason.ENCRYPTED_INTERMEDIATE_DATA,
          "mapreduce.job.encrypted-intermediate-data=true: Pikachu's shuffle does not read"
              + " encrypted map outputs");
    }
    String scheme = job.binMapStoreScheme().toLowerCase(java.util.Locale.ROOT);
    if (STORES_WITHOUT_ATOMIC_RENAME.contains(scheme)) {
      return step(
          AsideReason.STORE_WITHOUT_ATOMIC_RENAME,
          "the job's bin maps would live on "
              + scheme
              + ":, an object store whose rename is not atomic, so reducers could follow different"
              + " final maps; set "
              + PikachuKeys.BINMAP_DIR.name()
              + " to a directory on HDFS");
    }
    String jobDir = job.jobDirScheme().toLowerCase(java.util.Locale.ROOT);
    if (scheme.equals("file") && !jobDir.isEmpty() && !jobDir.equals("file")) {
      // A local path names one directory per node: a reducer elsewhere would never see the AM's
      // maps and would seal its own. Where the job's own files are local too (one machine, or a
      // mount every node shares at the same path), file: is as shared as the job itself.
      return step(
          AsideReason.STORE_NOT_SHARED,
          "the job's bin maps would live in a local directory ("
              + PikachuKeys.BINMAP_DIR.name()
              + " on file:), one per node, while the job's own files are on "
              + jobDir
              + ":, so reducers on different nodes could follow different final maps; point "
              + PikachuKeys.BINMAP_DIR.name()
              + " at a directory on "
              + jobDir
              + ": or leave it unset");
    }
    if (job.reducers() <= 1) {
      return step(AsideReason.ONE_REDUCER, "the job has one reducer: there is nothing to balance");
    }
    if (job.controllerEnabled()
        && job.pikachuSpeculator()
        && !job.pikachuPreemptionPolicy()
        && !job.mapSpeculative()
        && !job.reduceSpeculative()) {
      return step(
          AsideReason.SPECULATION_OFF,
          "mapreduce.map.speculative and mapreduce.reduce.speculative are both false, so the AM"
              + " builds no speculator and Pikachu's controller, which lives in it, cannot run. To"
              + " rebalance without speculation, set "
              + PikachuKeys.PREEMPTION_POLICY_CLASS
              + "="
              + PikachuKeys.PIKACHU_PREEMPTION_POLICY
              + " (the AM then hosts the controller there), or keep"
              + " mapreduce.reduce.speculative=true and set "
              + PikachuKeys.SPECULATIVE_MAPS.name()
              + " and "
              + PikachuKeys.SPECULATIVE_REDUCES.name()
              + " to false");
    }
    if (job.mapFailuresMaxPercent() > 0) {
      return step(
          AsideReason.MAP_FAILURES_TOLERATED,
          "mapreduce.map.failures.maxpercent="
              + job.mapFailuresMaxPercent()
              + ": a map that fails for good would take the bins other reducers gave up with it");
    }
    if (job.reduceFailuresMaxPercent() > 0) {
      return step(
          AsideReason.REDUCE_FAILURES_TOLERATED,
          "mapreduce.reduce.failures.maxpercent="
              + job.reduceFailuresMaxPercent()
              + ": a reducer that fails for good would lose every bin it gained, up to P times"
              + " what a stock reducer loses");
    }
    if (!job.controllerEnabled() && !job.forcedRatio()) {
      return step(
          AsideReason.NO_CONTROLLER,
          PikachuKeys.CONTROLLER_ENABLED.name() + "=false: nothing would ever move a bin");
    }
    List<String> sensitive =
        job.outputFormats().stream()
            .filter(job.placementSensitiveFormats()::contains)
            .collect(Collectors.toList());
    if (!sensitive.isEmpty()) {
      return step(
          AsideReason.OUTPUT_PLACEMENT,
          "the job writes "
              + String.join(", ", sensitive)
              + ", whose readers find a key through the job's partitioner, so keys must stay in"
              + " the part file stock Hadoop puts them in ("
              + PikachuKeys.PLACEMENT_SENSITIVE_FORMATS.name()
              + ")");
    }
    String p = job.partitioner();
    if (job.movablePartitioners().contains(p)) {
      return Optional.empty();
    }
    if (HASH_PARTITIONERS.contains(p)) {
      return job.groupingComparator()
          ? step(
              AsideReason.PARTITIONER,
              "the job groups keys with its own comparator over "
                  + p
                  + ", which does not keep a group's keys together under another number of"
                  + " partitions; list a partitioner that does in "
                  + PikachuKeys.MOVABLE_PARTITIONERS.name())
          : Optional.empty();
    }
    if (TOTAL_ORDER_PARTITIONERS.contains(p)) {
      if (!BYTE_ORDERED_KEYS.contains(job.mapOutputKey())) {
        return step(
            AsideReason.KEY_ORDER,
            "total order over "
                + job.mapOutputKey()
                + " keys: Pikachu cuts a total-order partition into key ranges only for keys"
                + " ordered by their bytes ("
                + String.join(
                    ", ", BYTE_ORDERED_KEYS.stream().sorted().collect(Collectors.toList()))
                + ")");
      }
      if (job.sortComparator() || job.groupingComparator()) {
        return step(
            AsideReason.KEY_ORDER,
            "total order with the job's own sort or grouping comparator: a cut by key bytes could"
                + " split what the job's comparators keep together");
      }
      return Optional.empty();
    }
    return step(
        AsideReason.PARTITIONER,
        "partitioner "
            + p
            + " is not known to allow moving keys between reducers; if its partition depends only"
            + " on what the job's grouping keeps together, for any number of partitions, list it in "
            + PikachuKeys.MOVABLE_PARTITIONERS.name());
  }

  private static String named(String plugin) {
    return plugin.isEmpty() ? "(unset: stock's)" : plugin;
  }

  private static Slicing slicing(String partitioner) {
    return TOTAL_ORDER_PARTITIONERS.contains(partitioner) ? Slicing.KEY_RANGE : Slicing.HASH;
  }

  private static Optional<SteppedAside> step(AsideReason why, String detail) {
    return Optional.of(SteppedAside.of(why, detail));
  }
}
