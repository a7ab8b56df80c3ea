package io.pikachu.core.binmap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which reducer owns which virtual bins. Bin {@code b} is sub-bin {@code b % binsPerReducer} of the
 * job's own partition {@code b / binsPerReducer}, so under the even allocation reducer r owns its
 * own partition's bins, {@code [r * binsPerReducer, (r + 1) * binsPerReducer)}: the key placement
 * of stock Hadoop. Every reducer owns at least one bin, and every bin has exactly one owner.
 *
 * <p>Two shapes of change keep a job's meaning (see {@link #rebalanced}): for total order, bins are
 * key ranges in bin order and each reducer owns one contiguous range, in reducer order, so the part
 * files stay globally sorted; for hash-style partitioning any bin may go anywhere, and a change
 * moves the fewest bins its counts allow.
 *
 * <p>Immutable. A {@link BinMap} is an allocation published under a version.
 *
 * <p>Over 300 lines on purpose: the value and its rebalancing; its text form is {@code OwnerRuns}'.
 */
public final class BinAllocation {
  private final int binsPerReducer;
  private final int[] owners; // owners[bin] = reducer
  private final int[] counts; // counts[reducer] = bins it owns

  private BinAllocation(int binsPerReducer, int reducers, int[] owners) {
    if (binsPerReducer < 1 || reducers < 1) {
      throw new IllegalArgumentException(
          "need at least one reducer and one bin per reducer, got "
              + reducers
              + " reducers and "
              + binsPerReducer
              + " bins per reducer");
    }
    long expected = (long) binsPerReducer * reducers;
    if (owners.length != expected) {
      throw new IllegalArgumentException(
          "bin owners cover "
              + owners.length
              + " bins, not "
              + reducers
              + " reducers x "
              + binsPerReducer
              + " bins per reducer = "
              + expected);
    }
    this.binsPerReducer = binsPerReducer;
    this.owners = owners;
    this.counts = new int[reducers];
    for (int b = 0; b < owners.length; b++) {
      if (owners[b] < 0 || owners[b] >= reducers) {
        throw new IllegalArgumentException(
            "bin " + b + " is owned by reducer " + owners[b] + ", outside [0, " + reducers + ")");
      }
      counts[owners[b]]++;
    }
    for (int r = 0; r < reducers; r++) {
      if (counts[r] < 1) {
        throw new IllegalArgumentException("reducer " + r + " must own at least one bin, got 0");
      }
    }
  }

  /**
   * Contiguous ranges in reducer order: reducer 0 owns {@code [0, c0)}, reducer 1 {@code [c0, c0 +
   * c1)}, and so on. The counts must add up to {@code binsPerReducer x counts.length}.
   */
  public static BinAllocation of(int binsPerReducer, int... counts) {
    long total = 0;
    for (int r = 0; r < counts.length; r++) {
      if (counts[r] < 1) {
        throw new IllegalArgumentException(
            "reducer " + r + " must own at least one bin, got " + counts[r]);
      }
      total += counts[r];
    }
    long expected = (long) binsPerReducer * counts.length;
    if (total != expected || counts.length == 0) {
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
    int[] owners = new int[(int) total];
    int b = 0;
    for (int r = 0; r < counts.length; r++) {
      Arrays.fill(owners, b, b + counts[r], r);
      b += counts[r];
    }
    return new BinAllocation(binsPerReducer, counts.length, owners);
  }

  public BinAllocation(int binsPerReducer, List<Integer> counts) {
    this(of(binsPerReducer, counts.stream().mapToInt(Integer::intValue).toArray()));
  }

  private BinAllocation(BinAllocation other) {
    this.binsPerReducer = other.binsPerReducer;
    this.owners = other.owners;
    this.counts = other.counts;
  }

  /** Any ownership: {@code owners[bin]} is the reducer that owns the bin. */
  public static BinAllocation ofOwners(int binsPerReducer, int reducers, int[] owners) {
    return new BinAllocation(binsPerReducer, reducers, owners.clone());
  }

  /**
   * Parses {@link #ownerRuns()}: runs {@code reducer*length}; bins per reducer is the bins over the
   * reducers named.
   *
   * @throws IllegalArgumentException naming the run that is wrong
   */
  public static BinAllocation fromRuns(String runs) {
    int[] owners = OwnerRuns.parse(runs);
    int reducers = 0;
    for (int o : owners) {
      reducers = Math.max(reducers, o + 1);
    }
    return new BinAllocation(owners.length / reducers, reducers, owners);
  }

  /** The map before any decision: every reducer owns its own partition's bins. */
  public static BinAllocation even(int binsPerReducer, int reducers) {
    if (reducers < 1) {
      throw new IllegalArgumentException("need at least one reducer, got " + reducers);
    }
    int[] counts = new int[reducers];
    Arrays.fill(counts, binsPerReducer);
    return of(binsPerReducer, counts);
  }

  /**
   * This allocation changed to the given counts per reducer.
   *
   * @param keepOrder total order: contiguous ranges in reducer order, whatever that moves;
   *     otherwise the fewest bins move ({@code sum of max(0, counts[r] - count(r))}). A reducer
   *     that must give bins away first gives back bins it gained, and a reducer that gains first
   *     takes back its own partition's bins, so returning to even counts restores the even map.
   */
  public BinAllocation rebalanced(int[] targetCounts, boolean keepOrder) {
    if (targetCounts.length != reducers()) {
      throw new IllegalArgumentException(
          Arrays.toString(targetCounts) + " are not counts for " + reducers() + " reducers");
    }
    BinAllocation shape = of(binsPerReducer, targetCounts); // checks the counts
    if (keepOrder) {
      return shape;
    }
    int[] deficit = new int[reducers()];
    for (int r = 0; r < deficit.length; r++) {
      deficit[r] = targetCounts[r] - counts[r];
    }
    int[] next = owners.clone();
    // first, bins a giver had gained go straight home where their home reducer gains
    for (int b = owners.length - 1; b >= 0; b--) {
      int r = owners[b];
      if (deficit[r] < 0 && home(b) != r && deficit[home(b)] > 0) {
        next[b] = home(b);
        deficit[r]++;
        deficit[home(b)]--;
      }
    }
    // then givers release what they still must, gained bins before their own, highest first
    List<Integer> released = new ArrayList<>();
    for (boolean own : new boolean[] {false, true}) {
      for (int b = owners.length - 1; b >= 0; b--) {
        int r = next[b];
        if (deficit[r] < 0 && (home(b) == r) == own) {
          released.add(b);
          deficit[r]++;
        }
      }
    }
    released.sort(null);
    int r = 0;
    for (int b : released) {
      while (deficit[r] <= 0) {
        r++;
      }
      next[b] = r;
      deficit[r]--;
    }
    return new BinAllocation(binsPerReducer, reducers(), next);
  }

  /** The reducer whose partition bin {@code b} is a slice of: its owner under the even map. */
  public int home(int bin) {
    return checkBin(bin) / binsPerReducer;
  }

  public int binsPerReducer() {
    return binsPerReducer;
  }

  public List<Integer> counts() {
    return IntStream.of(counts).boxed().collect(Collectors.toList());
  }

  public int[] countArray() {
    return counts.clone();
  }

  public int reducers() {
    return counts.length;
  }

  public int totalBins() {
    return owners.length;
  }

  public int count(int reducer) {
    return counts[checkReducer(reducer)];
  }

  /** Each reducer owns one contiguous range and the ranges follow reducer order. */
  public boolean isContiguous() {
    for (int b = 1; b < owners.length; b++) {
      if (owners[b] < owners[b - 1]) {
        return false;
      }
    }
    return true;
  }

  /**
   * First bin of reducer r.
   *
   * @throws IllegalStateException if the allocation is not contiguous
   */
  public int start(int reducer) {
    checkContiguous();
    int start = 0;
    for (int r = 0; r < checkReducer(reducer); r++) {
      start += counts[r];
    }
    return start;
  }

  /** One past the last bin of reducer r (contiguous allocations). */
  public int end(int reducer) {
    return start(reducer) + counts[reducer];
  }

  /** The bins of {@code reducer} as a set. */
  public BitSet bins(int reducer) {
    checkReducer(reducer);
    BitSet set = new BitSet(totalBins());
    for (int b = 0; b < owners.length; b++) {
      if (owners[b] == reducer) {
        set.set(b);
      }
    }
    return set;
  }

  /** The reducer that owns {@code bin}. */
  public int owner(int bin) {
    return owners[checkBin(bin)];
  }

  /** Every bin with the owner it has under the even map: stock Hadoop's key placement. */
  public boolean isEven() {
    for (int b = 0; b < owners.length; b++) {
      if (owners[b] != b / binsPerReducer) {
        return false;
      }
    }
    return true;
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
    for (int b = 0; b < owners.length; b++) {
      moved += owners[b] != other.owners[b] ? 1 : 0;
    }
    return moved;
  }

  /**
   * The owners as runs, {@code reducer*length} separated by commas, in bin order: {@code
   * 0*18,1*6,2*6}.
   */
  public String ownerRuns() {
    return OwnerRuns.format(owners);
  }

  private void checkContiguous() {
    if (!isContiguous()) {
      throw new IllegalStateException(this + " is not one contiguous range per reducer");
    }
  }

  private int checkReducer(int reducer) {
    if (reducer < 0 || reducer >= counts.length) {
      throw new IllegalArgumentException(
          "reducer " + reducer + " outside [0, " + counts.length + ")");
    }
    return reducer;
  }

  private int checkBin(int bin) {
    if (bin < 0 || bin >= owners.length) {
      throw new IllegalArgumentException("bin " + bin + " outside [0, " + owners.length + ")");
    }
    return bin;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BinAllocation)) {
      return false;
    }
    BinAllocation a = (BinAllocation) o;
    return a.binsPerReducer == binsPerReducer && Arrays.equals(a.owners, owners);
  }

  @Override
  public int hashCode() {
    return 31 * binsPerReducer + Arrays.hashCode(owners);
  }

  /** The counts, and the owner runs when the ranges are not contiguous in reducer order. */
  @Override
  public String toString() {
    return Arrays.toString(counts) + (isContiguous() ? "" : " as " + ownerRuns());
  }
}
