package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.v2.api.records.Phase;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptReport;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.job.Task;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.junit.jupiter.api.Test;

/**
 * Where no speculator is sent reports, the poller passes each of an attempt's reports on once: a
 * report repeated at every poll would read as a stalled attempt.
 */
class AttemptPollerTest {
  private final AmFixture am = new AmFixture(1, 2);
  private final List<TaskAttemptStatus> sent = new ArrayList<>();
  private final AttemptPoller poller = new AttemptPoller();

  private int poll() {
    return poller.poll(am.job, am.clock.getTime(), (s, t) -> sent.add(s));
  }

  private static void reports(TaskAttempt a, Phase phase, float progress) {
    when(a.getPhase()).thenReturn(phase);
    when(a.getProgress()).thenReturn(progress);
    when(a.getCounters()).thenReturn(new Counters());
  }

  private TaskAttemptStatus sentOf(TaskAttempt a) {
    return sent.stream().filter(s -> s.id.equals(a.getID())).findFirst().orElseThrow();
  }

  @Test
  void eachChangedReportIsSentOnceAndFinishedTasksAreLeft() {
    TaskAttempt map = am.attempt(TaskType.MAP, 0, 0, "fast:1", 1_000L);
    TaskAttempt reduce = am.attempt(TaskType.REDUCE, 0, 0, "slow:1", 1_000L);
    reports(map, Phase.MAP, 0.25f);
    reports(reduce, Phase.SHUFFLE, 0.1f);
    TaskAttemptReport report = mock(TaskAttemptReport.class);
    when(report.getStateString()).thenReturn("copy (1 of 2 at 1.00 MB/s) >");
    when(reduce.getReport()).thenReturn(report);

    assertEquals(2, poll(), "both attempts' first reports");
    assertEquals("copy (1 of 2 at 1.00 MB/s) >", sentOf(reduce).stateString);
    assertEquals(0.25f, sentOf(map).progress);
    assertEquals(0, poll(), "nothing new");

    when(map.getProgress()).thenReturn(0.5f);
    assertEquals(1, poll());
    assertEquals(0.5f, sent.get(2).progress);

    when(map.getProgress()).thenReturn(1.0f);
    when(map.getState()).thenReturn(TaskAttemptState.SUCCEEDED);
    Task mapTask = am.job.getTask(map.getID().getTaskId());
    when(mapTask.isFinished()).thenReturn(true);
    assertEquals(1, poll(), "the success, once");
    assertEquals(TaskAttemptState.SUCCEEDED, sent.get(3).taskState);
    when(map.getProgress()).thenReturn(0.0f); // a finished task is not read again
    assertEquals(0, poll());
  }

  @Test
  void anAttemptNotYetOnANodeIsNotReported() {
    TaskAttempt waiting = am.attempt(TaskType.MAP, 1, 0, "fast:1", 0L);
    when(waiting.getNodeId()).thenReturn(null);
    reports(waiting, Phase.STARTING, 0f);
    assertEquals(0, poll());
  }
}
