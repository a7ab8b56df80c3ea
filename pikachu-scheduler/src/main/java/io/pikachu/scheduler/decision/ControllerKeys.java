package io.pikachu.scheduler.decision;

import io.pikachu.partitioner.PikachuKeys;

/**
 * Every configuration key the controller reads, with its default, in one place. The Hadoop adapter
 * reads these from the job's Configuration; docs/controller.md describes them for admins. The one
 * key shared with the partitioner, bins per reducer, is the partitioner's constant.
 */
public final class ControllerKeys {

  /** even | tarazu | shuffle-rate | pikachu | fixed. */
  public static final String ESTIMATOR = "pikachu.estimator";

  public static final String DEFAULT_ESTIMATOR = "pikachu";

  /**
   * Partition ratio of the fastest class versus the slowest; required when the estimator is fixed.
   */
  public static final String FIXED_P = "pikachu.fixed.p";

  /**
   * Virtual bins per reducer (10 in the paper); owned by the partitioner, which writes the bins.
   */
  public static final String BINS_PER_REDUCER = PikachuKeys.BINS_PER_REDUCER;

  public static final int DEFAULT_BINS_PER_REDUCER = PikachuKeys.DEFAULT_BINS_PER_REDUCER;
  public static final int MAX_BINS_PER_REDUCER = PikachuKeys.MAX_BINS_PER_REDUCER;

  /**
   * Admin-given node classes, e.g. {@code host1=fast,host2=slow}; unset means classes are measured.
   */
  public static final String NODE_CLASSES = "pikachu.node.classes";

  /**
   * No rebalancing when the largest and smallest P of classes hosting reducers differ by at most 1
   * + this.
   */
  public static final String DEADBAND = "pikachu.deadband";

  public static final double DEFAULT_DEADBAND = 0.1;

  /**
   * Longest wait, from the first reducer report, for the shuffle to stabilise before deciding
   * anyway.
   */
  public static final String MAX_WAIT_MS = "pikachu.stabilisation.max-wait-ms";

  public static final long DEFAULT_MAX_WAIT_MS = 120_000L;

  /**
   * Longest wait, once all maps have finished, for reducers still unmeasured (late starters on slow
   * nodes). Every reducer's final merge waits for the decision, so waiting longer than a couple of
   * report intervals here costs the whole job; reducers still unmeasured then get the reference
   * share (P = 1).
   */
  public static final String AFTER_MAPS_WAIT_MS = "pikachu.stabilisation.after-maps-wait-ms";

  public static final long DEFAULT_AFTER_MAPS_WAIT_MS = 6_000L;

  /**
   * A reducer has caught up when it lags the completed maps by at most max(1, this x completed
   * maps).
   */
  public static final String CAUGHT_UP_TOLERANCE = "pikachu.stabilisation.caught-up-tolerance";

  public static final double DEFAULT_CAUGHT_UP_TOLERANCE = 0.05;

  /** Maps per wave between T_s and T_w; 0 means measured (peak number of maps running at once). */
  public static final String WAVE_MAPS = "pikachu.stabilisation.wave-maps";

  public static final int DEFAULT_WAVE_MAPS = 0;

  /** Upper bound on the number of node classes found automatically. */
  public static final String MAX_CLASSES = "pikachu.classes.max";

  public static final int DEFAULT_MAX_CLASSES = 4;

  /** Neighbouring automatic classes must differ in measured map speed by at least this factor. */
  public static final String MIN_SPEED_RATIO = "pikachu.classes.min-speed-ratio";

  public static final double DEFAULT_MIN_SPEED_RATIO = 1.3;

  private ControllerKeys() {}
}
