package io.pikachu.partitioner;

import io.pikachu.partitioner.map.BinningMapOutputCollector;
import io.pikachu.partitioner.reduce.BinShuffle;
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
    conf.set(PikachuKeys.MAP_OUTPUT_COLLECTOR, BinningMapOutputCollector.class.getName());
    conf.set(PikachuKeys.SHUFFLE_CONSUMER, BinShuffle.class.getName());
  }

  /** True when the job's map outputs are written as virtual bins. */
  public static boolean isEnabled(Configuration conf) {
    return BinningMapOutputCollector.class
        .getName()
        .equals(conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR));
  }

  /** {@value PikachuKeys#BINS_PER_REDUCER}, validated. */
  public static int binsPerReducer(Configuration conf) {
    return parseBinsPerReducer(conf.getTrimmed(PikachuKeys.BINS_PER_REDUCER));
  }

  /**
   * Plain-Java validation of a raw {@value PikachuKeys#BINS_PER_REDUCER} value (null = default).
   */
  public static int parseBinsPerReducer(String raw) {
    if (raw == null || raw.isEmpty()) {
      return PikachuKeys.DEFAULT_BINS_PER_REDUCER;
    }
    int value;
    try {
      value = Integer.parseInt(raw.trim());
    } catch (NumberFormatException e) {
      throw badBins(raw);
    }
    if (value < 1 || value > PikachuKeys.MAX_BINS_PER_REDUCER) {
      throw badBins(raw);
    }
    return value;
  }

  private static IllegalArgumentException badBins(String raw) {
    return new IllegalArgumentException(
        PikachuKeys.BINS_PER_REDUCER
            + " must be an integer in [1, "
            + PikachuKeys.MAX_BINS_PER_REDUCER
            + "], got '"
            + raw
            + "'");
  }

  /** Bins every map writes: bins per reducer x reducers, checked against the global bound. */
  public static int totalBins(Configuration conf) {
    int reducers = conf.getInt(MRJobConfig.NUM_REDUCES, 1);
    long total = (long) binsPerReducer(conf) * reducers;
    if (total > PikachuKeys.MAX_TOTAL_BINS) {
      throw new IllegalArgumentException(
          PikachuKeys.BINS_PER_REDUCER
              + " x "
              + MRJobConfig.NUM_REDUCES
              + " = "
              + total
              + " bins, more than the supported "
              + PikachuKeys.MAX_TOTAL_BINS
              + "; lower "
              + PikachuKeys.BINS_PER_REDUCER);
    }
    return (int) total;
  }

  /**
   * Checks everything that would make a bin job produce wrong output, with a message naming the
   * offending key. Does nothing for jobs that do not use virtual bins.
   */
  public static void validateJob(Configuration conf) {
    String collector = conf.getTrimmed(PikachuKeys.MAP_OUTPUT_COLLECTOR, "");
    String consumer = conf.getTrimmed(PikachuKeys.SHUFFLE_CONSUMER, "");
    boolean binCollector = collector.contains(BinningMapOutputCollector.class.getName());
    boolean binConsumer = consumer.equals(BinShuffle.class.getName());
    if (!binCollector && !binConsumer) {
      return;
    }
    if (binCollector != binConsumer
        || !collector.equals(BinningMapOutputCollector.class.getName())) {
      // A stock reducer reading bin outputs (or the reverse) would silently read the wrong data;
      // a collector list could fall back to the stock buffer after our collector fails.
      throw new IllegalArgumentException(
          "virtual bins need both "
              + PikachuKeys.MAP_OUTPUT_COLLECTOR
              + "="
              + BinningMapOutputCollector.class.getName()
              + " (alone, no fallback list) and "
              + PikachuKeys.SHUFFLE_CONSUMER
              + "="
              + BinShuffle.class.getName()
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
    totalBins(conf);
    pollIntervalMs(conf);
    finalWaitMs(conf);
    if (controllerEnabled(conf)) {
      validateControllerCanRun(conf);
    }
  }

  /**
   * Pikachu's controller lives in the AM's speculator, and the AM builds a speculator only while
   * map or reduce speculation is on. A job that names Pikachu's speculator with both off would have
   * reducers wait for a decision that never comes and finally seal the even map: exact, but
   * silently not what was asked for. (A job with another speculator has its bin maps published by
   * someone else, as in tests, and is left alone.)
   */
  private static void validateControllerCanRun(Configuration conf) {
    boolean pikachuSpeculator =
        conf.getTrimmed(PikachuKeys.SPECULATOR_CLASS, "").equals(PikachuKeys.PIKACHU_SPECULATOR);
    if (pikachuSpeculator
        && !conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, true)
        && !conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, true)) {
      throw new IllegalArgumentException(
          PikachuKeys.CONTROLLER_ENABLED
              + "=true with "
              + PikachuKeys.SPECULATOR_CLASS
              + "="
              + PikachuKeys.PIKACHU_SPECULATOR
              + " needs "
              + MRJobConfig.MAP_SPECULATIVE
              + " or "
              + MRJobConfig.REDUCE_SPECULATIVE
              + " to be true: the AM builds its speculator, and so Pikachu's controller, only then. To run without"
              + " speculation, keep "
              + MRJobConfig.REDUCE_SPECULATIVE
              + "=true and set pikachu.speculative.map and"
              + " pikachu.speculative.reduce to false");
    }
  }

  public static boolean controllerEnabled(Configuration conf) {
    return conf.getBoolean(PikachuKeys.CONTROLLER_ENABLED, false);
  }

  public static long pollIntervalMs(Configuration conf) {
    return positive(conf, PikachuKeys.BINMAP_POLL_MS, PikachuKeys.DEFAULT_BINMAP_POLL_MS);
  }

  public static long finalWaitMs(Configuration conf) {
    return positive(conf, PikachuKeys.FINAL_MAP_WAIT_MS, PikachuKeys.DEFAULT_FINAL_MAP_WAIT_MS);
  }

  private static long positive(Configuration conf, String key, long dflt) {
    long value;
    try {
      value = conf.getLong(key, dflt);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + " must be a positive integer, got '" + conf.get(key) + "'");
    }
    if (value <= 0) {
      throw new IllegalArgumentException(key + " must be a positive integer, got " + value);
    }
    return value;
  }
}
