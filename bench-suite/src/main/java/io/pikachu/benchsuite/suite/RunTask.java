package io.pikachu.benchsuite.suite;

/**
 * A successful task attempt of a run, a row of its tasks.csv; times are seconds from the job's
 * launch. {@code droppedBytes} is what a reducer fetched and dropped when its bins moved away, so
 * the bytes it reduced are {@link #keptBytes()}.
 */
public record RunTask(
    String attempt,
    boolean reduce,
    String node,
    double startSeconds,
    double finishSeconds,
    long shuffleBytes,
    double cpuSeconds,
    long droppedBytes) {

  public long keptBytes() {
    return shuffleBytes - droppedBytes;
  }
}
