package io.pikachu.core.decision.observe;

import java.util.Collections;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/** The reports of one attempt, kept in time order whatever order they arrived in. */
public final class AttemptHistory {

  private final String attemptId;
  private final TaskType type;
  private final int taskIndex;
  private final String node;
  private final TreeMap<Long, StatusReport> samples = new TreeMap<>();
  private long launchTimeMs = -1;
  private boolean dead;

  AttemptHistory(StatusReport first) {
    this.attemptId = first.attemptId();
    this.type = first.type();
    this.taskIndex = first.taskIndex();
    this.node = first.node();
  }

  void add(StatusReport r) {
    if (r.type() != type || r.taskIndex() != taskIndex || !r.node().equals(node)) {
      throw new IllegalArgumentException(
          "attempt "
              + attemptId
              + " was first reported as "
              + type
              + " "
              + taskIndex
              + " on "
              + node
              + " but now as "
              + r.type()
              + " "
              + r.taskIndex()
              + " on "
              + r.node());
    }
    samples.put(r.timeMs(), r);
    if (r.hasLaunchTime()) {
      launchTimeMs = launchTimeMs < 0 ? r.launchTimeMs() : Math.min(launchTimeMs, r.launchTimeMs());
    }
    dead |= r.state().isDead();
  }

  public String attemptId() {
    return attemptId;
  }

  public TaskType type() {
    return type;
  }

  public int taskIndex() {
    return taskIndex;
  }

  public String node() {
    return node;
  }

  /** Failed or killed: its measurements no longer describe a running task. */
  public boolean isDead() {
    return dead;
  }

  /** Launch time if some report carried it, else the first report's time. */
  public long startMs() {
    return launchTimeMs >= 0 ? launchTimeMs : first().timeMs();
  }

  public boolean hasLaunchTime() {
    return launchTimeMs >= 0;
  }

  public StatusReport first() {
    return samples.firstEntry().getValue();
  }

  public StatusReport last() {
    return samples.lastEntry().getValue();
  }

  public Optional<StatusReport> atOrBefore(long timeMs) {
    return Optional.ofNullable(samples.floorEntry(timeMs)).map(java.util.Map.Entry::getValue);
  }

  public NavigableMap<Long, StatusReport> samples() {
    return Collections.unmodifiableNavigableMap(samples);
  }
}
