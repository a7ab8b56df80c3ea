package io.pikachu.core.decision.timing;

/** Why the controller decided when it did. */
public enum DecisionReason {
  /** T_s and T_w were both observed: the normal D3 / D3' decision. */
  STABILISED,
  /**
   * Estimators that need no shuffle measurement (even, tarazu, fixed) decide once every reducer has
   * started.
   */
  REDUCERS_PLACED,
  /**
   * Every reducer runs on the same node or node class, so no ratio between classes exists; the map
   * stays even.
   */
  SINGLE_CLASS,
  /**
   * Fallback: all maps finished before T_w (or T_s) was seen; decided on what had been measured.
   */
  ALL_MAPS_DONE,
  /**
   * Fallback: the wait of pikachu.stabilisation.max-wait-ms ran out; decided on what had been
   * measured.
   */
  TIMEOUT
}
