package io.pikachu.am;

import io.pikachu.core.decision.observe.TaskPhase;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many map outputs a reduce attempt has copied, from what its status report carries. Hadoop
 * reports no such number as a field; stock shuffle writes it into the state string ("12 / 40
 * copied."). Pikachu's bin shuffle writes other words there, but its copy-phase progress is the
 * fraction of (map, owned bin) outputs kept, so that fraction of the job's maps is the number of
 * map outputs it has copied, in units of whole maps.
 */
final class ShuffleProgress {

  /** Stock {@code ShuffleSchedulerImpl.updateStatus}. */
  private static final Pattern STOCK = Pattern.compile("(\\d+) / (\\d+) copied");

  /**
   * The copy phase is the first of the reduce task's three equally weighted phases (copy, sort,
   * reduce).
   */
  private static final double COPY_PHASE_SHARE = 1.0 / 3.0;

  private ShuffleProgress() {}

  /**
   * @param progress the attempt's overall progress in [0, 1]
   * @param finished the attempt succeeded
   */
  static int mapsCopied(
      TaskPhase phase, boolean finished, String stateString, double progress, int totalMaps) {
    if (finished
        || phase == TaskPhase.SORT
        || phase == TaskPhase.REDUCE
        || phase == TaskPhase.CLEANUP) {
      return totalMaps; // the shuffle is over only once every map output is in
    }
    if (stateString != null) {
      Matcher m = STOCK.matcher(stateString);
      if (m.find()) {
        return (int) Math.min(totalMaps, Long.parseLong(m.group(1)));
      }
    }
    if (phase != TaskPhase.SHUFFLE) {
      return 0;
    }
    double copiedFraction = Math.min(1.0, progress / COPY_PHASE_SHARE);
    // the small epsilon keeps 3 x (k/3n) from rounding down to k - 1
    return (int) Math.min(totalMaps, Math.floor(copiedFraction * totalMaps + 1e-6));
  }
}
