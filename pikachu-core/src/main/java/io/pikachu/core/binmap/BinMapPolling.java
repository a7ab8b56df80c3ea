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
   * How long reads may fail in a row before the reducer fails ({@code
   * pikachu.binmap.final-wait-ms}: a reducer that cannot read the store would not see the final map
   * either).
   */
  public abstract long giveUpMs();

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
