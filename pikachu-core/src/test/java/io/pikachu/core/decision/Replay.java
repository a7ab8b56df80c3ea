package io.pikachu.core.decision;

import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.observe.StatusReport;
import java.util.List;
import java.util.Map;

/** Test shorthands over {@link TraceReplay}. */
final class Replay {

  private Replay() {}

  static Decision run(ControllerConfig config, int numReducers, List<StatusReport> reports) {
    return TraceReplay.run(config, numReducers, reports);
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
