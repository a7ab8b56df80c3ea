package io.pikachu.core.decision.observe;

public enum TaskType {
  MAP,
  REDUCE
}
