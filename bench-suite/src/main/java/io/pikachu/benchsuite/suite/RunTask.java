package io.pikachu.benchsuite.suite;

/**
 * A successful task attempt of a run, a row of its tasks.csv; times are seconds from the job's
 * launch.
 */
public record RunTask(
    String attempt,
    boolean reduce,
    String node,
    double startSeconds,
    double finishSeconds,
    long shuffleBytes,
    double cpuSeconds) {}
