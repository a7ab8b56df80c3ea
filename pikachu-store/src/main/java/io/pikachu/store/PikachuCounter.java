package io.pikachu.store;

import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.Reporter;

/** Per-reducer counters of the bin shuffle, in the counter group {@value #GROUP}. */
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
   * 1 for a reducer of a job Pikachu stepped aside for (see {@code VirtualBinsConfig.rebalancing}):
   * it ran the stock shuffle. The reducer's log says why, and a counter {@code
   * STEPPED_ASIDE_<reason>} of this group names the reason.
   */
  STEPPED_ASIDE;

  public static final String GROUP = "Pikachu";

  public Counters.Counter in(Reporter reporter) {
    return reporter.getCounter(GROUP, name());
  }

  /** Reads this counter from finished job counters (client side). */
  public long valueIn(org.apache.hadoop.mapreduce.Counters counters) {
    return counters.findCounter(GROUP, name()).getValue();
  }
}
