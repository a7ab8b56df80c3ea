package io.pikachu.core.config;

import static io.pikachu.core.config.Parsers.classNames;
import static io.pikachu.core.config.Parsers.doubleAbove;
import static io.pikachu.core.config.Parsers.doubleAtLeast;
import static io.pikachu.core.config.Parsers.fraction;
import static io.pikachu.core.config.Parsers.intBetween;
import static io.pikachu.core.config.Parsers.longAtLeast;
import static io.pikachu.core.config.Parsers.strictBoolean;
import static io.pikachu.core.config.Parsers.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every {@code pikachu.*} configuration key, with its default and its check, in one place; the
 * Hadoop keys Pikachu sets are named at the end. Names follow one style, {@code
 * pikachu.<area>.<setting>}: lower case, the words of a setting joined by hyphens, times in {@code
 * -ms}, as Hadoop's newer keys are ({@code mapreduce.reduce.shuffle.fetch.retry.interval-ms}); the
 * names of earlier versions still read, with a deprecation warning ({@link Key#formerNames()}). The
 * admin guide's key table is checked against {@link #ALL} by a test.
 *
 * <p>Long on purpose: it is the registry of every key.
 */
public final class PikachuKeys {
  private PikachuKeys() {}

  // ---- virtual bins (task side) ----

  /** Upper bound: each bin costs an index record and an IFile header in every map output. */
  public static final int MAX_BINS_PER_REDUCER = 1000;

  /** Upper bound on bins per job, for the same reason. */
  public static final int MAX_TOTAL_BINS = 1_000_000;

  public static final Key<Integer> BINS_PER_REDUCER =
      new Key<>(
              "pikachu.bins.per-reducer",
              "10",
              intBetween(1, MAX_BINS_PER_REDUCER),
              "virtual bins per reducer; each map writes this times the reducers partitions (wide"
                  + " jobs fewer: above 10,000 bins per map it shrinks to 10,000 / reducers, never"
                  + " below 2; section 10 of the admin guide)")
          .formerly("pikachu.bins.per.reducer");

  public static final Key<Boolean> ENABLED =
      new Key<>(
          "pikachu.enabled",
          "true",
          strictBoolean(),
          "per job: false gives exact stock behaviour (stock map output, stock shuffle, no"
              + " controller) on a cluster where an admin switched Pikachu on");

  public static final Key<Boolean> CONTROLLER_ENABLED =
      new Key<>(
          "pikachu.controller.enabled",
          "false",
          strictBoolean(),
          "the AM plugin decides bin maps while the job runs; reducers wait for the final one"
              + " before their final merge. False: Pikachu steps aside (stock map output and"
              + " shuffle) unless a test hook forces a change");

  public static final Key<String> BINMAP_DIR =
      new Key<>(
          "pikachu.binmap.dir",
          null,
          text(),
          "base directory of published bin maps, one subdirectory per job id; unset:"
              + " ${mapreduce.job.dir}/pikachu-binmap");

  /** The node profile's directory name under a user's staging directory. */
  public static final String PROFILE_DIR_NAME = "pikachu-profile";

  /** The bin-map directory's name under the job's staging directory. */
  public static final String BINMAP_DIR_NAME = "pikachu-binmap";

  public static final Key<Long> BINMAP_POLL_MS =
      new Key<>(
              "pikachu.binmap.poll-interval-ms",
              "1000",
              longAtLeast(1),
              "how often a reducer polls for a new bin map")
          .formerly("pikachu.binmap.poll.interval.ms");

  public static final Key<Long> FINAL_POLL_MS =
      new Key<>(
              "pikachu.binmap.final-poll-interval-ms",
              "200",
              longAtLeast(1),
              "how often a reducer that has fetched all its bins looks for the final map, while its"
                  + " final merge waits for it (one read of the sealed map's file each time)")
          .formerly("pikachu.binmap.final.poll.interval.ms");

  public static final Key<Long> MAX_POLL_MS =
      new Key<>(
          "pikachu.binmap.max-poll-interval-ms",
          "30000",
          longAtLeast(1),
          "the longest a reducer's interval between reads of the bin-map store grows to while no"
              + " new map appears (it doubles after each read that finds nothing new and falls back"
              + " to the poll interval when one does): a bound on how late a reducer sees a"
              + " correction, against the store's load at thousands of reducers");

  public static final Key<Long> FINAL_MAP_WAIT_MS =
      new Key<>(
              "pikachu.binmap.final-wait-ms",
              "300000",
              longAtLeast(1),
              "how long a reducer that has fetched all its bins waits for a final map (the time"
                  + " restarts with each new map) before it seals the map it has (first sealer wins,"
                  + " so all reducers still agree), and how long its reads of the store may fail in a row"
                  + " before the reducer fails")
          .formerly("pikachu.binmap.final.wait.ms");

  public static final Key<List<String>> MOVABLE_PARTITIONERS =
      new Key<>(
          "pikachu.partitioner.movable",
          "",
          classNames(),
          "partitioner classes (comma-separated) whose keys Pikachu may move between reducers,"
              + " besides Hadoop's hash and total-order partitioners: list one only if its"
              + " partition depends on nothing the job's grouping could split, for any number of"
              + " partitions. Jobs with other partitioners run as stock");

  public static final Key<List<String>> PLACEMENT_SENSITIVE_FORMATS =
      new Key<>(
          "pikachu.output.placement-sensitive",
          "org.apache.hadoop.mapreduce.lib.output.MapFileOutputFormat,"
              + "org.apache.hadoop.mapred.MapFileOutputFormat",
          classNames(),
          "output format classes whose readers find a key through the job's partitioner; jobs"
              + " that write one run as stock");

  // ---- the controller (AM side) ----

  public static final Key<Boolean> ALLOCATE_BY_BYTES =
      new Key<>(
          "pikachu.allocation.by-bytes",
          "true",
          strictBoolean(),
          "the correction gives each reducer bins whose bytes match its share (its P over the sum),"
              + " from the bin sizes the maps report at their end and the reducers as they fetch, so"
              + " that skewed keys do not unbalance it; false: equation 2.2 on bin counts, every bin"
              + " taken to hold the same bytes");

  public static final Key<Boolean> BYTES_WAIT =
      new Key<>(
          "pikachu.allocation.bytes-wait",
          "true",
          strictBoolean(),
          "on several node classes, a correction that the measured ratios alone would not make"
              + " waits for the bin sizes (every bin seen from a quarter of the maps) while no"
              + " reducer waits for it, so that skewed keys are rebalanced by bytes; false: the"
              + " correction is taken when the shuffle stabilises, by counts if the sizes are not"
              + " known yet");

  public static final Key<Boolean> SKEW_EXPECTED =
      new Key<>(
          "pikachu.skew.expected",
          null,
          strictBoolean(),
          "per job: true keeps bins on nodes of one class, so that a job with skewed keys is"
              + " rebalanced by bytes; false gives such a job no bins; unset: the node profile"
              + " decides, from what earlier jobs of the same work measured");

  public static final Key<Estimator> ESTIMATOR =
      new Key<>(
          "pikachu.estimator",
          Estimator.TWO_STAGE.configValue(),
          (key, v) -> {
            try {
              return Estimator.fromConfigValue(v);
            } catch (IllegalArgumentException e) {
              throw new ConfigException(key, v, e.getMessage());
            }
          },
          "how P is estimated: " + Estimator.names());

  public static final Key<Double> FIXED_P =
      new Key<>(
              "pikachu.estimator.fixed-p",
              null,
              doubleAbove(0),
              "partition ratio of the fastest class against the slowest; required by the fixed"
                  + " estimator")
          .formerly("pikachu.fixed.p");

  public static final Key<String> NODE_CLASSES =
      new Key<>(
              "pikachu.classes.map",
              null,
              text(),
              "admin-given node classes, e.g. host1=fast,host2=slow; unset: classes are measured")
          .formerly("pikachu.node.classes");

  public static final Key<Double> DEADBAND =
      new Key<>(
              "pikachu.controller.deadband",
              "0.1",
              doubleAtLeast(0.0),
              "no rebalancing when the ratios of the classes hosting reducers differ by at most 1 +"
                  + " this")
          .formerly("pikachu.deadband");

  public static final Key<Long> MAX_WAIT_MS =
      new Key<>(
          "pikachu.stabilisation.max-wait-ms",
          "120000",
          longAtLeast(1),
          "longest wait, from the first reducer's start, for the shuffle to stabilise");

  public static final Key<Long> AFTER_MAPS_WAIT_MS =
      new Key<>(
          "pikachu.stabilisation.after-maps-wait-ms",
          "6000",
          longAtLeast(0),
          "longest wait, once all maps have finished, for reducers still unmeasured");

  public static final Key<Double> CAUGHT_UP_TOLERANCE =
      new Key<>(
          "pikachu.stabilisation.caught-up-tolerance",
          "0.05",
          fraction(0.0, 1.0, "must be at least 0 and below 1 (a fraction of the completed maps)"),
          "a reducer has caught up when it lags the completed maps by at most max(1, this x"
              + " completed maps)");

  public static final Key<Integer> WAVE_MAPS =
      new Key<>(
          "pikachu.stabilisation.wave-maps",
          "0",
          intBetween(0, Integer.MAX_VALUE),
          "maps per wave between T_s and T_w; 0: measured (most maps running at once)");

  public static final Key<Integer> MAX_CLASSES =
      new Key<>(
          "pikachu.classes.max",
          "4",
          intBetween(1, Integer.MAX_VALUE),
          "upper bound on the number of node classes found automatically");

  public static final Key<Double> MIN_SPEED_RATIO =
      new Key<>(
          "pikachu.classes.min-speed-ratio",
          "1.3",
          doubleAbove(1.0),
          "neighbouring automatic classes differ in measured map speed by at least this factor");

  // ---- the AM adapter ----

  public static final Key<String> DECISION_DIR =
      new Key<>(
          "pikachu.decision.dir",
          null,
          text(),
          "directory (any Hadoop file system) that receives <job id>.decision.json and outlives"
              + " the job");

  public static final Key<String> TRACE_DIR =
      new Key<>(
          "pikachu.trace.dir",
          null,
          text(),
          "directory that receives <job id>-am<attempt>.jsonl: every status report, for replay");

  // ---- the node profile (AM side) ----

  public static final Key<Boolean> PROFILE_ENABLED =
      new Key<>(
          "pikachu.profile.enabled",
          "true",
          strictBoolean(),
          "the AM reads the node profile when the job starts (a provisional bin map at reducer"
              + " placement; no bins when the profile's nodes are all of one class) and adds what"
              + " the job measured of its nodes when it ends");

  public static final Key<String> PROFILE_DIR =
      new Key<>(
          "pikachu.profile.dir",
          null,
          text(),
          "directory (any Hadoop file system) of the node profile, the job user's alone: one that"
              + " another user owns or that group or others may write is refused with a warning,"
              + " and the job measures every node itself. Unset:"
              + " ${yarn.app.mapreduce.am.staging-dir}/<user>/"
              + PROFILE_DIR_NAME
              + ", one profile per user");

  public static final Key<Long> PROFILE_MAX_AGE_MS =
      new Key<>(
          "pikachu.profile.max-age-ms",
          "604800000",
          longAtLeast(1),
          "a node's measurements older than this are forgotten (default: 7 days)");

  public static final Key<Long> INTERVAL_MS =
      new Key<>(
              "pikachu.controller.interval-ms",
              "1000",
              longAtLeast(1),
              "how often the controller is polled and pending files are written")
          .formerly("pikachu.controller.interval.ms");

  public static final Key<Boolean> ONE_ATTEMPT_PER_MAP =
      new Key<>(
          "pikachu.shuffle.one-attempt-per-map",
          "false",
          strictBoolean(),
          "for jobs whose maps are not deterministic: a reducer keeps one attempt's outputs of"
              + " each map, as stock does per part file, and if a map re-runs after the reducer"
              + " fetched some of its bins, the reducer attempt fails and Hadoop re-runs it rather"
              + " than mix two attempts in one part file; false: maps are taken to be"
              + " deterministic, as Hadoop's re-execution takes them");

  public static final Key<Boolean> SPECULATIVE_MAPS =
      new Key<>(
          "pikachu.speculative.map",
          null,
          strictBoolean(),
          "speculative map attempts the plugin may launch; unset: mapreduce.map.speculative");

  public static final Key<Boolean> SPECULATIVE_MAPS_BY_NODE_SPEED =
      new Key<>(
          "pikachu.speculative.map.by-node-speed",
          "true",
          strictBoolean(),
          "where the controller has found classes of nodes, Hadoop's speculator judges a map copy"
              + " by the fastest class's map time and a slow node's map by its class's speed (rule"
              + " map-copy-by-node-speed); Hadoop's caps and mapreduce.map.speculative still apply");

  public static final Key<Boolean> SPECULATIVE_REDUCES =
      new Key<>(
          "pikachu.speculative.reduce",
          null,
          strictBoolean(),
          "speculative reduce attempts the plugin may launch; unset: mapreduce.reduce.speculative");

  /** Name of the decision record in the job's staging directory ({@code mapreduce.job.dir}). */
  public static final String STAGING_RECORD_NAME = "pikachu-decision.json";

  /** Every Pikachu key, in the order of the admin guide. */
  public static final List<Key<?>> ALL =
      Collections.unmodifiableList(
          Arrays.asList(
              ENABLED,
              BINS_PER_REDUCER,
              CONTROLLER_ENABLED,
              BINMAP_DIR,
              BINMAP_POLL_MS,
              FINAL_POLL_MS,
              FINAL_MAP_WAIT_MS,
              MAX_POLL_MS,
              ONE_ATTEMPT_PER_MAP,
              MOVABLE_PARTITIONERS,
              PLACEMENT_SENSITIVE_FORMATS,
              ALLOCATE_BY_BYTES,
              BYTES_WAIT,
              SKEW_EXPECTED,
              ESTIMATOR,
              FIXED_P,
              NODE_CLASSES,
              DEADBAND,
              MAX_WAIT_MS,
              AFTER_MAPS_WAIT_MS,
              CAUGHT_UP_TOLERANCE,
              WAVE_MAPS,
              MAX_CLASSES,
              MIN_SPEED_RATIO,
              DECISION_DIR,
              TRACE_DIR,
              PROFILE_ENABLED,
              PROFILE_DIR,
              PROFILE_MAX_AGE_MS,
              INTERVAL_MS,
              SPECULATIVE_MAPS,
              SPECULATIVE_MAPS_BY_NODE_SPEED,
              SPECULATIVE_REDUCES));

  /** The key named {@code name}, now or formerly, if Pikachu has one. */
  public static Optional<Key<?>> byName(String name) {
    return ALL.stream()
        .filter(k -> k.name().equals(name) || k.formerNames().contains(name))
        .findFirst();
  }

  /** Every name of Pikachu's keys starts with this. */
  public static final String PREFIX = "pikachu.";

  /**
   * Names under this prefix are test and sweep hooks ({@code io.pikachu.core.config.TestHookKeys}),
   * not part of the configuration an admin sets.
   */
  public static final String TEST_PREFIX = "pikachu.test.";

  /**
   * The names in Pikachu's namespace that are no Pikachu key (test hooks' names aside), each as a
   * warning naming it and the known key nearest to it: a misspelt key is otherwise silently
   * ignored.
   *
   * @param settings a job's settings (all of them, or those in Pikachu's namespace)
   */
  public static List<String> unknownKeys(Map<String, String> settings) {
    List<String> unknown = new ArrayList<>();
    for (String name : new TreeMap<>(settings).keySet()) {
      if (name.startsWith(PREFIX) && !name.startsWith(TEST_PREFIX) && !byName(name).isPresent()) {
        unknown.add(
            "unknown key "
                + name
                + nearest(name).map(k -> " (did you mean " + k + "?)").orElse("")
                + ": no such key in this version of Pikachu");
      }
    }
    return unknown;
  }

  /**
   * For tools that take keys on their command line, where a typo is an error: refuses a name in
   * Pikachu's namespace that is no Pikachu key.
   *
   * @throws ConfigException naming the first unknown key, and the known key nearest to it
   */
  public static void checkKnown(Map<String, String> settings) {
    for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
      String name = e.getKey();
      if (!unknownKeys(Collections.singletonMap(name, e.getValue())).isEmpty()) {
        throw new ConfigException(
            name,
            e.getValue(),
            "no such Pikachu key" + nearest(name).map(k -> "; did you mean " + k + "?").orElse(""));
      }
    }
  }

  private static Optional<String> nearest(String name) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (Key<?> k : ALL) {
      int d = editDistance(name, k.name());
      if (d < bestDistance) {
        best = k.name();
        bestDistance = d;
      }
    }
    // a suggestion further than a few typos away would mislead more than help
    return bestDistance <= 3 ? Optional.of(best) : Optional.empty();
  }

  private static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitute = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(substitute, Math.min(prev[j], cur[j - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  // ---- Hadoop's keys that Pikachu sets ----

  /** The Hadoop keys that switch the two task-side plugins on. Both must name Pikachu's class. */
  public static final String MAP_OUTPUT_COLLECTOR = "mapreduce.job.map.output.collector.class";

  public static final String SHUFFLE_CONSUMER =
      "mapreduce.job.reduce.shuffle.consumer.plugin.class";

  /** Hadoop's key naming the AM's speculator, which hosts Pikachu's controller. */
  public static final String SPECULATOR_CLASS = "yarn.app.mapreduce.am.job.speculator.class";

  /** Pikachu's plugin classes, named as text: no module needs another's classes to name them. */
  public static final String BIN_COLLECTOR_CLASS = "io.pikachu.task.map.BinningMapOutputCollector";

  public static final String BIN_SHUFFLE_CLASS = "io.pikachu.task.reduce.BinShuffle";

  public static final String PIKACHU_SPECULATOR = "io.pikachu.am.PikachuSpeculator";

  /**
   * Hadoop's key naming the AM's preemption policy, which the AM builds whatever the speculation
   * keys say: Pikachu's hosts the controller where the AM builds no speculator of Pikachu's.
   */
  public static final String PREEMPTION_POLICY_CLASS = "yarn.app.mapreduce.am.preemption.policy";

  public static final String PIKACHU_PREEMPTION_POLICY = "io.pikachu.am.PikachuPreemptionPolicy";
}
