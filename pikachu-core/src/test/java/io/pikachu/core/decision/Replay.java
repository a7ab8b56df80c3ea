package io.pikachu.core.decision;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.partitioning.Slicing;
import java.util.List;
import java.util.Map;

/** Test shorthands over {@link TraceReplay}. */
final class Replay {

  private Replay() {}

  /** The final decision of a replay. */
  static Decision run(ControllerConfig config, int numReducers, List<StatusReport> reports) {
    return TraceReplay.run(config, numReducers, Slicing.HASH, reports).last();
  }

  /** The paper's one-shot D3', which most controller tests were written for. */
  static ControllerConfig oneShot() {
    return ControllerConfig.fromMap(Map.of(PikachuKeys.ESTIMATOR.name(), "pikachu"));
  }

  /**
   * Replays a synthetic job under {@code config}; without an estimator in it, under the one-shot
   * D3'.
   */
  static Decision run(Map<String, String> config, SyntheticJob job) {
    Map<String, String> c = new java.util.HashMap<>(config);
    c.putIfAbsent(PikachuKeys.ESTIMATOR.name(), "pikachu");
    return run(ControllerConfig.fromMap(c), job.numReducers(), job.run());
  }

  static ClassMeasurement cls(Decision d, String name) {
    return d.classes().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no class " + name + " in " + d.summaryLine()));
  }
}
