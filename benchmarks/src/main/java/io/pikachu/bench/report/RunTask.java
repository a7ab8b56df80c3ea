package io.pikachu.bench.report;

/** A successful task attempt of a run, a row of its tasks.csv; times are seconds from the job's launch. */
record RunTask(String attempt, boolean reduce, String node, double startSeconds, double finishSeconds,
    long shuffleBytes, double cpuSeconds) {}
