package io.pikachu.core.decision.estimate;

import java.util.List;
import java.util.Locale;

/**
 * A class whose reducers nearly idle once caught up has no potential that equation 2.1 could
 * extrapolate: S / E with E near 0 claims many times the observed rate (P = 10.5 on one recorded
 * Config-1 run, from E = 0.0 over a 6 s window) with nothing to back it. Ten times the observed
 * rate is already far beyond the ratios the paper measured, hence the floor of 0.1.
 */
final class IdleAfterCatchUp implements EstimatorRule {

  static final String NAME = "idle-after-catch-up";

  /** Lowest CPU efficiency from which equation 2.1 extrapolates. */
  static final double MIN_EFFICIENCY = 0.1;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean applies(List<ClassMeasurement> classes, List<String> notes) {
    for (ClassMeasurement c : classes) {
      if (c.hasReducers() && c.efficiency() != null && c.efficiency() < MIN_EFFICIENCY) {
        notes.add(
            "pikachu: class '"
                + c.name()
                + "' nearly idled after catching up (E = "
                + String.format(Locale.ROOT, "%.3f", c.efficiency())
                + " < "
                + MIN_EFFICIENCY
                + "), so equation 2.1 has no measured potential; P follows each reducer's share of"
                + " its node's map throughput before the reducers started");
        return true;
      }
    }
    return false;
  }
}
