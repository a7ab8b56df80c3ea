package io.pikachu.core.decision.estimate;

import io.pikachu.core.config.Estimator;
import io.pikachu.core.decision.timing.DecisionTiming;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What each {@link Estimator} does: when its estimates are made and how P is estimated then.
 * One-shot estimators make one estimate; the two-stage one makes a provisional estimate when the
 * reducers are placed and may correct it once measured.
 */
public final class Estimates {

  private Estimates() {}

  /** One estimate: the triggers that say when it is made, and how P is estimated then. */
  public static final class Estimate {
    private final DecisionTiming timing;
    private final Factory factory;

    private Estimate(DecisionTiming timing, Factory factory) {
      this.timing = timing;
      this.factory = factory;
    }

    public DecisionTiming timing() {
      return timing;
    }

    /** The estimator, built from the configured P (which only {@link Estimator#FIXED} needs). */
    public PartitionRatioEstimator create(OptionalDouble fixedP) {
      return factory.create(fixedP);
    }

    static Estimate of(DecisionTiming timing, Factory factory) {
      return new Estimate(timing, factory);
    }
  }

  /** Builds an estimator from the configured P. */
  interface Factory {
    PartitionRatioEstimator create(OptionalDouble fixedP);
  }

  private static final Estimate MEASURED =
      Estimate.of(DecisionTiming.AFTER_STABILISATION, fixedP -> new PikachuEstimator());

  /** The first (for one-shot estimators, the only) estimate. */
  public static Estimate first(Estimator estimator) {
    switch (estimator) {
      case EVEN:
        return Estimate.of(DecisionTiming.AT_PLACEMENT, fixedP -> new EvenEstimator());
      case TARAZU:
        return Estimate.of(DecisionTiming.AT_PLACEMENT, fixedP -> new TarazuEstimator());
      case SHUFFLE_RATE:
        return Estimate.of(
            DecisionTiming.AFTER_STABILISATION, fixedP -> ShuffleRateEstimator.observedRates());
      case PIKACHU:
        return MEASURED;
      case FIXED:
        return Estimate.of(
            DecisionTiming.AT_PLACEMENT, fixedP -> new FixedEstimator(fixedP.getAsDouble()));
      case TWO_STAGE:
        return Estimate.of(
            DecisionTiming.AT_PLACEMENT, fixedP -> new ReducerCapacityEstimator("two-stage"));
      default:
        throw new IllegalArgumentException("no estimate for " + estimator);
    }
  }

  /** The estimate that may correct the first one, for estimators that have one. */
  public static Optional<Estimate> correction(Estimator estimator) {
    return estimator == Estimator.TWO_STAGE ? Optional.of(MEASURED) : Optional.empty();
  }
}
