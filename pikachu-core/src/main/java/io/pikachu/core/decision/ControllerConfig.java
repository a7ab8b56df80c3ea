package io.pikachu.core.decision;

import io.pikachu.core.config.ConfigException;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.estimate.EstimatorKind;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The controller's configuration, validated as a whole so that a job with a bad value fails at
 * submission with a message naming the key. Read through a plain function so the Hadoop adapter can
 * pass {@code conf::get}. A blank value counts as unset, as Hadoop admins often leave empty {@code
 * <value/>} elements behind.
 */
public record ControllerConfig(
    EstimatorKind estimator,
    OptionalDouble fixedP,
    int binsPerReducer,
    Optional<NodeClassMap> nodeClasses,
    double deadband,
    long maxWaitMs,
    long afterMapsWaitMs,
    double caughtUpTolerance,
    int waveMaps,
    int maxClasses,
    double minSpeedRatio) {

  public ControllerConfig {
    if (estimator == EstimatorKind.FIXED && fixedP.isEmpty()) {
      throw new ConfigException(
          PikachuKeys.FIXED_P.name(),
          "",
          "required when "
              + PikachuKeys.ESTIMATOR.name()
              + " is "
              + EstimatorKind.FIXED.configValue());
    }
  }

  public static ControllerConfig defaults() {
    return from(key -> null);
  }

  public static ControllerConfig fromMap(Map<String, String> values) {
    return from(values::get);
  }

  public static ControllerConfig from(Function<String, String> lookup) {
    EstimatorKind estimator = PikachuKeys.ESTIMATOR.get(lookup);
    Optional<Double> fixedP = PikachuKeys.FIXED_P.find(lookup);
    int bins = PikachuKeys.BINS_PER_REDUCER.get(lookup);
    Optional<NodeClassMap> classes = PikachuKeys.NODE_CLASSES.find(lookup).map(NodeClassMap::parse);
    return new ControllerConfig(
        estimator,
        fixedP.map(OptionalDouble::of).orElse(OptionalDouble.empty()),
        bins,
        classes,
        PikachuKeys.DEADBAND.get(lookup),
        PikachuKeys.MAX_WAIT_MS.get(lookup),
        PikachuKeys.AFTER_MAPS_WAIT_MS.get(lookup),
        PikachuKeys.CAUGHT_UP_TOLERANCE.get(lookup),
        PikachuKeys.WAVE_MAPS.get(lookup),
        PikachuKeys.MAX_CLASSES.get(lookup),
        PikachuKeys.MIN_SPEED_RATIO.get(lookup));
  }
}
