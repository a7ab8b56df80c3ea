package io.pikachu.core.partitioning;

/**
 * How each of the job's own partitions is cut into {@code binsPerReducer} virtual bins, and so how
 * bins may move between reducers.
 */
public enum Slicing {
  /**
   * Bins are hash slices: the job's partitioner evaluated over {@code reducers x binsPerReducer}
   * partitions picks the slice. Keys with one partition under that finer partitioner stay together,
   * and any bin may go to any reducer, so a change moves the fewest bins.
   */
  HASH(false),
  /**
   * Bins are key ranges between the job's total-order split points, in key order, so reducers must
   * keep contiguous bin ranges in reducer order for the part files to stay globally sorted.
   */
  KEY_RANGE(true);

  private final boolean keepsOrder;

  Slicing(boolean keepsOrder) {
    this.keepsOrder = keepsOrder;
  }

  /** Bin maps must be contiguous ranges in reducer order. */
  public boolean keepsOrder() {
    return keepsOrder;
  }
}
