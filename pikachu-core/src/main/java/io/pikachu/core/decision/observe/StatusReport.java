package io.pikachu.core.decision.observe;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.value.ValueType;
import java.util.Objects;
import org.immutables.value.Value;

/**
 * One status report of one task attempt, as the AM sees it. The adapter fills it from Hadoop's
 * attempt status; it is also one line of a recorded trace (see {@code TraceFile}).
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code timeMs}: when the report was received (AM wall clock, ms)
 *   <li>{@code attemptId}: the attempt, opaque (e.g. {@code attempt_..._r_000003_0})
 *   <li>{@code type}: map or reduce
 *   <li>{@code taskIndex}: the task's index within its type; for reducers the partition number
 *       0..N-1
 *   <li>{@code node}: the node id the attempt runs on (host, or host:port on an embedded cluster)
 *   <li>{@code phase}: the attempt's phase
 *   <li>{@code state}: RUNNING, or the terminal state once the attempt ended
 *   <li>{@code progress}: the attempt's overall progress in [0, 1] (for reducers Hadoop's 1/3
 *       shuffle, sort, reduce)
 *   <li>{@code mapsCopied}: reducers: map outputs this attempt has copied; maps: 0
 *   <li>{@code mapsCompleted}: maps of the job completed when the report was received
 *   <li>{@code totalMaps}: maps of the job
 *   <li>{@code cpuMs}: the attempt's cumulative CPU time (Hadoop's CPU_MILLISECONDS counter)
 *   <li>{@code launchTimeMs}: when the attempt was launched, or -1 if unknown
 *   <li>{@code binBytes}: what a reducer reported of its bins' bytes, or a map of every bin's bytes
 *       in its output
 *   <li>{@code mergeBufferBytes}: reducers: the bytes of map output the reducer can hold and merge
 *       in memory; what it holds beyond them is written to disk and merged once more. 0 where not
 *       known (every report of the AM adapter today, and traces)
 * </ul>
 */
@ValueType
@Value.Immutable
@JsonSerialize(as = ImmutableStatusReport.class)
@JsonDeserialize(as = ImmutableStatusReport.class)
public abstract class StatusReport {

  public abstract long timeMs();

  public abstract String attemptId();

  public abstract TaskType type();

  public abstract int taskIndex();

  public abstract String node();

  public abstract TaskPhase phase();

  public abstract AttemptState state();

  public abstract double progress();

  public abstract int mapsCopied();

  public abstract int mapsCompleted();

  public abstract int totalMaps();

  public abstract long cpuMs();

  public abstract long launchTimeMs();

  /**
   * The bin sizes in the attempt's status: a reducer's ({@link
   * io.pikachu.core.binmap.BinBytesReport}), or a map's in its final status ({@link
   * io.pikachu.core.binmap.MapBinBytesReport}); empty otherwise, and in traces recorded before
   * tasks sent them.
   */
  @Value.Default
  @Value.Parameter(false)
  public String binBytes() {
    return "";
  }

  /**
   * Reducers: the bytes of map output the reducer's in-memory merge can hold, 0 where not known
   * (rule {@code merge-beyond-memory}, docs/controller.md section 6).
   */
  @Value.Default
  @Value.Parameter(false)
  public long mergeBufferBytes() {
    return 0L;
  }

  /** This report with {@code bytes} as the reducer's in-memory merge buffer. */
  public StatusReport withMergeBufferBytes(long bytes) {
    return ImmutableStatusReport.copyOf(this).withMergeBufferBytes(bytes);
  }

  /** This report with {@code report} as its bin sizes. */
  public StatusReport withBinBytes(String report) {
    return ImmutableStatusReport.copyOf(this).withBinBytes(report);
  }

  public static StatusReport of(
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
    return ImmutableStatusReport.of(
        timeMs,
        attemptId,
        type,
        taskIndex,
        node,
        phase,
        state,
        progress,
        mapsCopied,
        mapsCompleted,
        totalMaps,
        cpuMs,
        launchTimeMs);
  }

  @Value.Check
  protected void check() {
    String attemptId = attemptId();
    TaskType type = type();
    int taskIndex = taskIndex();
    String node = node();
    TaskPhase phase = phase();
    AttemptState state = state();
    double progress = progress();
    int mapsCopied = mapsCopied();
    int mapsCompleted = mapsCompleted();
    int totalMaps = totalMaps();
    long cpuMs = cpuMs();

    Objects.requireNonNull(attemptId, "attemptId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(phase, "phase");
    Objects.requireNonNull(state, "state");
    if (attemptId.trim().isEmpty() || node.trim().isEmpty()) {
      throw new IllegalArgumentException(
          "status report needs an attempt id and a node: " + attemptId + " on '" + node + "'");
    }
    if (!(progress >= 0.0 && progress <= 1.0)) {
      throw new IllegalArgumentException(
          "progress " + progress + " of " + attemptId + " is outside [0, 1]");
    }
    if (taskIndex < 0
        || mapsCopied < 0
        || mapsCompleted < 0
        || totalMaps < 0
        || cpuMs < 0
        || mergeBufferBytes() < 0) {
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
    return Math.max(0, mapsCompleted() - mapsCopied());
  }

  /**
   * A reducer that has copied every map's output: its final merge now waits for a final bin map.
   */
  public boolean copiedEveryMap() {
    return totalMaps() > 0 && mapsCopied() >= totalMaps();
  }

  public boolean hasLaunchTime() {
    return launchTimeMs() >= 0 && launchTimeMs() <= timeMs();
  }
}
