package io.pikachu.core.decision.observe;

/**
 * Status reports for tests, by name rather than by thirteen positions: a map's or a reducer's
 * report with the fields a test does not care about at neutral values (running, nothing read or
 * copied, no CPU, launch time unknown), to be set by name on the returned builder. Other modules'
 * tests reach it through pikachu-core's test jar.
 */
public final class Reports {
  private Reports() {}

  /** A running map's report. */
  public static ImmutableStatusReport.Builder map(
      long timeMs, String attempt, int index, String node) {
    return of(timeMs, attempt, TaskType.MAP, index, node).phase(TaskPhase.MAP);
  }

  /** A running reducer's report, in the shuffle. */
  public static ImmutableStatusReport.Builder reduce(
      long timeMs, String attempt, int index, String node) {
    return of(timeMs, attempt, TaskType.REDUCE, index, node).phase(TaskPhase.SHUFFLE);
  }

  private static ImmutableStatusReport.Builder of(
      long timeMs, String attempt, TaskType type, int index, String node) {
    return ImmutableStatusReport.builder()
        .timeMs(timeMs)
        .attemptId(attempt)
        .type(type)
        .taskIndex(index)
        .node(node)
        .state(AttemptState.RUNNING)
        .progress(0)
        .mapsCopied(0)
        .mapsCompleted(0)
        .totalMaps(1)
        .cpuMs(0)
        .launchTimeMs(-1);
  }
}
