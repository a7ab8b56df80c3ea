package io.pikachu.am;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.mapreduce.v2.api.records.Phase;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.api.records.TaskId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.job.Task;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;

/**
 * The status reports a speculator would have been sent, read from the AM's own view of the job
 * where there is no speculator: each attempt's latest progress, phase, state and counters, as the
 * task last reported them. An attempt is reported again only when its report changed, so the
 * controller sees each of the task's reports once (dated when polled, up to one poll interval
 * late), not a stream of copies that would read as stalls.
 */
final class AttemptPoller {

  /** What was last sent of an attempt. */
  private static final class Sent {
    final float progress;
    final Phase phase;
    final TaskAttemptState state;
    final String stateString;

    Sent(TaskAttemptStatus s) {
      progress = s.progress;
      phase = s.phase;
      state = s.taskState;
      stateString = s.stateString;
    }

    boolean same(TaskAttemptStatus s) {
      return progress == s.progress
          && phase == s.phase
          && state == s.taskState
          && Objects.equals(stateString, s.stateString);
    }
  }

  /** Where the reports go: the controller host's {@code onStatus}. */
  interface Sink {
    void onStatus(TaskAttemptStatus status, long timeMs);
  }

  private final Map<TaskAttemptId, Sent> sent = new HashMap<>();

  /** Tasks that had finished at an earlier poll, with their attempts' last reports sent. */
  private final Set<TaskId> done = new HashSet<>();

  /** Sends every attempt whose report changed since the last poll; returns how many. */
  int poll(Job job, long timeMs, Sink sink) {
    int count = 0;
    for (Map.Entry<TaskId, Task> entry : job.getTasks().entrySet()) {
      Task task = entry.getValue();
      if (done.contains(entry.getKey())) {
        continue;
      }
      boolean finished = task.isFinished();
      for (TaskAttempt attempt : task.getAttempts().values()) {
        if (attempt.getNodeId() == null) {
          continue; // not launched: nothing to report, as the speculator would see nothing
        }
        TaskAttemptStatus status = status(attempt);
        Sent last = sent.get(attempt.getID());
        if (last == null || !last.same(status)) {
          sent.put(attempt.getID(), new Sent(status));
          sink.onStatus(status, timeMs);
          count++;
        }
      }
      if (finished) {
        done.add(entry.getKey());
        for (TaskAttemptId id : task.getAttempts().keySet()) {
          sent.remove(id);
        }
      }
    }
    return count;
  }

  static TaskAttemptStatus status(TaskAttempt attempt) {
    TaskAttemptStatus s = new TaskAttemptStatus();
    s.id = attempt.getID();
    s.progress = attempt.getProgress();
    s.phase = attempt.getPhase();
    s.taskState = attempt.getState();
    s.counters = attempt.getCounters();
    s.shuffleFinishTime = attempt.getShuffleFinishTime();
    s.sortFinishTime = attempt.getSortFinishTime();
    if (s.id.getTaskId().getTaskType() == TaskType.REDUCE) {
      // the shuffle's "copy (n of m ...)", from which the controller reads the maps copied
      s.stateString = attempt.getReport().getStateString();
    }
    return s;
  }
}
