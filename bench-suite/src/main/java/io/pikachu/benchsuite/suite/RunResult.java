package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.Method;
import java.util.Locale;
import org.immutables.value.Value;

/**
 * One measured job of the benchmark suite: a row of {@code results.csv}. Times are seconds from the
 * job's launch; NaN where a value does not apply (no slow nodes, no decision).
 *
 * @param app application name, e.g. {@code wordcount}
 * @param config cluster configuration, e.g. {@code config-1}
 * @param method {@link Method#label()}: stock, tarazu, pikachu, two-stage or fixed-P
 * @param fixedP the P of a sweep point, NaN for the other methods
 * @param fastestP P of the fastest class that the job ran with (1 for stock)
 * @param reducerBins bins per reducer in partition order, space separated; empty for stock
 * @param shuffleBytes REDUCE_SHUFFLE_BYTES summed over successful reducers (re-fetched bins count
 *     again)
 * @param outputDigest order-independent digest of the job's output records ({@link OutputDigest})
 * @param runDir directory of this run's decision, trace and per-task files, relative to the suite's
 * @param versions the bin map's versions, from the run's decision record
 */
@Value.Builder
public record RunResult(
    String app,
    String config,
    String method,
    double fixedP,
    int rep,
    String jobId,
    String status,
    double seconds,
    double mapsDoneSeconds,
    double fastReducersDoneSeconds,
    double slowReducersDoneSeconds,
    double fastestP,
    boolean rebalanced,
    String reason,
    String reducerBins,
    long shuffleBytes,
    long reshuffledBytes,
    long droppedBytes,
    String outputDigest,
    String runDir,
    BinMapVersions versions) {

  public static final String OK = "ok";

  public RunResult {
    versions = versions == null ? BinMapVersions.UNKNOWN : versions;
  }

  public boolean ok() {
    return OK.equals(status);
  }

  /** What identifies a run for resuming: the same key is not run again once it succeeded. */
  public String key() {
    return key(app, config, method, rep);
  }

  public static String key(String app, String config, String method, int rep) {
    return String.format(Locale.ROOT, "%s/%s/%s/%d", app, config, method, rep);
  }
}
