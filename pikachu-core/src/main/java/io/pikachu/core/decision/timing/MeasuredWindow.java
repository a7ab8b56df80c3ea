package io.pikachu.core.decision.timing;

import io.pikachu.core.decision.stabilise.Stabilisation;

/**
 * The window a fallback decides on when T_w was not seen: from T_s if a class caught up (then E is
 * measured), else from T_1 with E = 1 for every class.
 */
final class MeasuredWindow {
  private final long start;
  private final boolean efficiency;
  private final String missing;

  private MeasuredWindow(long start, boolean efficiency, String missing) {
    this.start = start;
    this.efficiency = efficiency;
    this.missing = missing;
  }

  static MeasuredWindow of(Poll poll) {
    Stabilisation st = poll.stabilisation();
    return new MeasuredWindow(
        st.tsMs().orElse(poll.t1()),
        st.tsMs().isPresent(),
        st.tsMs().isPresent() ? "T_w (" + st.twTargetMaps() + " completed maps)" : "T_s");
  }

  long start() {
    return start;
  }

  boolean efficiency() {
    return efficiency;
  }

  String missing() {
    return missing;
  }

  String describe(long end) {
    return "the window ["
        + start
        + ", "
        + end
        + "]"
        + (efficiency ? "" : " with E = 1 for every class");
  }
}
