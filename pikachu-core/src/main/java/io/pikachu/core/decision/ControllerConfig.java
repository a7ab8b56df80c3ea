package io.pikachu.core.decision;

import io.pikachu.core.config.ConfigException;
import io.pikachu.core.config.Estimator;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.classify.NodeClassMap;
import io.pikachu.core.partitioning.WideJobBins;
import io.pikachu.core.value.ValueType;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import org.immutables.value.Value;

/**
 * The controller's configuration, validated as a whole so that a job with a bad value fails at
 * submission with a message naming the key. Read through a plain function so the Hadoop adapter can
 * pass {@code conf::get}. A blank value counts as unset, as Hadoop admins often leave empty {@code
 * <value/>} elements behind.
 */
@ValueType
@Value.Immutable
public abstract class ControllerConfig {

  public abstract Estimator estimator();

  public abstract OptionalDouble fixedP();

  public abstract int binsPerReducer();

  public abstract Optional<NodeClassMap> nodeClasses();

  public abstract double deadband();

  public abstract long maxWaitMs();

  public abstract long afterMapsWaitMs();

  public abstract double caughtUpTolerance();

  public abstract int waveMaps();

  public abstract int maxClasses();

  public abstract double minSpeedRatio();

  /**
   * Rule {@code bytes-by-capacity}: bins given out by their bytes once known ({@code
   * pikachu.allocation.by-bytes}).
   */
  @Value.Default
  @Value.Parameter(false)
  public boolean allocateByBytes() {
    return true;
  }

  /**
   * Rule {@code correction-waits-for-bin-sizes} on several node classes ({@code
   * pikachu.allocation.bytes-wait}).
   */
  @Value.Default
  @Value.Parameter(false)
  public boolean bytesWait() {
    return true;
  }

  public static ControllerConfig of(
      Estimator estimator,
      OptionalDouble fixedP,
      int binsPerReducer,
      Optional<? extends NodeClassMap> nodeClasses,
      double deadband,
      long maxWaitMs,
      long afterMapsWaitMs,
      double caughtUpTolerance,
      int waveMaps,
      int maxClasses,
      double minSpeedRatio) {
    return ImmutableControllerConfig.of(
        estimator,
        fixedP,
        binsPerReducer,
        nodeClasses,
        deadband,
        maxWaitMs,
        afterMapsWaitMs,
        caughtUpTolerance,
        waveMaps,
        maxClasses,
        minSpeedRatio);
  }

  @Value.Check
  protected void check() {
    Estimator estimator = estimator();
    OptionalDouble fixedP = fixedP();

    if (estimator == Estimator.FIXED && !fixedP.isPresent()) {
      throw new ConfigException(
          PikachuKeys.FIXED_P.name(),
          "",
          "required when " + PikachuKeys.ESTIMATOR.name() + " is " + Estimator.FIXED.configValue());
    }
  }

  /**
   * This configuration with the job layout's bins per reducer: a restarted AM, or an AM whose node
   * reads the key otherwise, cuts bins as the tasks do.
   */
  public ControllerConfig forBinsPerReducer(int binsPerReducer) {
    return ImmutableControllerConfig.builder().from(this).binsPerReducer(binsPerReducer).build();
  }

  public static ControllerConfig defaults() {
    return from(key -> null);
  }

  public static ControllerConfig fromMap(Map<String, String> values) {
    return from(values::get);
  }

  public static ControllerConfig from(Function<String, String> lookup) {
    Estimator estimator = PikachuKeys.ESTIMATOR.get(lookup);
    Optional<Double> fixedP = PikachuKeys.FIXED_P.find(lookup);
    int bins = WideJobBins.perReducer(lookup);
    Optional<NodeClassMap> classes = PikachuKeys.NODE_CLASSES.find(lookup).map(NodeClassMap::parse);
    ControllerConfig read =
        of(
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
    return ImmutableControllerConfig.builder()
        .from(read)
        .allocateByBytes(PikachuKeys.ALLOCATE_BY_BYTES.get(lookup))
        .bytesWait(PikachuKeys.BYTES_WAIT.get(lookup))
        .build();
  }
}
