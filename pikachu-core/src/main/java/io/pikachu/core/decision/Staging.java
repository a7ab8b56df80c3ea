package io.pikachu.core.decision;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.Estimates;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.timing.Fire;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which stage a new version of the bin map is, and the allocation it publishes: the first version
 * provisional where a correction may follow, else final; a later one the correction, on evidence
 * only (docs/controller.md, sections 4a and 4b): corrected where the measured ratios disagree
 * beyond the dead band or the bins' bytes call for it, else the provisional map confirmed.
 */
final class Staging {
  private final ControllerConfig config;
  private final ByteShares bytes;

  Staging(ControllerConfig config, ByteShares bytes) {
    this.config = config;
    this.bytes = bytes;
  }

  /** What a version publishes: its stage, and the allocation in it. */
  static final class Staged {
    final DecisionStage stage;
    final BinAllocation allocation;

    Staged(DecisionStage stage, BinAllocation allocation) {
      this.stage = stage;
      this.allocation = allocation;
    }

    /** The map in force stays, confirmed (rule {@value JobController#CONFIRMED_RULE}). */
    static Staged confirmed(BinAllocation inForce, List<String> rules) {
      rules.add(JobController.CONFIRMED_RULE);
      return new Staged(DecisionStage.CONFIRMED, inForce);
    }
  }

  /**
   * The first version: provisional when this estimator corrects it later (and there is something to
   * balance), else final.
   */
  Staged first(Fire fire, BinAllocation decided) {
    // on one class a correction can still come from the bins' bytes
    boolean correctable =
        Estimates.correction(config.estimator()).isPresent()
            && (!fire.nothingToBalance() || config.allocateByBytes());
    return new Staged(correctable ? DecisionStage.PROVISIONAL : DecisionStage.FINAL, decided);
  }

  /**
   * The correction of a provisional map, on evidence: corrected where the measured ratios differ
   * from the published ones beyond the dead band, else the provisional map confirmed.
   */
  Staged correction(
      Decision published,
      List<ClassMeasurement> measured,
      Ratios ratios,
      BinAllocation inForce,
      BinDecision bins,
      Optional<long[]> binBytes,
      double finishedShare,
      List<String> notes,
      List<String> rules) {
    boolean ratiosDiffer = false;
    if (!measured.isEmpty()) {
      List<ClassMeasurement> measuredP =
          measured.stream()
              .map(m -> m.withP(ratios.p().get(m.name())))
              .collect(Collectors.toList());
      CorrectionEvidence.Disagreement disagreement =
          CorrectionEvidence.disagreement(published.classes(), measuredP);
      ratiosDiffer = disagreement.factor() > 1.0 + config.deadband();
      if (!disagreement.leftOut().isEmpty()) {
        notes.add(
            "class(es) "
                + disagreement.leftOut()
                + " have no measured estimate, so nothing here contradicts their provisional"
                + " ratio; they are left out of the comparison");
      }
      notes.add(
          String.format(
              java.util.Locale.ROOT,
              "measured ratios differ from the provisional ones by a factor of up to %.3f, %s"
                  + " the dead band of %s",
              disagreement.factor(),
              ratiosDiffer ? "outside" : "within",
              config.deadband()));
    }
    // Where the measured ratios keep the map in force, its bin counts are the shares it stands for:
    // the bytes then move bins only where they, not the ratios, differ from those shares. (The
    // decided ratios may fall inside the dead band, which would call for even shares and undo
    // a provisional map the measurement just confirmed.)
    BinAllocation target =
        ratiosDiffer
            ? bytes.target(inForce, bins, binBytes, finishedShare, true, notes, rules)
            : binBytes.isPresent()
                ? bytes.target(
                    inForce,
                    bins,
                    countWeights(inForce),
                    binBytes,
                    finishedShare,
                    false,
                    notes,
                    rules)
                : inForce;
    if (target.equals(inForce)) {
      notes.add("the provisional map is final");
      return Staged.confirmed(inForce, rules);
    }
    rules.add(JobController.CORRECTED_RULE);
    notes.add("corrected");
    return new Staged(DecisionStage.CORRECTED, target);
  }

  private static List<Double> countWeights(BinAllocation allocation) {
    return allocation.counts().stream().map(Integer::doubleValue).collect(Collectors.toList());
  }
}
