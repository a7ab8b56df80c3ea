package io.pikachu.scheduler.decision.observe;

public enum TaskType {
  MAP,
  REDUCE
}
