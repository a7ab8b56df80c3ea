package io.pikachu.core.decision.timing;

import io.pikachu.core.decision.classify.NodeClassifier;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.observe.Reports;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.decision.stabilise.StabilisationDetector;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A job's reports, written by hand or taken from a synthetic run, and polls over them with the
 * default settings (2 min from the first reducer, 6 s after the maps).
 */
final class PollFixture {
  static final long MAX_WAIT = 120_000;
  static final long AFTER_MAPS = 6_000;

  final JobObserver job;
  private final int totalMaps;
  private final ReducerMetrics metrics = new ReducerMetrics(0.05);
  private boolean adminClasses;

  PollFixture(int reducers, int totalMaps) {
    this.job = new JobObserver(reducers);
    this.totalMaps = totalMaps;
  }

  /** Reports of a synthetic run up to {@code untilMs}. */
  static PollFixture of(int reducers, List<StatusReport> reports, long untilMs) {
    PollFixture f = new PollFixture(reducers, reports.get(0).totalMaps());
    reports.stream().filter(r -> r.timeMs() <= untilMs).forEach(f.job::accept);
    return f;
  }

  PollFixture adminClasses() {
    adminClasses = true;
    return this;
  }

  /**
   * Map {@code index} ran alone on {@code node} from {@code start} to {@code end}; the job had
   * {@code completed} maps done then.
   */
  PollFixture map(int index, String node, long start, long end, int completed) {
    String id = "attempt_1_0001_m_00000" + index + "_0";
    job.accept(report(start, id, TaskType.MAP, index, node, AttemptState.RUNNING, 0, 0, 0, start));
    job.accept(
        report(end, id, TaskType.MAP, index, node, AttemptState.SUCCEEDED, 1, 0, completed, start));
    return this;
  }

  /** Map {@code index} started on {@code node} at {@code start} and has read nothing yet. */
  PollFixture runningMap(int index, String node, long start) {
    String id = "attempt_1_0001_m_00000" + index + "_0";
    job.accept(report(start, id, TaskType.MAP, index, node, AttemptState.RUNNING, 0, 0, 0, start));
    return this;
  }

  /** A report of reducer {@code index} on {@code node}, launched at {@code launch}. */
  PollFixture reduce(int index, String node, long launch, long time, int copied, int completed) {
    String id = "attempt_1_0001_r_00000" + index + "_0";
    job.accept(
        report(
            time,
            id,
            TaskType.REDUCE,
            index,
            node,
            AttemptState.RUNNING,
            copied / (3.0 * totalMaps),
            copied,
            completed,
            launch));
    return this;
  }

  private StatusReport report(
      long time,
      String id,
      TaskType type,
      int index,
      String node,
      AttemptState state,
      double progress,
      int copied,
      int completed,
      long launch) {
    return (type == TaskType.MAP
            ? Reports.map(time, id, index, node)
            : Reports.reduce(time, id, index, node))
        .state(state)
        .progress(progress)
        .mapsCopied(copied)
        .mapsCompleted(completed)
        .totalMaps(totalMaps)
        .launchTimeMs(launch)
        .build();
  }

  Poll poll(long now) {
    Map<String, Double> speeds = job.nodeSpeeds();
    var classifier = new NodeClassifier(Optional.empty(), 4, 1.3);
    return new Poll(
        now,
        job,
        classifier.classify(job.nodes(), speeds, job.nodeMapRates()),
        speeds,
        metrics,
        new StabilisationDetector(metrics, 0),
        new Poll.Settings(MAX_WAIT, AFTER_MAPS, adminClasses));
  }
}
