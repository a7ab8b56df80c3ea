package io.pikachu.core.partitioning;

import io.pikachu.core.config.PikachuKeys;
import java.util.function.Function;

/**
 * Bins per reducer on wide jobs. Every map's index file holds one 24-byte record per bin, and a
 * reducer asks each map once per bin it owns, so both grow with bins per reducer times reducers. Up
 * to {@value #BINS_PER_MAP} bins per map (an index of 240 kB, what stock writes for 10,000
 * reducers) the configured value stands; above, bins per reducer shrink to fit, down to 2, the
 * fewest that can still move part of a reducer's share: at 5,000 reducers and more a map's index
 * and the requests naming it are at most twice stock's. One pure function of the configuration, so
 * the AM, every map and every reducer reach the same number.
 */
public final class WideJobBins {
  /** The most bins a map writes before bins per reducer shrink. */
  public static final int BINS_PER_MAP = 10_000;

  /** Fewer would leave a reducer nothing to give away but its whole share. */
  public static final int FEWEST = 2;

  private WideJobBins() {}

  /**
   * The bins per reducer of the job whose configuration {@code lookup} reads: {@code
   * pikachu.bins.per-reducer}, shrunk by its {@code mapreduce.job.reduces}.
   */
  public static int perReducer(Function<String, String> lookup) {
    int configured = PikachuKeys.BINS_PER_REDUCER.get(lookup);
    String reducers = lookup.apply("mapreduce.job.reduces");
    try {
      return reducers == null
          ? configured
          : perReducer(configured, Integer.parseInt(reducers.trim()));
    } catch (NumberFormatException e) {
      return configured; // Hadoop itself refuses a job with such a reducer count
    }
  }

  /** The bins per reducer a job of {@code reducers} reducers runs with, given the configured. */
  public static int perReducer(int configured, int reducers) {
    if (reducers < 1 || (long) configured * reducers <= BINS_PER_MAP) {
      return configured;
    }
    return Math.min(configured, Math.max(FEWEST, BINS_PER_MAP / reducers));
  }
}
