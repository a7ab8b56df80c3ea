package io.pikachu.store;

import io.pikachu.core.partitioning.Rebalancing.AsideReason;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.Reporter;

/** Counters of Pikachu's task plugins and AM plugin, in the counter group {@value #GROUP}. */
public enum PikachuCounter {
  /** (map, bin) outputs fetched and kept. */
  BINS_FETCHED,
  /** Bins this reducer gained through bin map changes. */
  BINS_GAINED,
  /** Bins this reducer lost through bin map changes. */
  BINS_DROPPED,
  /** Shuffled bytes of gained bins from maps that had finished before the gain. */
  BYTES_RESHUFFLED,
  /** Shuffled bytes of lost bins that had been fetched and were freed. */
  BYTES_DROPPED,
  /**
   * 1 for each task of a job Pikachu stepped aside for (see {@code VirtualBinsConfig.rebalancing})
   * that ran one of Pikachu's task plugins as stock: each reducer running Pikachu's shuffle
   * consumer, and, where the job's shuffle consumer is not Pikachu's (so no reducer of Pikachu's
   * runs to count), each map running Pikachu's collector. The task's log says why, and a counter
   * {@code STEPPED_ASIDE_<reason>} of this group names the reason.
   */
  STEPPED_ASIDE,
  /** Names in Pikachu's namespace that are no key of this version, warned of and ignored. */
  UNKNOWN_KEYS;

  public static final String GROUP = "Pikachu";

  /** Counts one task that stepped aside for {@code why}: {@link #STEPPED_ASIDE} and its reason. */
  public static void countSteppedAside(Reporter reporter, AsideReason why) {
    STEPPED_ASIDE.in(reporter).increment(1);
    reporter.getCounter(GROUP, why.counterName()).increment(1);
  }

  public Counters.Counter in(Reporter reporter) {
    return reporter.getCounter(GROUP, name());
  }

  /** Reads this counter from finished job counters (client side). */
  public long valueIn(org.apache.hadoop.mapreduce.Counters counters) {
    return counters.findCounter(GROUP, name()).getValue();
  }
}
