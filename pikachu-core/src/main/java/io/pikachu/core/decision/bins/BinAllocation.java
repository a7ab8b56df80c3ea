package io.pikachu.core.decision.bins;

import java.util.List;

/**
 * Whole virtual bins per reducer, assigned as contiguous ranges in reducer order: reducer 0 owns
 * bins [0, v0), reducer 1 owns [v0, v0 + v1), and so on, so a total-order partitioner's output
 * stays ordered.
 */
public record BinAllocation(int binsPerReducer, List<Integer> counts) {

  public BinAllocation {
    counts = List.copyOf(counts);
    if (binsPerReducer < 1 || counts.isEmpty()) {
      throw new IllegalArgumentException(
          "need at least one reducer and one bin per reducer, got "
              + counts.size()
              + " reducers and "
              + binsPerReducer
              + " bins per reducer");
    }
    long sum = 0;
    for (int i = 0; i < counts.size(); i++) {
      if (counts.get(i) < 1) {
        throw new IllegalArgumentException(
            "reducer " + i + " would get " + counts.get(i) + " bins");
      }
      sum += counts.get(i);
    }
    if (sum != (long) binsPerReducer * counts.size()) {
      throw new IllegalArgumentException(
          "bin counts sum to " + sum + ", not " + binsPerReducer + " x " + counts.size());
    }
  }

  public static BinAllocation even(int binsPerReducer, int reducers) {
    return new BinAllocation(
        binsPerReducer, java.util.Collections.nCopies(reducers, binsPerReducer));
  }

  public int reducers() {
    return counts.size();
  }

  public int totalBins() {
    return binsPerReducer * counts.size();
  }

  /** First bin of reducer r. */
  public int start(int r) {
    int start = 0;
    for (int i = 0; i < r; i++) {
      start += counts.get(i);
    }
    return start;
  }

  /** One past the last bin of reducer r. */
  public int end(int r) {
    return start(r) + counts.get(r);
  }

  public boolean isEven() {
    return counts.stream().allMatch(c -> c == binsPerReducer);
  }

  /** Bins that change owner compared with the even map: what must be fetched again. */
  public int binsMoved() {
    int moved = 0;
    for (int r = 0; r < counts.size(); r++) {
      int s = start(r);
      int e = s + counts.get(r);
      int overlap =
          Math.max(0, Math.min(e, (r + 1) * binsPerReducer) - Math.max(s, r * binsPerReducer));
      moved += counts.get(r) - overlap;
    }
    return moved;
  }
}
