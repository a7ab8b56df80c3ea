package io.pikachu.core.decision.estimate;

import java.util.List;
import java.util.Locale;

/**
 * A class that kept pace copies at the rate the maps complete; a class that lags can copy faster
 * than that only while it drains a backlog from a late start, which measures neither class's
 * capacity. An overloaded reference falls behind instead and cannot outpace it. So a class that
 * kept up never gets P below 1 against a lagging reference.
 */
final class DrainingLateStart {

  static final String NAME = "draining-late-start";

  private DrainingLateStart() {}

  /** True when {@code ratio} of {@code c} against {@code reference} is a draining backlog. */
  static boolean applies(
      ClassMeasurement c, ClassMeasurement reference, double ratio, List<String> notes) {
    if (ratio < 1 && c.caughtUp() && !reference.caughtUp()) {
      notes.add(
          "pikachu: class '"
              + c.name()
              + "' kept up with the maps while '"
              + reference.name()
              + "' lagged yet copied faster ("
              + String.format(Locale.ROOT, "%.3f", ratio)
              + "), so '"
              + reference.name()
              + "' was draining a late start: P = 1 for '"
              + c.name()
              + "'");
      return true;
    }
    return false;
  }
}
