package io.pikachu.core.decision.observe;

import java.util.Objects;

/**
 * One status report of one task attempt, as the AM sees it. The adapter fills it from Hadoop's
 * attempt status; it is also one line of a recorded trace (see {@code TraceFile}).
 *
 * @param timeMs when the report was received (AM wall clock, ms)
 * @param attemptId the attempt, opaque (e.g. {@code attempt_..._r_000003_0})
 * @param type map or reduce
 * @param taskIndex the task's index within its type; for reducers the partition number 0..N-1
 * @param node the node id the attempt runs on (host, or host:port on an embedded cluster)
 * @param phase the attempt's phase
 * @param state RUNNING, or the terminal state once the attempt ended
 * @param progress the attempt's overall progress in [0, 1] (for reducers Hadoop's 1/3 shuffle,
 *     sort, reduce)
 * @param mapsCopied reducers: map outputs this attempt has copied; maps: 0
 * @param mapsCompleted maps of the job completed when the report was received
 * @param totalMaps maps of the job
 * @param cpuMs the attempt's cumulative CPU time (Hadoop's CPU_MILLISECONDS counter)
 * @param launchTimeMs when the attempt was launched, or -1 if unknown
 */
public record StatusReport(
    long timeMs,
    String attemptId,
    TaskType type,
    int taskIndex,
    String node,
    TaskPhase phase,
    AttemptState state,
    double progress,
    int mapsCopied,
    int mapsCompleted,
    int totalMaps,
    long cpuMs,
    long launchTimeMs) {

  public StatusReport {
    Objects.requireNonNull(attemptId, "attemptId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(state, "state");
    if (attemptId.isBlank() || node.isBlank()) {
      throw new IllegalArgumentException(
          "status report needs an attempt id and a node: " + attemptId + " on '" + node + "'");
    }
    if (!(progress >= 0.0 && progress <= 1.0)) {
      throw new IllegalArgumentException(
          "progress " + progress + " of " + attemptId + " is outside [0, 1]");
    }
    if (taskIndex < 0 || mapsCopied < 0 || mapsCompleted < 0 || totalMaps < 0 || cpuMs < 0) {
      throw new IllegalArgumentException(
          "negative count in status report of "
              + attemptId
              + ": index="
              + taskIndex
              + " copied="
              + mapsCopied
              + " completed="
              + mapsCompleted
              + " total="
              + totalMaps
              + " cpuMs="
              + cpuMs);
    }
    if (mapsCompleted > totalMaps || mapsCopied > totalMaps) {
      throw new IllegalArgumentException(
          "status report of "
              + attemptId
              + " counts more maps than the job has: "
              + "copied="
              + mapsCopied
              + " completed="
              + mapsCompleted
              + " total="
              + totalMaps);
    }
  }

  /** Map outputs completed but not yet copied by this reducer. */
  public int shuffleLag() {
    return Math.max(0, mapsCompleted - mapsCopied);
  }

  /**
   * A reducer that has copied every map's output: its final merge now waits for a final bin map.
   */
  public boolean copiedEveryMap() {
    return totalMaps > 0 && mapsCopied >= totalMaps;
  }

  public boolean hasLaunchTime() {
    return launchTimeMs >= 0 && launchTimeMs <= timeMs;
  }
}
