package io.pikachu.core.binmap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rule {@value #RULE}: equation 2.2 applied to bytes. Each reducer's share of the job's map output
 * is its weight (the partition ratio P of its node class) over the sum of the weights, and the bins
 * are given out so that the bytes each reducer holds match that share as closely as whole bins
 * allow, moving from the allocation in force as few bytes as that takes. Where bins hold the same
 * bytes this is equation 2.2 itself; where the job's keys are skewed, a reducer of a slow node is
 * no longer handed a few bins that happen to hold most of the data.
 *
 * <p>Total order keeps each reducer's one contiguous range of bins, in reducer order: the cut
 * points are the ones that make the highest load (bytes over share) as low as ranges allow. Any
 * other job may move any bin: the most loaded reducer (bytes over share) gives the bin that best
 * fills the least loaded one's gap, for as long as that lowers the higher of their two loads. A bin
 * larger than a reducer's share cannot be split: such bins are named, with the load the best
 * balance leaves.
 */
public final class ByteAllocator {

  public static final String RULE = "bytes-by-capacity";

  private ByteAllocator() {}

  /** What an allocation by bytes gives each reducer. */
  public static final class Result {
    private final BinAllocation allocation;
    private final long[] reducerBytes;
    private final double[] shares;
    private final List<Integer> oversizedBins;

    Result(
        BinAllocation allocation, long[] reducerBytes, double[] shares, List<Integer> oversized) {
      this.allocation = allocation;
      this.reducerBytes = reducerBytes;
      this.shares = shares;
      this.oversizedBins = oversized;
    }

    public BinAllocation allocation() {
      return allocation;
    }

    /** The bytes each reducer holds under {@link #allocation()}. */
    public long[] reducerBytes() {
      return reducerBytes.clone();
    }

    /**
     * Each reducer's share of the bytes: its weight over the sum of the weights, times the total.
     */
    public double[] shares() {
      return shares.clone();
    }

    /** Bins holding more bytes than the smallest reducer share: they alone unbalance a reducer. */
    public List<Integer> oversizedBins() {
      return oversizedBins;
    }

    /** The highest load, bytes over share, of any reducer: 1 is a perfect balance. */
    public double worstLoad() {
      return ByteAllocator.worstLoad(reducerBytes, shares);
    }
  }

  /**
   * @param inForce the allocation the reducers follow now
   * @param binBytes each bin's bytes (estimated over all maps), by bin
   * @param weights each reducer's partition ratio, by reducer; finite and positive
   * @param keepsOrder the job is total order
   */
  public static Result allocate(
      BinAllocation inForce, long[] binBytes, List<Double> weights, boolean keepsOrder) {
    int reducers = inForce.reducers();
    if (binBytes.length != inForce.totalBins() || weights.size() != reducers) {
      throw new IllegalArgumentException(
          "bytes of "
              + binBytes.length
              + " bins and weights of "
              + weights.size()
              + " reducers for an allocation of "
              + inForce.totalBins()
              + " bins over "
              + reducers
              + " reducers");
    }
    double[] shares = shares(binBytes, weights);
    int[] owners =
        keepsOrder ? contiguous(binBytes, shares) : movedFrom(ownersOf(inForce), binBytes, shares);
    BinAllocation allocation = BinAllocation.ofOwners(inForce.binsPerReducer(), reducers, owners);
    return new Result(
        allocation, loads(owners, binBytes, reducers), shares, oversized(binBytes, shares));
  }

  /** The bytes each reducer holds under {@code allocation}. */
  public static long[] loads(BinAllocation allocation, long[] binBytes) {
    return loads(ownersOf(allocation), binBytes, allocation.reducers());
  }

  /** The highest bytes-over-share of any reducer. */
  public static double worstLoad(long[] reducerBytes, double[] shares) {
    double worst = 0;
    for (int r = 0; r < reducerBytes.length; r++) {
      worst = Math.max(worst, load(reducerBytes[r], shares[r]));
    }
    return worst;
  }

  /**
   * The highest load of any reducer once the reducers move from {@code from} to {@code to}, what a
   * reducer had fetched of the bins it gives up counted as work it did for nothing: its bytes under
   * {@code to} plus {@code fetchedShare} of the bytes of the bins it loses, over its share. A
   * reducer that gains a bin fetches no more than under {@code to}; one that loses bins has spent
   * time on them. So a move is worth its re-fetch only where this is below the load of the map in
   * force: late in the shuffle a loser has fetched most of what it gives up, and moving gains
   * little.
   *
   * @param fetchedShare the share of each bin's bytes the reducers have fetched so far, in [0, 1]
   */
  public static double worstLoadCountingDropped(
      BinAllocation from, BinAllocation to, long[] binBytes, double[] shares, double fetchedShare) {
    long[] held = loads(to, binBytes);
    double[] work = new double[held.length];
    for (int r = 0; r < held.length; r++) {
      work[r] = held[r];
    }
    for (int b = 0; b < binBytes.length; b++) {
      if (from.owner(b) != to.owner(b)) {
        work[from.owner(b)] += fetchedShare * binBytes[b];
      }
    }
    double worst = 0;
    for (int r = 0; r < work.length; r++) {
      worst = Math.max(worst, load(work[r], shares[r]));
    }
    return worst;
  }

  static double[] shares(long[] binBytes, List<Double> weights) {
    double sum = 0;
    for (int r = 0; r < weights.size(); r++) {
      double w = weights.get(r);
      if (!(w > 0) || Double.isInfinite(w)) {
        throw new IllegalArgumentException(
            "weight of reducer " + r + " is " + w + "; it must be finite and positive");
      }
      sum += w;
    }
    long total = 0;
    for (long b : binBytes) {
      if (b < 0) {
        throw new IllegalArgumentException("a bin cannot hold " + b + " bytes");
      }
      total += b;
    }
    double[] shares = new double[weights.size()];
    for (int r = 0; r < shares.length; r++) {
      shares[r] = total * weights.get(r) / sum;
    }
    return shares;
  }

  /**
   * Cut points in bin order that make the highest load (bytes over share) as low as contiguous
   * ranges allow, every reducer keeping at least one bin: the lowest load bound under which each
   * reducer in turn, taking bins while they fit, leaves none over (a bisection on the bound).
   */
  private static int[] contiguous(long[] binBytes, double[] shares) {
    double lo = 0;
    double hi = 1;
    while (cuts(binBytes, shares, hi) == null) {
      hi *= 2;
    }
    for (int i = 0; i < 60; i++) {
      double mid = (lo + hi) / 2;
      if (cuts(binBytes, shares, mid) == null) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    int[] ends = cuts(binBytes, shares, hi);
    int[] owners = new int[binBytes.length];
    int start = 0;
    for (int r = 0; r < shares.length; r++) {
      Arrays.fill(owners, start, ends[r], r);
      start = ends[r];
    }
    return owners;
  }

  /**
   * Each reducer's range end when every reducer takes bins while it stays under {@code bound} times
   * its share (and leaves a bin for each reducer after it); null when bins are left over, or a
   * reducer's first bin alone exceeds the bound.
   */
  private static int[] cuts(long[] binBytes, double[] shares, double bound) {
    int reducers = shares.length;
    int[] ends = new int[reducers];
    int b = 0;
    for (int r = 0; r < reducers; r++) {
      int last = binBytes.length - (reducers - 1 - r);
      double cap = bound * shares[r];
      long held = binBytes[b];
      if (held > cap) {
        return null;
      }
      b++;
      while (b < last && held + binBytes[b] <= cap) {
        held += binBytes[b];
        b++;
      }
      ends[r] = b;
    }
    return b == binBytes.length ? ends : null;
  }

  /**
   * From the allocation in force, moves single bins from the most loaded reducer to the least
   * loaded one while that lowers the higher of their two loads; each move lowers the pair's worse
   * load, so the loop ends.
   */
  private static int[] movedFrom(int[] start, long[] binBytes, double[] shares) {
    int reducers = shares.length;
    int[] owners = start.clone();
    long[] loads = loads(owners, binBytes, reducers);
    int[] counts = new int[reducers];
    for (int o : owners) {
      counts[o]++;
    }
    for (int moves = 0; moves < owners.length * 2; moves++) {
      int over = 0;
      int under = 0;
      for (int r = 1; r < reducers; r++) {
        if (load(loads[r], shares[r]) > load(loads[over], shares[over])) {
          over = r;
        }
        if (load(loads[r], shares[r]) < load(loads[under], shares[under])) {
          under = r;
        }
      }
      if (over == under || counts[over] <= 1) {
        break;
      }
      double before = Math.max(load(loads[over], shares[over]), load(loads[under], shares[under]));
      int best = -1;
      double bestAfter = before;
      for (int b = 0; b < owners.length; b++) {
        if (owners[b] != over || binBytes[b] == 0) {
          continue;
        }
        double after =
            Math.max(
                load(loads[over] - binBytes[b], shares[over]),
                load(loads[under] + binBytes[b], shares[under]));
        if (after < bestAfter - 1e-12) {
          best = b;
          bestAfter = after;
        }
      }
      if (best < 0) {
        break; // no single bin of the most loaded reducer helps: the balance is as good as bins
        // allow
      }
      owners[best] = under;
      loads[over] -= binBytes[best];
      loads[under] += binBytes[best];
      counts[over]--;
      counts[under]++;
    }
    return owners;
  }

  private static List<Integer> oversized(long[] binBytes, double[] shares) {
    double smallest = Double.MAX_VALUE;
    for (double s : shares) {
      smallest = Math.min(smallest, s);
    }
    List<Integer> big = new ArrayList<>();
    for (int b = 0; b < binBytes.length; b++) {
      if (binBytes[b] > smallest) {
        big.add(b);
      }
    }
    return big;
  }

  private static double load(double bytes, double share) {
    return share > 0 ? bytes / share : (bytes > 0 ? Double.POSITIVE_INFINITY : 0);
  }

  private static long[] loads(int[] owners, long[] binBytes, int reducers) {
    long[] loads = new long[reducers];
    for (int b = 0; b < owners.length; b++) {
      loads[owners[b]] += binBytes[b];
    }
    return loads;
  }

  private static int[] ownersOf(BinAllocation allocation) {
    int[] owners = new int[allocation.totalBins()];
    for (int b = 0; b < owners.length; b++) {
      owners[b] = allocation.owner(b);
    }
    return owners;
  }
}
