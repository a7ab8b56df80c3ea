package io.pikachu.core.decision.estimate;

import io.pikachu.core.decision.timing.DecisionTiming;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The estimators: the design points of section 2.4.2 of the Pikachu paper, a fixed P for sweeps,
 * and the two-stage controller that is the default. Each kind names its configuration value and its
 * estimates: when each is made and how it is built. One-shot kinds make one estimate; the two-stage
 * kind makes a provisional one when the reducers are placed and may correct it once measured.
 */
public enum EstimatorKind {
  /** D1: stock Hadoop, every reducer gets the same key range. */
  EVEN("even", new Estimate(DecisionTiming.AT_PLACEMENT, fixedP -> new EvenEstimator()), null),
  /** D2 (Tarazu): ratio of map progress rates when the reducers start. */
  TARAZU(
      "tarazu", new Estimate(DecisionTiming.AT_PLACEMENT, fixedP -> new TarazuEstimator()), null),
  /** D3: ratio of observed shuffle rates once the shuffle has stabilised. */
  SHUFFLE_RATE(
      "shuffle-rate",
      new Estimate(
          DecisionTiming.AFTER_STABILISATION, fixedP -> ShuffleRateEstimator.observedRates()),
      null),
  /**
   * D3', the paper's one-shot Pikachu: D3 corrected by the CPU efficiency of classes that caught up
   * (equation 2.1), decided once the shuffle has stabilised.
   */
  PIKACHU("pikachu", Estimate.MEASURED, null),
  /** P taken from configuration, for sweeps. */
  FIXED(
      "fixed",
      new Estimate(DecisionTiming.AT_PLACEMENT, fixedP -> new FixedEstimator(fixedP.getAsDouble())),
      null),
  /**
   * The default: a provisional bin map from the reducers' node capacity as soon as they are placed,
   * so reducers fetch the right bins from the first map on, and one correction by D3' once the
   * shuffle is measured, only where the measured ratios disagree with the provisional ones.
   */
  TWO_STAGE(
      "two-stage",
      new Estimate(
          DecisionTiming.AT_PLACEMENT, fixedP -> new ReducerCapacityEstimator("two-stage")),
      Estimate.MEASURED);

  /**
   * One estimate of a kind: the triggers that say when it is made, and how P is estimated then.
   *
   * @param factory builds the estimator from the configured P (which only {@link #FIXED} needs)
   */
  public record Estimate(
      DecisionTiming timing, Function<OptionalDouble, PartitionRatioEstimator> factory) {
    static final Estimate MEASURED =
        new Estimate(DecisionTiming.AFTER_STABILISATION, fixedP -> new PikachuEstimator());

    public PartitionRatioEstimator create(OptionalDouble fixedP) {
      return factory.apply(fixedP);
    }
  }

  private final String configValue;
  private final Estimate first;
  private final Estimate correction;

  EstimatorKind(String configValue, Estimate first, Estimate correction) {
    this.configValue = configValue;
    this.first = first;
    this.correction = correction;
  }

  public String configValue() {
    return configValue;
  }

  /** The first (for one-shot kinds, the only) estimate. */
  public Estimate first() {
    return first;
  }

  /** The estimate that may correct the first one, for kinds that have one. */
  public Optional<Estimate> correction() {
    return Optional.ofNullable(correction);
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
