package io.pikachu.core.binmap;

import java.util.BitSet;

/**
 * A {@link BinAllocation} published under a version: which reducer owns which virtual bins at one
 * version of the job's bin map. Versions only grow.
 *
 * <p>{@code finalMap} marks the map that every reducer's final merge will use: once a reducer has
 * seen a final map it may start its final merge, and no later map may be published.
 */
public final class BinMap {
  private final long version;
  private final boolean finalMap;
  private final BinAllocation allocation;

  public BinMap(long version, boolean finalMap, BinAllocation allocation) {
    if (version < 0) {
      throw new IllegalArgumentException("bin map version must be >= 0, got " + version);
    }
    this.version = version;
    this.finalMap = finalMap;
    this.allocation = allocation;
  }

  /**
   * A map from per-reducer bin counts (each >= 1) as read from outside the job: bins per reducer is
   * their total over the reducers.
   */
  public static BinMap fromCounts(long version, boolean finalMap, int... counts) {
    if (counts.length == 0) {
      throw new IllegalArgumentException("bin map needs at least one reducer");
    }
    long total = 0;
    for (int c : counts) {
      total += c;
    }
    if (total % counts.length != 0) {
      throw new IllegalArgumentException(
          "bin counts "
              + java.util.Arrays.toString(counts)
              + " sum to "
              + total
              + " bins, not a whole number of bins per reducer for "
              + counts.length
              + " reducers");
    }
    return new BinMap(
        version,
        finalMap,
        BinAllocation.of((int) Math.min(total / counts.length, Integer.MAX_VALUE), counts));
  }

  /**
   * A map from per-reducer counts that must add up to {@code binsPerReducer * reducers}: the shape
   * every map task writes.
   */
  public static BinMap fromCounts(
      long version, boolean finalMap, int binsPerReducer, int[] counts) {
    return new BinMap(version, finalMap, BinAllocation.of(binsPerReducer, counts));
  }

  /** The map before any decision: every reducer owns its own partition's bins. */
  public static BinMap even(int reducers, int binsPerReducer, boolean finalMap) {
    if (reducers < 1 || binsPerReducer < 1) {
      throw new IllegalArgumentException(
          "even bin map needs reducers >= 1 and bins per reducer"
              + " >= 1, got "
              + reducers
              + " and "
              + binsPerReducer);
    }
    return new BinMap(0, finalMap, BinAllocation.even(binsPerReducer, reducers));
  }

  public long version() {
    return version;
  }

  public boolean isFinal() {
    return finalMap;
  }

  public BinAllocation allocation() {
    return allocation;
  }

  public int reducers() {
    return allocation.reducers();
  }

  public int totalBins() {
    return allocation.totalBins();
  }

  public int count(int reducer) {
    return allocation.count(reducer);
  }

  /** A copy of the per-reducer bin counts. */
  public int[] counts() {
    return allocation.countArray();
  }

  /** First bin owned by {@code reducer}, in a contiguous map. */
  public int start(int reducer) {
    return allocation.start(reducer);
  }

  /** One past the last bin owned by {@code reducer}, in a contiguous map. */
  public int end(int reducer) {
    return allocation.end(reducer);
  }

  public boolean owns(int reducer, int bin) {
    return allocation.owner(bin) == reducer;
  }

  /** The bins of {@code reducer} as a set (for diffs against what a reducer currently holds). */
  public BitSet bins(int reducer) {
    return allocation.bins(reducer);
  }

  /** The reducer that owns {@code bin}. */
  public int owner(int bin) {
    return allocation.owner(bin);
  }

  /** The same ownership under another version/finality (e.g. to seal the current map). */
  public BinMap withVersion(long newVersion, boolean newFinal) {
    return new BinMap(newVersion, newFinal, allocation);
  }

  /** True when both maps assign every bin to the same reducer (versions may differ). */
  public boolean sameOwnership(BinMap other) {
    return allocation.equals(other.allocation);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BinMap)) {
      return false;
    }
    BinMap m = (BinMap) o;
    return m.version == version && m.finalMap == finalMap && m.allocation.equals(allocation);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(version) * 31 + allocation.hashCode() + (finalMap ? 1 : 0);
  }

  @Override
  public String toString() {
    return "BinMap{v" + version + (finalMap ? ", final" : "") + ", counts=" + allocation + "}";
  }
}
