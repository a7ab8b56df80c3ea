package io.pikachu.scheduler.decision;

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
          ControllerKeys.FIXED_P,
          "",
          "required when " + ControllerKeys.ESTIMATOR + " is " + EstimatorKind.FIXED.configValue());
    }
  }

  public static ControllerConfig defaults() {
    return from(key -> null);
  }

  public static ControllerConfig fromMap(Map<String, String> values) {
    return from(values::get);
  }

  public static ControllerConfig from(Function<String, String> lookup) {
    Reader r = new Reader(lookup);
    EstimatorKind estimator =
        r.string(ControllerKeys.ESTIMATOR)
            .map(EstimatorKind::fromConfigValue)
            .orElse(EstimatorKind.fromConfigValue(ControllerKeys.DEFAULT_ESTIMATOR));
    OptionalDouble fixedP =
        r.string(ControllerKeys.FIXED_P)
            .map(v -> OptionalDouble.of(r.positiveDouble(ControllerKeys.FIXED_P, v)))
            .orElse(OptionalDouble.empty());
    int bins =
        r.intAtLeast(ControllerKeys.BINS_PER_REDUCER, ControllerKeys.DEFAULT_BINS_PER_REDUCER, 1);
    if (bins > ControllerKeys.MAX_BINS_PER_REDUCER) {
      throw new ConfigException(
          ControllerKeys.BINS_PER_REDUCER,
          Integer.toString(bins),
          "must be at most " + ControllerKeys.MAX_BINS_PER_REDUCER);
    }
    Optional<NodeClassMap> classes = r.string(ControllerKeys.NODE_CLASSES).map(NodeClassMap::parse);
    double deadband =
        r.doubleAtLeast(ControllerKeys.DEADBAND, ControllerKeys.DEFAULT_DEADBAND, 0.0);
    long maxWait = r.longAtLeast(ControllerKeys.MAX_WAIT_MS, ControllerKeys.DEFAULT_MAX_WAIT_MS, 1);
    long afterMaps =
        r.longAtLeast(
            ControllerKeys.AFTER_MAPS_WAIT_MS, ControllerKeys.DEFAULT_AFTER_MAPS_WAIT_MS, 0);
    double tolerance =
        r.doubleAtLeast(
            ControllerKeys.CAUGHT_UP_TOLERANCE, ControllerKeys.DEFAULT_CAUGHT_UP_TOLERANCE, 0.0);
    if (tolerance >= 1.0) {
      throw new ConfigException(
          ControllerKeys.CAUGHT_UP_TOLERANCE,
          Double.toString(tolerance),
          "must be below 1 (a fraction of the completed maps)");
    }
    int wave = r.intAtLeast(ControllerKeys.WAVE_MAPS, ControllerKeys.DEFAULT_WAVE_MAPS, 0);
    int maxClasses =
        r.intAtLeast(ControllerKeys.MAX_CLASSES, ControllerKeys.DEFAULT_MAX_CLASSES, 1);
    double minRatio =
        r.doubleAtLeast(
            ControllerKeys.MIN_SPEED_RATIO, ControllerKeys.DEFAULT_MIN_SPEED_RATIO, 1.0);
    if (minRatio <= 1.0) {
      throw new ConfigException(
          ControllerKeys.MIN_SPEED_RATIO, Double.toString(minRatio), "must be greater than 1");
    }
    return new ControllerConfig(
        estimator,
        fixedP,
        bins,
        classes,
        deadband,
        maxWait,
        afterMaps,
        tolerance,
        wave,
        maxClasses,
        minRatio);
  }

  /** Parses values and turns every failure into a ConfigException naming the key. */
  private record Reader(Function<String, String> lookup) {

    Optional<String> string(String key) {
      String v = lookup.apply(key);
      return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }

    double positiveDouble(String key, String v) {
      double d = parseDouble(key, v);
      if (!(d > 0)) {
        throw new ConfigException(key, v, "must be greater than 0");
      }
      return d;
    }

    double doubleAtLeast(String key, double dflt, double min) {
      return string(key)
          .map(
              v -> {
                double d = parseDouble(key, v);
                if (d < min) {
                  throw new ConfigException(key, v, "must be at least " + min);
                }
                return d;
              })
          .orElse(dflt);
    }

    int intAtLeast(String key, int dflt, int min) {
      long l = longAtLeast(key, dflt, min);
      if (l > Integer.MAX_VALUE) {
        throw new ConfigException(key, Long.toString(l), "is too large");
      }
      return (int) l;
    }

    long longAtLeast(String key, long dflt, long min) {
      return string(key)
          .map(
              v -> {
                long l;
                try {
                  l = Long.parseLong(v);
                } catch (NumberFormatException e) {
                  throw new ConfigException(key, v, "not a whole number");
                }
                if (l < min) {
                  throw new ConfigException(key, v, "must be at least " + min);
                }
                return l;
              })
          .orElse(dflt);
    }

    private static double parseDouble(String key, String v) {
      double d;
      try {
        d = Double.parseDouble(v);
      } catch (NumberFormatException e) {
        throw new ConfigException(key, v, "not a number");
      }
      if (!Double.isFinite(d)) {
        throw new ConfigException(key, v, "must be a finite number");
      }
      return d;
    }
  }
}
