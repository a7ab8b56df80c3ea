package io.pikachu.store;

import io.pikachu.core.partitioning.Rebalancing;

/**
 * How one task writes or reads its job's map outputs: stock partitions or bins, and with bins how
 * many per reducer. Every task of a job must see the same answer, so it comes from the layout the
 * AM wrote before any task ran, where there is one ({@link JobLayoutStore#forTask}).
 */
public final class TaskLayout {

  private final Rebalancing rebalancing;
  private final int binsPerReducer;

  TaskLayout(Rebalancing rebalancing, int binsPerReducer) {
    this.rebalancing = rebalancing;
    this.binsPerReducer = binsPerReducer;
  }

  public Rebalancing rebalancing() {
    return rebalancing;
  }

  /** Bins per reducer; meaningful only when {@link #rebalancing()} is enabled. */
  public int binsPerReducer() {
    return binsPerReducer;
  }

  /** Bins every map writes, checked against the supported bound. */
  public int totalBins(int reducers) {
    return VirtualBinsConfig.totalBins(reducers, binsPerReducer);
  }
}
