package io.pikachu.partitioner;

import io.pikachu.core.config.PikachuKeys;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
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
    finalWaitMs(conf);
  }

  public static boolean controllerEnabled(Configuration conf) {
    return PikachuKeys.CONTROLLER_ENABLED.get(conf::get);
  }

  /**
   * Why this job must keep the even bin map whatever the controller would decide, if it must: the
   * one rule that the AM (which then does not decide) and the reducers (which then do not wait for
   * a decision) both apply, so that they cannot disagree.
   *
   * <p>Pikachu's controller lives in the AM's speculator, which the AM builds only while map or
   * reduce speculation is on; with both off, reducers would wait for a decision that never comes.
   * Such jobs are common and run fine under stock Hadoop, so they run promptly with the even map
   * rather than being refused. (A job with another speculator has its bin maps published by someone
   * else, as in the cluster tests, and is left alone.)
   *
   * <p>With {@code mapreduce.map.failures.maxpercent} above 0 the job survives a map that fails for
   * good. A reducer that gave a bin away has dropped that map's share of it, and the reducer that
   * gained the bin can no longer fetch it: records stock Hadoop keeps would be lost.
   */
  public static Optional<String> evenMapRequired(Configuration conf) {
    boolean pikachuSpeculator =
        conf.getTrimmed(PikachuKeys.SPECULATOR_CLASS, "").equals(PikachuKeys.PIKACHU_SPECULATOR);
    if (controllerEnabled(conf)
        && pikachuSpeculator
        && !conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, true)
        && !conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, true)) {
      return Optional.of(
          MRJobConfig.MAP_SPECULATIVE
              + " and "
              + MRJobConfig.REDUCE_SPECULATIVE
              + " are both false, so the AM builds no speculator and Pikachu's controller, which"
              + " lives in it, cannot run: the even bin map is kept. To rebalance without"
              + " speculation, keep "
              + MRJobConfig.REDUCE_SPECULATIVE
              + "=true and set "
              + PikachuKeys.SPECULATIVE_MAPS.name()
              + " and "
              + PikachuKeys.SPECULATIVE_REDUCES.name()
              + " to false");
    }
    int tolerated = conf.getInt(MRJobConfig.MAP_FAILURES_MAX_PERCENT, 0);
    if (tolerated > 0) {
      return Optional.of(
          MRJobConfig.MAP_FAILURES_MAX_PERCENT
              + "="
              + tolerated
              + ": a map that fails for good would take the bins other reducers gave up with it,"
              + " so the even bin map is kept");
    }
    return Optional.empty();
  }

  public static long pollIntervalMs(Configuration conf) {
    return PikachuKeys.BINMAP_POLL_MS.get(conf::get);
  }

  public static long finalWaitMs(Configuration conf) {
    return PikachuKeys.FINAL_MAP_WAIT_MS.get(conf::get);
  }
}
