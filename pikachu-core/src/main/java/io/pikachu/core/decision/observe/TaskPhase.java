package io.pikachu.core.decision.observe;

/** The phases Hadoop reports for a task attempt (same names as Hadoop's TaskStatus.Phase). */
public enum TaskPhase {
  STARTING,
  MAP,
  SHUFFLE,
  SORT,
  REDUCE,
  CLEANUP
}
