package io.pikachu.benchsuite.suite;

import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.DecisionStage;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import java.util.Optional;

/**
 * What a run's decision record says about the versions of its bin map, in the few figures the
 * report compares across runs: how many were published, what the last one is (for the two-stage
 * controller: confirmed or corrected), and the provisional map's P and timing.
 *
 * @param count versions published; 0 for stock, {@link #NOT_RECORDED} for a results.csv written
 *     before these columns existed
 * @param finalStage stage of the version in force at the end ({@link DecisionStage} name), empty
 *     when there was no decision or it was not recorded
 * @param provisionalP P of the fastest class in the provisional version, NaN without one
 * @param provisionalRebalanced whether the provisional version moved bins from the even map
 * @param provisionalSeconds when the provisional version was published, seconds from the job's
 *     launch; NaN without one
 * @param finalSeconds when the version in force at the end was published, seconds from the job's
 *     launch; NaN without a decision
 */
public record BinMapVersions(
    int count,
    String finalStage,
    double provisionalP,
    boolean provisionalRebalanced,
    double provisionalSeconds,
    double finalSeconds) {

  public static final int NOT_RECORDED = -1;

  /** A stock run: no bin map at all. */
  public static final BinMapVersions NONE =
      new BinMapVersions(0, "", Double.NaN, false, Double.NaN, Double.NaN);

  /** A run from a results.csv that predates these columns. */
  public static final BinMapVersions UNKNOWN =
      new BinMapVersions(NOT_RECORDED, "", Double.NaN, false, Double.NaN, Double.NaN);

  public BinMapVersions {
    if (count < NOT_RECORDED) {
      throw new IllegalArgumentException("bin map versions cannot be " + count);
    }
    finalStage = finalStage == null ? "" : finalStage;
  }

  /**
   * @param launchMs the job's launch, epoch milliseconds (the AM's clock, on the same machine)
   */
  static BinMapVersions of(DecisionRecord record, long launchMs) {
    Optional<Decision> provisional = record.provisional();
    return new BinMapVersions(
        record.versions().size(),
        record.last().stage().name(),
        provisional.map(BinMapVersions::fastestP).orElse(Double.NaN),
        provisional.map(Decision::rebalanced).orElse(false),
        provisional.map(d -> (d.decidedAtMs() - launchMs) / 1000.0).orElse(Double.NaN),
        (record.last().decidedAtMs() - launchMs) / 1000.0);
  }

  public boolean recorded() {
    return count != NOT_RECORDED;
  }

  /** Whether the measurement corrected the provisional map (the two-stage controller's stage 2). */
  public boolean corrected() {
    return finalStage.equals(DecisionStage.CORRECTED.name());
  }

  /** Whether a provisional map was published (the two-stage controller, not a single class). */
  public boolean hadProvisional() {
    return !Double.isNaN(provisionalSeconds);
  }

  /**
   * The fastest class's reducers' share against the slowest class's that hosts reducers: the ratio
   * the map gave them, whichever class the decision took as its reference (a final map that
   * confirms the provisional one can be recorded relative to the fast class, with P 1 there and
   * 0.11 for the slow one); NaN if the fastest class hosts no reducers.
   */
  static double fastestP(Decision d) {
    double lowest =
        d.classes().stream()
            .filter(ClassMeasurement::hasReducers)
            .mapToDouble(BinMapVersions::appliedP)
            .min()
            .orElse(Double.NaN);
    return d.fastestClass().map(c -> appliedP(c) / lowest).orElse(Double.NaN);
  }

  /**
   * A class that hosts reducers but got no estimate (say, none of its reducers copied a map in the
   * window) is allocated as P = 1 (the decision's "class-without-estimate" rule), so that is the P
   * its reducers ran with; reading its null P as "no P" left the results' P column empty.
   */
  static double appliedP(ClassMeasurement c) {
    if (c.p() != null) {
      return c.p();
    }
    return c.hasReducers() ? 1.0 : Double.NaN;
  }
}
