package io.pikachu.am;

import io.pikachu.core.binmap.BinBytesReport;
import io.pikachu.core.binmap.MapBinBytesReport;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import io.pikachu.core.decision.observe.TaskType;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.v2.api.records.Phase;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.job.Task;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.apache.hadoop.yarn.api.records.NodeId;

/**
 * Turns one of Hadoop's attempt status reports, as the AM passes it to its speculator, into the
 * controller's {@link StatusReport}. The job gives what the report lacks: the attempt's node and
 * launch time, its current state, and the job's completed and total maps.
 */
final class StatusTranslator {

  private StatusTranslator() {}

  /**
   * Empty when the report cannot be placed: an unknown task or attempt, or an attempt without a
   * node yet.
   */
  static Optional<StatusReport> translate(TaskAttemptStatus status, long timeMs, Job job) {
    if (status == null || status.id == null || job == null) {
      return Optional.empty();
    }
    TaskAttemptId id = status.id;
    Task task = job.getTask(id.getTaskId());
    TaskAttempt attempt = task == null ? null : task.getAttempt(id);
    if (attempt == null) {
      return Optional.empty();
    }
    NodeId node = attempt.getNodeId();
    if (node == null) {
      return Optional.empty();
    }
    TaskType type = type(id);
    // The AM re-sends the last status on success without updating its state, so the attempt is
    // asked.
    AttemptState state = state(attempt.getState() != null ? attempt.getState() : status.taskState);
    TaskPhase phase = phase(status.phase);
    double progress = clamp(status.progress);
    int totalMaps = job.getTotalMaps();
    int completed = Math.min(totalMaps, Math.max(0, job.getCompletedMaps()));
    int copied =
        type == TaskType.MAP
            ? 0
            : ShuffleProgress.mapsCopied(
                phase, state == AttemptState.SUCCEEDED, status.stateString, progress, totalMaps);
    long launch = attempt.getLaunchTime();
    return Optional.of(
        StatusReport.of(
                timeMs,
                id.toString(),
                type,
                id.getTaskId().getId(),
                node.toString(),
                phase,
                state,
                progress,
                copied,
                completed,
                totalMaps,
                cpuMs(status),
                launch > 0 && launch <= timeMs ? launch : -1)
            .withBinBytes(
                type == TaskType.REDUCE
                    ? binBytes(status.stateString)
                    : MapBinBytesReport.excerpt(status.stateString)));
  }

  /**
   * The bin-size report at the end of a reducer's status string, or "". A map's is in its final
   * status ({@link MapBinBytesReport}).
   */
  static String binBytes(String stateString) {
    return BinBytesReport.tail(stateString);
  }

  /**
   * A report for an attempt at its launch, before its first status update: by then it had read or
   * copied nothing and used no CPU. Empty if the attempt has no node or launch time, or is not
   * running.
   *
   * @param completedMaps maps completed at the launch time, as far as the caller knows
   */
  static Optional<StatusReport> launched(TaskAttempt attempt, int completedMaps, int totalMaps) {
    NodeId node = attempt.getNodeId();
    long launch = attempt.getLaunchTime();
    if (node == null || launch <= 0 || state(attempt.getState()) != AttemptState.RUNNING) {
      return Optional.empty();
    }
    TaskAttemptId id = attempt.getID();
    return Optional.of(
        StatusReport.of(
            launch,
            id.toString(),
            type(id),
            id.getTaskId().getId(),
            node.toString(),
            TaskPhase.STARTING,
            AttemptState.RUNNING,
            0.0,
            0,
            Math.min(totalMaps, Math.max(0, completedMaps)),
            totalMaps,
            0,
            launch));
  }

  private static TaskType type(TaskAttemptId id) {
    return id.getTaskId().getTaskType() == org.apache.hadoop.mapreduce.v2.api.records.TaskType.MAP
        ? TaskType.MAP
        : TaskType.REDUCE;
  }

  /**
   * A final report for an attempt the AM saw fail or get killed: Hadoop sends the speculator none.
   */
  static StatusReport ended(StatusReport last, AttemptState state, long timeMs) {
    return StatusReport.of(
        Math.max(timeMs, last.timeMs()),
        last.attemptId(),
        last.type(),
        last.taskIndex(),
        last.node(),
        last.phase(),
        state,
        last.progress(),
        last.mapsCopied(),
        last.mapsCompleted(),
        last.totalMaps(),
        last.cpuMs(),
        last.launchTimeMs());
  }

  static AttemptState state(TaskAttemptState s) {
    if (s == null) {
      return AttemptState.RUNNING;
    }
    switch (s) {
      case SUCCEEDED:
        return AttemptState.SUCCEEDED;
      case FAILED:
        return AttemptState.FAILED;
      case KILLED:
        return AttemptState.KILLED;
      default:
        return AttemptState.RUNNING; // NEW, STARTING, RUNNING, COMMIT_PENDING
    }
  }

  private static TaskPhase phase(Phase p) {
    return p == null ? TaskPhase.STARTING : TaskPhase.valueOf(p.name());
  }

  private static double clamp(float p) {
    return Float.isNaN(p) ? 0.0 : Math.max(0.0, Math.min(1.0, p));
  }

  /**
   * Hadoop reports -1 when the process tree cannot be read; the controller then sees no CPU use.
   */
  private static long cpuMs(TaskAttemptStatus status) {
    if (status.counters == null) {
      return 0;
    }
    Counter c = status.counters.findCounter(TaskCounter.CPU_MILLISECONDS);
    return c == null ? 0 : Math.max(0, c.getValue());
  }
}
