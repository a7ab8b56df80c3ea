package io.pikachu.core.decision.estimate;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Equation 2.1 compares a class that kept up with the maps against one that could not. A class that
 * lags yet copies at least as fast as a class that kept pace is draining a backlog from a late
 * start (its reducer JVMs came up after most maps), not falling behind: an overloaded class copies
 * slower than the maps complete. When no class was seen falling behind, every shuffle rate measures
 * the map completions, not what the reducers could take, and the work that differs between classes
 * comes after the shuffle: merging and reducing, which is CPU-bound on the reducer's node.
 *
 * <p>The maps' pace is what a class that kept up copies, and every such class measures the same
 * completions; their rates differ only by the noise of a few reducers' reports. A lagging class is
 * shown overloaded only if it copies slower than every one of them: against the fastest, noise
 * alone convicts it. That happened when task noise split five equal slow nodes into two classes
 * that both kept pace (2.54 and 1.28 maps/s): the fast class, lagging at 2.22 under a provisional P
 * of 4.29, was taken as overloaded, given E = 1 without a measurement, and equation 2.1
 * extrapolated the other slow class's idle (E = 0.11) to P 0.94 for it, a job 21% slower than stock
 * (docs/simulator.md; {@code EstimatorRulesTest}).
 */
final class NoClassOverloaded implements EstimatorRule {

  static final String NAME = "no-class-overloaded";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean applies(List<ClassMeasurement> classes, List<String> notes) {
    List<ClassMeasurement> hosting =
        classes.stream().filter(ClassMeasurement::hasReducers).collect(Collectors.toList());
    OptionalDouble pace =
        hosting.stream()
            .filter(c -> c.shuffleRate() != null && c.caughtUp())
            .mapToDouble(ClassMeasurement::shuffleRate)
            .min();
    if (hosting.size() < 2 || !pace.isPresent()) {
      return false;
    }
    List<ClassMeasurement> slower =
        hosting.stream()
            .filter(
                c ->
                    c.shuffleRate() != null
                        && !c.caughtUp()
                        && c.shuffleRate() < pace.getAsDouble())
            .collect(Collectors.toList());
    if (!slower.stream().allMatch(NoClassOverloaded::notShortOfCpu)) {
      return false;
    }
    for (ClassMeasurement c : slower) {
      notes.add(
          String.format(
              Locale.ROOT,
              "pikachu: class '%s' lagged the maps (%.3f maps/s) but its reducers used %.2f of an"
                  + " even share of their node's CPU: their copy was bound by the network or a"
                  + " disk, not by the CPU that equation 2.1 extrapolates",
              c.name(),
              c.shuffleRate(),
              c.cpuOfFairShare()));
    }
    notes.add(
        "pikachu: no class fell behind the maps (the shuffle rates measure the maps, not the"
            + " reducers), so P follows each reducer's share of its node's map throughput before"
            + " the reducers started");
    return true;
  }

  /**
   * A lagging class whose reducers used less than an even share of their node's CPU was not held
   * back by CPU: a reducer short of CPU gets at least that share while the maps run.
   */
  private static boolean notShortOfCpu(ClassMeasurement c) {
    return c.cpuOfFairShare() != null && c.cpuOfFairShare() < 1;
  }
}
