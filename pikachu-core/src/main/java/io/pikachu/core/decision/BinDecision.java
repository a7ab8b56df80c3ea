package io.pikachu.core.decision;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinAllocator;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.observe.AttemptHistory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * From class ratios to a bin map (equation 2.2), with the rules that apply on the way: a reducer
 * not placed yet and a class without an estimate get the reference share (P = 1), and ratios within
 * the dead band leave the map even.
 */
final class BinDecision {

  private final List<String> reducerClasses;
  private final int[] counts;
  private final List<Double> weights;

  private BinDecision(List<String> reducerClasses, int[] counts, List<Double> weights) {
    this.reducerClasses = reducerClasses;
    this.counts = counts;
    this.weights = weights;
  }

  /**
   * Each reducer's P, the weight of its share ({@link io.pikachu.core.binmap.ByteAllocator}): all 1
   * where the ratios are within the dead band.
   */
  List<Double> weights() {
    return weights;
  }

  /** Class of each reducer's node, or {@link Decision#UNPLACED}. */
  List<String> reducerClasses() {
    return reducerClasses;
  }

  /** The bins of each reducer. */
  int[] counts() {
    return counts;
  }

  static final String UNPLACED_RULE = "unplaced-reducers";
  static final String NO_ESTIMATE_RULE = "class-without-estimate";
  static final String DEADBAND_RULE = "dead-band";

  /**
   * @param notes and {@code rules} receive what applied
   */
  static BinDecision of(
      int numReducers,
      Map<Integer, AttemptHistory> live,
      NodeClasses classes,
      Ratios ratios,
      int binsPerReducer,
      double deadband,
      List<String> notes,
      List<String> rules) {
    List<String> reducerClasses = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    Set<String> hosting = new LinkedHashSet<>();
    Set<String> withoutRatio = new LinkedHashSet<>();
    int unplaced = 0;
    for (int r = 0; r < numReducers; r++) {
      AttemptHistory a = live.get(r);
      if (a == null) {
        reducerClasses.add(Decision.UNPLACED);
        weights.add(1.0);
        unplaced++;
        continue;
      }
      String name = classes.classOf(a.node()).get().name();
      reducerClasses.add(name);
      hosting.add(name);
      Double p = ratios.p().get(name);
      if (p == null) {
        withoutRatio.add(name);
      }
      weights.add(p == null ? 1.0 : p);
    }
    if (unplaced > 0) {
      rules.add(UNPLACED_RULE);
      notes.add(
          unplaced + " reducer(s) had not started; they get the reference class's share (P = 1)");
    }
    if (!withoutRatio.isEmpty()) {
      rules.add(NO_ESTIMATE_RULE);
      notes.add("class(es) " + withoutRatio + " have no estimate; their reducers get P = 1");
    }
    double max =
        hosting.stream().mapToDouble(c -> ratios.p().getOrDefault(c, 1.0)).max().orElse(1.0);
    double min =
        hosting.stream().mapToDouble(c -> ratios.p().getOrDefault(c, 1.0)).min().orElse(1.0);
    boolean outsideDeadband = max / min > 1.0 + deadband;
    if (!outsideDeadband && max / min > 1.0) {
      rules.add(DEADBAND_RULE);
      notes.add(
          String.format(
              Locale.ROOT,
              "ratios differ by a factor of %.3f, within the dead band of %s (%s): bin map left"
                  + " even",
              max / min,
              deadband,
              PikachuKeys.DEADBAND.name()));
    }
    BinAllocation allocation =
        outsideDeadband
            ? BinAllocator.allocate(binsPerReducer, weights)
            : BinAllocation.even(binsPerReducer, numReducers);
    List<Double> shareWeights =
        outsideDeadband ? weights : java.util.Collections.nCopies(numReducers, 1.0);
    return new BinDecision(
        reducerClasses,
        allocation.counts().stream().mapToInt(Integer::intValue).toArray(),
        shareWeights);
  }
}
