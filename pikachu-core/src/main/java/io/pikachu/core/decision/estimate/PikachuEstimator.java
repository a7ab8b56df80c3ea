package io.pikachu.core.decision.estimate;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * D3' (Pikachu): equation 2.1 with the CPU efficiency E of classes that caught up ({@link
 * ShuffleRateEstimator}), except where it has no basis. Its fallback rules are tried in order; the
 * first that applies hands the decision to {@link ReducerCapacityEstimator}.
 */
public final class PikachuEstimator implements PartitionRatioEstimator {

  /** The fallbacks, in the order they are tried. */
  static final List<EstimatorRule> FALLBACKS =
      Collections.unmodifiableList(Arrays.asList(new NoClassOverloaded(), new IdleAfterCatchUp()));

  /** Lowest CPU efficiency from which equation 2.1 extrapolates ({@link IdleAfterCatchUp}). */
  public static final double MIN_EFFICIENCY = IdleAfterCatchUp.MIN_EFFICIENCY;

  @Override
  public Ratios estimate(List<ClassMeasurement> classes, List<String> notes) {
    for (EstimatorRule rule : FALLBACKS) {
      if (rule.applies(classes, notes)) {
        return new ReducerCapacityEstimator("pikachu")
            .estimate(classes, notes)
            .firedFirst(rule.name());
      }
    }
    return ShuffleRateEstimator.withEfficiency().estimate(classes, notes);
  }
}
