package io.pikachu.core.decision.estimate;

import io.pikachu.core.decision.timing.DecisionTiming;
import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The estimators: the design points of section 2.4.2 of the Pikachu paper, plus a fixed P for
 * sweeps. Each kind names its configuration value, when it decides, and how it is built.
 */
public enum EstimatorKind {
  /** D1: stock Hadoop, every reducer gets the same key range. */
  EVEN("even", DecisionTiming.AT_PLACEMENT, fixedP -> new EvenEstimator()),
  /** D2 (Tarazu): ratio of map progress rates when the reducers start. */
  TARAZU("tarazu", DecisionTiming.AT_PLACEMENT, fixedP -> new TarazuEstimator()),
  /** D3: ratio of observed shuffle rates once the shuffle has stabilised. */
  SHUFFLE_RATE(
      "shuffle-rate",
      DecisionTiming.AFTER_STABILISATION,
      fixedP -> ShuffleRateEstimator.observedRates()),
  /** D3': D3 corrected by the CPU efficiency of classes that caught up (equation 2.1). */
  PIKACHU("pikachu", DecisionTiming.AFTER_STABILISATION, fixedP -> new PikachuEstimator()),
  /** P taken from configuration, for sweeps. */
  FIXED("fixed", DecisionTiming.AT_PLACEMENT, fixedP -> new FixedEstimator(fixedP.getAsDouble()));

  private final String configValue;
  private final DecisionTiming timing;
  private final Function<OptionalDouble, PartitionRatioEstimator> factory;

  EstimatorKind(
      String configValue,
      DecisionTiming timing,
      Function<OptionalDouble, PartitionRatioEstimator> factory) {
    this.configValue = configValue;
    this.timing = timing;
    this.factory = factory;
  }

  public String configValue() {
    return configValue;
  }

  /** When this estimator decides. */
  public DecisionTiming timing() {
    return timing;
  }

  /**
   * @param fixedP the configured P, which only {@link #FIXED} needs
   */
  public PartitionRatioEstimator create(OptionalDouble fixedP) {
    return factory.apply(fixedP);
  }

  /** Every configuration value, comma-separated. */
  public static String names() {
    return Arrays.stream(values())
        .map(EstimatorKind::configValue)
        .collect(Collectors.joining(", "));
  }

  /**
   * @throws IllegalArgumentException for a name that is no estimator
   */
  public static EstimatorKind fromConfigValue(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    for (EstimatorKind k : values()) {
      if (k.configValue.equals(v)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown estimator; expected one of " + names());
  }
}
