package io.pikachu.core.binmap;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Which reducer owns which virtual bins: whole bins per reducer, as contiguous ranges in reducer
 * order. Reducer 0 owns bins [0, v0), reducer 1 owns [v0, v0 + v1), and so on, so a total-order
 * partitioner's output stays ordered whatever the counts are. Every reducer owns at least one bin,
 * and the counts add up to bins per reducer x reducers, the bins every map writes.
 *
 * <p>Immutable. A {@link BinMap} is an allocation published under a version.
 */
public final class BinAllocation {
  private final int binsPerReducer;
  private final int[] counts;
  private final int[] starts; // starts[r] = first bin of reducer r; starts[n] = total bins

  public BinAllocation(int binsPerReducer, List<Integer> counts) {
    this(binsPerReducer, counts.stream().mapToInt(Integer::intValue).toArray());
  }

  private BinAllocation(int binsPerReducer, int[] counts) {
    if (binsPerReducer < 1 || counts.length == 0) {
      throw new IllegalArgumentException(
          "need at least one reducer and one bin per reducer, got "
              + counts.length
              + " reducers and "
              + binsPerReducer
              + " bins per reducer");
    }
    this.binsPerReducer = binsPerReducer;
    this.counts = counts.clone();
    this.starts = new int[counts.length + 1];
    long total = 0;
    for (int r = 0; r < counts.length; r++) {
      if (counts[r] < 1) {
        throw new IllegalArgumentException(
            "reducer " + r + " must own at least one bin, got " + counts[r]);
      }
      starts[r] = (int) Math.min(total, Integer.MAX_VALUE);
      total += counts[r];
    }
    long expected = (long) binsPerReducer * counts.length;
    if (total != expected) {
      throw new IllegalArgumentException(
          "bin counts "
              + Arrays.toString(counts)
              + " sum to "
              + total
              + " bins, not "
              + counts.length
              + " reducers x "
              + binsPerReducer
              + " bins per reducer = "
              + expected);
    }
    starts[counts.length] = (int) total;
  }

  /** Counts that must add up to {@code binsPerReducer x counts.length}. */
  public static BinAllocation of(int binsPerReducer, int... counts) {
    return new BinAllocation(binsPerReducer, counts);
  }

  /** Counts of a map read from outside: bins per reducer is their total over the reducers. */
  static BinAllocation ofCounts(int... counts) {
    long total = 0;
    for (int c : counts) {
      total += c;
    }
    if (counts.length > 0 && total % counts.length != 0) {
      throw new IllegalArgumentException(
          "bin counts "
              + Arrays.toString(counts)
              + " sum to "
              + total
              + " bins, not a whole number of bins per reducer for "
              + counts.length
              + " reducers");
    }
    return new BinAllocation(
        counts.length == 0 ? 0 : (int) Math.min(total / counts.length, Integer.MAX_VALUE), counts);
  }

  /** The map before any decision: every reducer owns {@code binsPerReducer} consecutive bins. */
  public static BinAllocation even(int binsPerReducer, int reducers) {
    if (reducers < 1) {
      throw new IllegalArgumentException("need at least one reducer, got " + reducers);
    }
    int[] counts = new int[reducers];
    Arrays.fill(counts, binsPerReducer);
    return new BinAllocation(binsPerReducer, counts);
  }

  public int binsPerReducer() {
    return binsPerReducer;
  }

  public List<Integer> counts() {
    return IntStream.of(counts).boxed().toList();
  }

  int[] countArray() {
    return counts.clone();
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

  /** First bin of reducer r. */
  public int start(int reducer) {
    return starts[checkReducer(reducer)];
  }

  /** One past the last bin of reducer r. */
  public int end(int reducer) {
    return starts[checkReducer(reducer) + 1];
  }

  /** The bins of {@code reducer} as a set. */
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

  public boolean isEven() {
    return Arrays.stream(counts).allMatch(c -> c == binsPerReducer);
  }

  /** Bins that change owner compared with the even map: what must be fetched again. */
  public int binsMoved() {
    return binsMovedFrom(even(binsPerReducer, counts.length));
  }

  /** Bins whose owner differs between {@code other} and this allocation. */
  public int binsMovedFrom(BinAllocation other) {
    if (other.reducers() != reducers() || other.totalBins() != totalBins()) {
      throw new IllegalArgumentException(other + " and " + this + " are not of one job");
    }
    int moved = 0;
    for (int r = 0; r < counts.length; r++) {
      int overlap =
          Math.max(0, Math.min(end(r), other.end(r)) - Math.max(start(r), other.start(r)));
      moved += counts[r] - overlap;
    }
    return moved;
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
    return o instanceof BinAllocation a
        && a.binsPerReducer == binsPerReducer
        && Arrays.equals(a.counts, counts);
  }

  @Override
  public int hashCode() {
    return 31 * binsPerReducer + Arrays.hashCode(counts);
  }

  @Override
  public String toString() {
    return Arrays.toString(counts);
  }
}
