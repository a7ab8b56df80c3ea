package io.pikachu.benchsuite.suite;

/**
 * Result rows for tests, by name rather than by 21 positions: a successful run with everything a
 * test does not care about at neutral values (no times, P 1, nothing rebalanced, no bytes, no run
 * directory, no decision), to be set by name on the returned builder.
 */
public final class Runs {
  private Runs() {}

  public static RunResultBuilder run(String app, String config, String method, int rep) {
    return new RunResultBuilder()
        .app(app)
        .config(config)
        .method(method)
        .fixedP(Double.NaN)
        .rep(rep)
        .jobId("job")
        .status(RunResult.OK)
        .seconds(Double.NaN)
        .mapsDoneSeconds(Double.NaN)
        .fastReducersDoneSeconds(Double.NaN)
        .slowReducersDoneSeconds(Double.NaN)
        .fastestP(1)
        .rebalanced(false)
        .reason("")
        .reducerBins("")
        .shuffleBytes(0)
        .reshuffledBytes(0)
        .droppedBytes(0)
        .outputDigest("")
        .runDir("")
        .versions(BinMapVersions.NONE);
  }
}
