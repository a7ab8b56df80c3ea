package io.pikachu.core.decision;

/** What a published version of a job's bin map is. */
public enum DecisionStage {
  /** The one decision of a one-shot estimator: final when published. */
  FINAL,
  /**
   * The two-stage controller's map at reducer placement, from the reducers' node capacity: reducers
   * fetch by it, but a correction may follow once the shuffle is measured.
   */
  PROVISIONAL,
  /** The measured ratios agreed with the provisional ones: the provisional map, made final. */
  CONFIRMED,
  /** The measured ratios disagreed beyond the dead band: a corrected map, final. */
  CORRECTED
}
