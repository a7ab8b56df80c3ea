package io.pikachu.netmodels.traffic;

/** Flows in order of start time, produced one at a time (a workload need not fit in memory). */
public interface FlowSequence {
  /** The next flow, or null when there are no more. */
  FlowSpec next();
}
