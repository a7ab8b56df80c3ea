package io.pikachu.core.shuffle;

/**
 * The timing and failure limits of one reducer's bin shuffle, read from the job by the adapter.
 *
 * @param pollMs how often the bin map is polled ({@code pikachu.binmap.poll.interval.ms})
 * @param finalPollMs how often a reducer holding every owned bin looks for the final map ({@code
 *     pikachu.binmap.final.poll.interval.ms}): its final merge waits meanwhile
 * @param finalWaitMs how long a reducer holding every owned bin waits for a final map before it
 *     seals the map it has ({@code pikachu.binmap.final.wait.ms})
 * @param abortFailureLimit failures of one map attempt after which the reduce attempt fails
 * @param failuresBeforeReporting every this many failures of an attempt are reported to the AM
 *     (stock {@code mapreduce.reduce.shuffle.maxfetchfailures})
 * @param reportReadErrorImmediately stock {@code mapreduce.reduce.shuffle.notify.readerror}
 * @param maxHostFailures failures of one host after which every failure is reported (stock {@code
 *     mapreduce.reduce.shuffle.max-host-failures})
 */
public record ShuffleLimits(
    long pollMs,
    long finalPollMs,
    long finalWaitMs,
    int abortFailureLimit,
    int failuresBeforeReporting,
    boolean reportReadErrorImmediately,
    int maxHostFailures) {

  public ShuffleLimits {
    if (pollMs < 1
        || finalPollMs < 1
        || finalWaitMs < 1
        || abortFailureLimit < 1
        || failuresBeforeReporting < 1) {
      throw new IllegalArgumentException("bad shuffle limits: " + this);
    }
  }
}
