package io.pikachu.core.decision;

import io.pikachu.core.decision.estimate.Estimates;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.partitioning.Slicing;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Feeds recorded reports to a controller as the AM adapter does, polling after each one at the
 * report's time, so a trace from a real run shows offline what the controller decides and why. A
 * replay is open loop: a two-stage controller's provisional map cannot change the reports that
 * follow it, as it changed the reducers of the recorded run.
 */
public final class TraceReplay {

  private TraceReplay() {}

  /**
   * @return every version the controller published, the last one final
   * @throws IllegalStateException if the controller does not decide finally even one maximum wait
   *     after the last report (it always should: the deadline triggers fire then)
   */
  public static DecisionRecord run(
      ControllerConfig config, int numReducers, Slicing slicing, List<StatusReport> reports) {
    return run(new JobController(config, numReducers, slicing), config, reports);
  }

  private static DecisionRecord run(
      JobController controller, ControllerConfig config, List<StatusReport> reports) {
    if (reports.isEmpty()) {
      throw new IllegalArgumentException("a trace without reports cannot be replayed");
    }
    for (StatusReport r : reports) {
      controller.onReport(r);
      controller.poll(r.timeMs());
      if (controller.isFinal()) {
        return controller.record().get();
      }
    }
    long end = reports.get(reports.size() - 1).timeMs();
    // the provisional map's deadline runs from the first reducer; the correction's likewise
    controller.poll(end + config.maxWaitMs());
    controller.poll(end + 2 * config.maxWaitMs());
    if (!controller.isFinal()) {
      throw new IllegalStateException("no final decision even after the maximum wait");
    }
    return controller.record().get();
  }

  /**
   * Replays a trace under the configuration it was recorded with, changed by {@code overrides}
   * (pikachu.* keys), to ask what another setting would have decided. A trace recorded by a
   * one-shot estimator was recorded under the even map until its one decision, so a two-stage
   * replay of it measures as if the even map were in force.
   */
  public static DecisionRecord run(TraceFile trace, Map<String, String> overrides) {
    ControllerConfig recorded = ControllerConfig.fromMap(trace.header().config());
    Map<String, String> config = new HashMap<>(trace.header().config());
    config.putAll(overrides);
    ControllerConfig replayed = ControllerConfig.fromMap(config);
    int reducers = trace.header().numReducers();
    Slicing slicing = trace.header().slicingOrDefault();
    JobController controller =
        !Estimates.correction(recorded.estimator()).isPresent()
            ? JobController.replayingEvenMapReports(replayed, reducers, slicing)
            : new JobController(replayed, reducers, slicing);
    controller.withProfile(trace.header().profiled());
    return run(controller, replayed, trace.reports());
  }
}
