package io.pikachu.core.binmap;

import java.util.Arrays;
import java.util.BitSet;

/**
 * Which reducer owns which virtual bins, at one version of the job's bin map.
 *
 * <p>Reducer {@code r} owns the contiguous range {@code [start(r), end(r))}, and ranges follow
 * reducer-index order: with an order-preserving partitioner (total order) the concatenated reducer
 * outputs therefore stay sorted, whatever the counts are. Immutable; plain Java so the AM-side
 * controller and tests can use it without Hadoop.
 *
 * <p>{@code finalMap} marks the map that every reducer's final merge will use: once a reducer has
 * seen a final map it may start its final merge, and no later map may be published.
 */
public final class BinMap {
  private final long version;
  private final boolean finalMap;
  private final int[] counts;
  private final int[] starts; // starts[r] = first bin of reducer r; starts[n] = total bins

  private BinMap(long version, boolean finalMap, int[] counts) {
    if (version < 0) {
      throw new IllegalArgumentException("bin map version must be >= 0, got " + version);
    }
    if (counts.length == 0) {
      throw new IllegalArgumentException("bin map needs at least one reducer");
    }
    this.version = version;
    this.finalMap = finalMap;
    this.counts = counts.clone();
    this.starts = new int[counts.length + 1];
    long total = 0;
    for (int r = 0; r < counts.length; r++) {
      if (counts[r] < 1) {
        throw new IllegalArgumentException(
            "reducer " + r + " must own at least one bin, got " + counts[r]);
      }
      starts[r] = (int) total;
      total += counts[r];
      if (total > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("too many bins in total: " + total);
      }
    }
    starts[counts.length] = (int) total;
  }

  /** A map from per-reducer bin counts (each >= 1), as the AM-side controller computes them. */
  public static BinMap fromCounts(long version, boolean finalMap, int... counts) {
    return new BinMap(version, finalMap, counts);
  }

  /**
   * A map from per-reducer counts that must add up to {@code binsPerReducer * reducers}: the shape
   * every map task writes. Use this for any map that comes from outside the job's own settings.
   */
  public static BinMap fromCounts(
      long version, boolean finalMap, int binsPerReducer, int[] counts) {
    BinMap map = new BinMap(version, finalMap, counts);
    long expected = (long) binsPerReducer * counts.length;
    if (map.totalBins() != expected) {
      throw new IllegalArgumentException(
          "bin counts "
              + Arrays.toString(counts)
              + " add up to "
              + map.totalBins()
              + " bins, but "
              + counts.length
              + " reducers x "
              + binsPerReducer
              + " bins per reducer = "
              + expected);
    }
    return map;
  }

  /** The map before any decision: every reducer owns {@code binsPerReducer} consecutive bins. */
  public static BinMap even(int reducers, int binsPerReducer, boolean finalMap) {
    if (reducers < 1 || binsPerReducer < 1) {
      throw new IllegalArgumentException(
          "even bin map needs reducers >= 1 and bins per reducer"
              + " >= 1, got "
              + reducers
              + " and "
              + binsPerReducer);
    }
    int[] counts = new int[reducers];
    Arrays.fill(counts, binsPerReducer);
    return new BinMap(0, finalMap, counts);
  }

  public long version() {
    return version;
  }

  public boolean isFinal() {
    return finalMap;
  }

  public int reducers() {
    return counts.length;
  }

  public int totalBins() {
    return starts[counts.length];
  }

  public int count(int reducer) {
    return counts[checkReducer(reducer)];
  }

  /** A copy of the per-reducer bin counts. */
  public int[] counts() {
    return counts.clone();
  }

  /** First bin owned by {@code reducer}. */
  public int start(int reducer) {
    return starts[checkReducer(reducer)];
  }

  /** One past the last bin owned by {@code reducer}. */
  public int end(int reducer) {
    return starts[checkReducer(reducer) + 1];
  }

  public boolean owns(int reducer, int bin) {
    return bin >= start(reducer) && bin < end(reducer);
  }

  /** The bins of {@code reducer} as a set (for diffs against what a reducer currently holds). */
  public BitSet bins(int reducer) {
    BitSet set = new BitSet(totalBins());
    set.set(start(reducer), end(reducer));
    return set;
  }

  /** The reducer that owns {@code bin}. */
  public int owner(int bin) {
    if (bin < 0 || bin >= totalBins()) {
      throw new IllegalArgumentException("bin " + bin + " outside [0, " + totalBins() + ")");
    }
    int idx = Arrays.binarySearch(starts, 0, counts.length, bin);
    return idx >= 0 ? idx : -idx - 2;
  }

  /** The same ownership under another version/finality (e.g. to seal the current map). */
  public BinMap withVersion(long newVersion, boolean newFinal) {
    return new BinMap(newVersion, newFinal, counts);
  }

  /** True when both maps assign every bin to the same reducer (versions may differ). */
  public boolean sameOwnership(BinMap other) {
    return Arrays.equals(counts, other.counts);
  }

  private int checkReducer(int reducer) {
    if (reducer < 0 || reducer >= counts.length) {
      throw new IllegalArgumentException(
          "reducer " + reducer + " outside [0, " + counts.length + ")");
    }
    return reducer;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BinMap m
        && m.version == version
        && m.finalMap == finalMap
        && Arrays.equals(m.counts, counts);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(version) * 31 + Arrays.hashCode(counts) + (finalMap ? 1 : 0);
  }

  @Override
  public String toString() {
    return "BinMap{v"
        + version
        + (finalMap ? ", final" : "")
        + ", counts="
        + Arrays.toString(counts)
        + "}";
  }
}
