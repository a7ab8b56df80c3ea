package io.pikachu.core.binmap;

import io.pikachu.core.value.ValueType;
import org.immutables.value.Value;

/** How a reducer reads the bin-map store: its intervals, their cap, and when it gives up. */
@Value.Immutable
@ValueType
public abstract class BinMapPolling {
  /**
   * The interval between full reads while maps change ({@code pikachu.binmap.poll-interval-ms}).
   */
  public abstract long pollMs();

  /**
   * The first interval between reads of the sealed map once every owned bin is fetched ({@code
   * pikachu.binmap.final-poll-interval-ms}).
   */
  public abstract long finalPollMs();

  /**
   * The longest an interval grows to while nothing changes ({@code
   * pikachu.binmap.max-poll-interval-ms}).
   */
  public abstract long maxPollMs();

  /**
   * How long the store may fail in a row before the reducer fails ({@link #GIVE_UP_RULE}): a
   * reducer that cannot read the store would not see the final map either.
   */
  public abstract long giveUpMs();

  /** How the adapters set {@link #giveUpMs}, for messages and docs. */
  public static final String GIVE_UP_RULE =
      "the longer of mapreduce.task.timeout and pikachu.binmap.final-wait-ms, times 1 to 1.5 by"
          + " the task attempt, so that reducers facing one outage do not fail in the same second";

  /**
   * The give-up time of one task attempt: the longer of the two times, stretched by a factor in [1,
   * 1.5) that the attempt's name decides, so the same attempt always gets the same time and
   * attempts of one job spread theirs.
   */
  public static long giveUpMs(long taskTimeoutMs, long finalWaitMs, String attempt) {
    long base = Math.max(taskTimeoutMs, finalWaitMs);
    double spread = (attempt.hashCode() & 0x7fffffff) / (double) Integer.MAX_VALUE / 2;
    return base + (long) (base * spread);
  }

  public static BinMapPolling of(long pollMs, long finalPollMs, long maxPollMs, long giveUpMs) {
    return ImmutableBinMapPolling.builder()
        .pollMs(pollMs)
        .finalPollMs(finalPollMs)
        .maxPollMs(maxPollMs)
        .giveUpMs(giveUpMs)
        .build();
  }

  long backOff(long interval) {
    return Math.max(interval, Math.min(2 * interval, maxPollMs()));
  }
}
