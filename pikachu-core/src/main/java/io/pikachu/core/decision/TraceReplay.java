package io.pikachu.core.decision;

import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.trace.TraceFile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Feeds recorded reports to a controller as the AM adapter does, polling after each one at the
 * report's time, so a trace from a real run shows offline what the controller decides and why.
 */
public final class TraceReplay {

  private TraceReplay() {}

  /**
   * @throws IllegalStateException if the controller does not decide even one maximum wait after the
   *     last report (it always should: the deadline triggers fire then)
   */
  public static Decision run(ControllerConfig config, int numReducers, List<StatusReport> reports) {
    if (reports.isEmpty()) {
      throw new IllegalArgumentException("a trace without reports cannot be replayed");
    }
    JobController controller = new JobController(config, numReducers);
    for (StatusReport r : reports) {
      controller.onReport(r);
      Optional<Decision> d = controller.poll(r.timeMs());
      if (d.isPresent()) {
        return d.get();
      }
    }
    long end = reports.get(reports.size() - 1).timeMs();
    return controller
        .poll(end + config.maxWaitMs())
        .orElseThrow(() -> new IllegalStateException("no decision even after the maximum wait"));
  }

  /**
   * Replays a trace under the configuration it was recorded with, changed by {@code overrides}
   * (pikachu.* keys), to ask what another setting would have decided.
   */
  public static Decision run(TraceFile trace, Map<String, String> overrides) {
    Map<String, String> config = new HashMap<>(trace.header().config());
    config.putAll(overrides);
    return run(ControllerConfig.fromMap(config), trace.header().numReducers(), trace.reports());
  }
}
