package io.pikachu.core.decision.observe;

public enum AttemptState {
  RUNNING,
  SUCCEEDED,
  FAILED,
  KILLED;

  public boolean isDead() {
    return this == FAILED || this == KILLED;
  }
}
