package io.pikachu.advisor;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.core.profile.NodeProfile;
import io.pikachu.sim.engine.Simulation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The node profile a cluster running Pikachu held when a job started (docs/controller.md, section
 * 4c), rebuilt from the histories of the jobs that ran under Pikachu before it: each such job adds
 * what its controller measured of each node, as the AM does when it stops. The controller measured
 * a node by its map reports; a history has none, so each map is reported at its launch with no
 * progress and at its end, as the recorded clusters' small maps reported themselves (progress 0
 * until they ended). The job's name stands for its work class (the AM uses the map class, which a
 * history does not hold).
 */
final class ReplayProfile {

  private static final long MAX_AGE_MS = PikachuKeys.PROFILE_MAX_AGE_MS.defaultValue();

  private final List<JobMeasurement> earlier = new ArrayList<>();

  /**
   * Adds a job that ran under Pikachu: the AM added its measurement to the profile when it ended.
   */
  synchronized void add(JobHistory job) {
    if (!job.ranUnderPikachu()) {
      return;
    }
    JobObserver o = measure(job);
    earlier.add(
        JobMeasurement.of(
            job.jobId(), job.name(), job.finishMs(), o.nodeSpeeds(), o.succeededMaps()));
  }

  /** The relative node speeds the profile held when {@code job} started; empty for none. */
  Map<String, Double> at(JobHistory job) {
    return at(job.launchMs(), job.name());
  }

  /** The relative node speeds the profile held at {@code launchMs} for a job of {@code name}. */
  synchronized Map<String, Double> at(long launchMs, String name) {
    List<JobMeasurement> before = new ArrayList<>();
    for (JobMeasurement m : earlier) {
      if (m.timeMs() < launchMs) {
        before.add(m);
      }
    }
    before.sort(Comparator.comparingLong(JobMeasurement::timeMs));
    NodeProfile p = NodeProfile.empty();
    for (JobMeasurement m : before) {
      p = p.merge(m, MAX_AGE_MS);
    }
    return p.freshSpeeds(name, launchMs, MAX_AGE_MS);
  }

  /** The job's map and reducer attempts as the AM reported them, into a fresh observer. */
  static JobObserver measure(JobHistory job) {
    List<StatusReport> reports = new ArrayList<>();
    int maps = job.totalMaps();
    double[] mapEnds =
        job.attempts().stream()
            .filter(a -> !a.reduce && a.succeeded)
            .mapToDouble(a -> a.finish)
            .sorted()
            .toArray();
    for (JobHistory.Attempt a : job.attempts()) {
      TaskType type = a.reduce ? TaskType.REDUCE : TaskType.MAP;
      reports.add(
          StatusReport.of(
              a.start,
              a.id,
              type,
              a.task,
              a.node,
              TaskPhase.STARTING,
              AttemptState.RUNNING,
              0,
              0,
              completedBy(mapEnds, a.start, maps),
              maps,
              0,
              a.start));
      if (!a.reduce) {
        reports.add(
            StatusReport.of(
                a.finish,
                a.id,
                type,
                a.task,
                a.node,
                TaskPhase.SORT,
                a.succeeded ? AttemptState.SUCCEEDED : AttemptState.KILLED,
                a.succeeded ? 1 : 0,
                0,
                completedBy(mapEnds, a.finish, maps),
                maps,
                0,
                a.start));
      }
    }
    reports.sort(Comparator.comparingLong(StatusReport::timeMs));
    JobObserver o = new JobObserver(Math.max(1, job.totalReduces()));
    reports.forEach(o::accept);
    return o;
  }

  /** How many of the sorted {@code mapEnds} are at or before {@code t}, at most {@code maps}. */
  private static int completedBy(double[] mapEnds, long t, int maps) {
    return Math.min(Simulation.countAtMost(mapEnds, mapEnds.length, t), maps);
  }
}
