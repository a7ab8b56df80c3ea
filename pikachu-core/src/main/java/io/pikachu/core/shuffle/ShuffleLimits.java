package io.pikachu.core.shuffle;

import io.pikachu.core.value.ValueType;
import org.immutables.value.Value;

/**
 * The timing and failure limits of one reducer's bin shuffle, read from the job by the adapter.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code pollMs}: how often the bin map is polled ({@code pikachu.binmap.poll-interval-ms})
 *   <li>{@code finalPollMs}: how often a reducer holding every owned bin looks for the final map
 *       ({@code pikachu.binmap.final-poll-interval-ms}): its final merge waits meanwhile
 *   <li>{@code finalWaitMs}: how long a reducer holding every owned bin waits for a final map
 *       before it seals the map it has ({@code pikachu.binmap.final-wait-ms})
 *   <li>{@code abortFailureLimit}: failures of one map attempt after which the reduce attempt fails
 *   <li>{@code failuresBeforeReporting}: every this many failures of an attempt are reported to the
 *       AM (stock {@code mapreduce.reduce.shuffle.maxfetchfailures})
 *   <li>{@code reportReadErrorImmediately}: stock {@code mapreduce.reduce.shuffle.notify.readerror}
 *   <li>{@code maxHostFailures}: failures of one host after which every failure is reported (stock
 *       {@code mapreduce.reduce.shuffle.max-host-failures})
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class ShuffleLimits {

  public abstract long pollMs();

  public abstract long finalPollMs();

  public abstract long finalWaitMs();

  public abstract int abortFailureLimit();

  public abstract int failuresBeforeReporting();

  public abstract boolean reportReadErrorImmediately();

  public abstract int maxHostFailures();

  public static ShuffleLimits of(
      long pollMs,
      long finalPollMs,
      long finalWaitMs,
      int abortFailureLimit,
      int failuresBeforeReporting,
      boolean reportReadErrorImmediately,
      int maxHostFailures) {
    return ImmutableShuffleLimits.of(
        pollMs,
        finalPollMs,
        finalWaitMs,
        abortFailureLimit,
        failuresBeforeReporting,
        reportReadErrorImmediately,
        maxHostFailures);
  }

  @Value.Check
  protected void check() {
    long pollMs = pollMs();
    long finalPollMs = finalPollMs();
    long finalWaitMs = finalWaitMs();
    int abortFailureLimit = abortFailureLimit();
    int failuresBeforeReporting = failuresBeforeReporting();

    if (pollMs < 1
        || finalPollMs < 1
        || finalWaitMs < 1
        || abortFailureLimit < 1
        || failuresBeforeReporting < 1) {
      throw new IllegalArgumentException("bad shuffle limits: " + this);
    }
  }
}
