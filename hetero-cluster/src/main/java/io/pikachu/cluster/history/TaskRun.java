package io.pikachu.cluster.history;

/**
 * One successful task attempt as job history recorded it. Times are epoch milliseconds; the shuffle
 * and sort finish times are 0 for maps.
 */
public record TaskRun(
    String attemptId,
    boolean reduce,
    String node,
    long startTime,
    long finishTime,
    long shuffleFinishTime,
    long sortFinishTime,
    long shuffleBytes,
    long cpuMillis,
    long spilledRecords,
    java.util.Map<String, Long> counters) {

  /**
   * Value of a counter by its group and name ("group/name"), either as displayed or as the code
   * names them (e.g. {@code Pikachu/BYTES_DROPPED}), 0 when absent.
   */
  public long counter(String groupSlashName) {
    return counters.getOrDefault(groupSlashName, 0L);
  }
}
