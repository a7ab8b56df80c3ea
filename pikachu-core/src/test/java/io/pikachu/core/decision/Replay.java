package io.pikachu.core.decision;

import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.observe.StatusReport;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Feeds reports to a controller as the adapter would, polling after each one at the report's time.
 */
final class Replay {

  private Replay() {}

  static Decision run(ControllerConfig config, int numReducers, List<StatusReport> reports) {
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
        .orElseThrow(() -> new AssertionError("no decision even after the maximum wait"));
  }

  static Decision run(Map<String, String> config, SyntheticJob job) {
    return run(ControllerConfig.fromMap(config), job.numReducers(), job.run());
  }

  static ClassMeasurement cls(Decision d, String name) {
    return d.classes().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no class " + name + " in " + d.summaryLine()));
  }
}
