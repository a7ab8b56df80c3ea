package io.pikachu.core.partitioning;

import java.util.List;

/**
 * Cuts each partition of a total-order job into {@code binsPerReducer} key ranges, in key order,
 * for keys ordered by their bytes (unsigned, lexicographic). Partition p holds the keys in [split
 * p-1, split p); its slice of a key is the key's position in that range, read from the eight bytes
 * after the prefix that every key of the range shares. The cut is monotone in the key, so bins in
 * bin order are key ranges in key order; how evenly it spreads a partition's keys depends on how
 * evenly they spread over those bytes (uniformly for random keys such as TeraSort's).
 *
 * <p>The first and the last partition are open ended. Cut over all byte strings below the first
 * split point (or above the last), keys drawn from a narrower alphabet, such as text, would all
 * fall into one slice, so their range is taken as wide as the neighbouring partition's, in the
 * first eight bytes, and keys beyond it go to the outermost slice.
 */
public final class KeyRangeSlicer {
  private final int binsPerReducer;
  private final int[] prefix;
  private final double[] low;
  private final double[] width;

  /**
   * @param splitPoints the job's split points, one fewer than its partitions, in ascending order
   * @throws IllegalArgumentException if they are out of order
   */
  public KeyRangeSlicer(List<byte[]> splitPoints, int binsPerReducer) {
    if (binsPerReducer < 1) {
      throw new IllegalArgumentException("bins per reducer must be >= 1, got " + binsPerReducer);
    }
    for (int i = 1; i < splitPoints.size(); i++) {
      if (compareUnsigned(splitPoints.get(i - 1), splitPoints.get(i)) > 0) {
        throw new IllegalArgumentException(
            "split points " + (i - 1) + " and " + i + " are out of order");
      }
    }
    int partitions = splitPoints.size() + 1;
    this.binsPerReducer = binsPerReducer;
    this.prefix = new int[partitions];
    this.low = new double[partitions];
    this.width = new double[partitions];
    for (int p = 0; p < partitions; p++) {
      byte[] lo = p == 0 ? new byte[0] : splitPoints.get(p - 1);
      byte[] hi = p == partitions - 1 ? null : splitPoints.get(p);
      int common = hi == null ? 0 : mismatch(lo, hi);
      prefix[p] = common < 0 ? lo.length : common; // every key in [lo, hi) starts with it
      low[p] = position(lo, 0, lo.length, prefix[p]);
      width[p] = (hi == null ? 1.0 : position(hi, 0, hi.length, prefix[p])) - low[p];
    }
    if (splitPoints.size() >= 2) {
      int last = partitions - 1;
      double first = position(splitPoints.get(0), 0, splitPoints.get(0).length, 0);
      double second = position(splitPoints.get(1), 0, splitPoints.get(1).length, 0);
      if (second > first) {
        low[0] = Math.max(0, first - (second - first));
        width[0] = first - low[0];
      }
      byte[] top = splitPoints.get(last - 1);
      byte[] below = splitPoints.get(last - 2);
      double t = position(top, 0, top.length, 0);
      double b = position(below, 0, below.length, 0);
      if (t > b) {
        width[last] = Math.min(1.0, t + (t - b)) - t;
      }
    }
  }

  public int partitions() {
    return prefix.length;
  }

  /** The slice, in [0, binsPerReducer), of a key of {@code partition}. */
  public int slice(int partition, byte[] key, int offset, int length) {
    if (width[partition] <= 0) {
      return 0; // the range is narrower than eight bytes can tell apart
    }
    double fraction =
        (position(key, offset, length, prefix[partition]) - low[partition]) / width[partition];
    return (int) Math.max(0, Math.min(binsPerReducer - 1, Math.floor(fraction * binsPerReducer)));
  }

  /** The eight bytes after {@code skip}, zero-padded, as a fraction in [0, 1). */
  private static double position(byte[] key, int offset, int length, int skip) {
    long bits = 0;
    for (int i = 0; i < Long.BYTES; i++) {
      int at = skip + i;
      bits = (bits << 8) | (at < length ? key[offset + at] & 0xff : 0);
    }
    return (bits >>> 11) * 0x1.0p-53;
  }

  /** Lexicographic order of unsigned bytes, as Hadoop's raw comparators order keys. */
  private static int compareUnsigned(byte[] a, byte[] b) {
    int common = mismatch(a, b);
    if (common < 0) {
      return 0;
    }
    if (common == Math.min(a.length, b.length)) {
      return Integer.compare(a.length, b.length);
    }
    return Integer.compare(a[common] & 0xff, b[common] & 0xff);
  }

  /** The first index at which {@code a} and {@code b} differ, or -1 if they are equal. */
  private static int mismatch(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      if (a[i] != b[i]) {
        return i;
      }
    }
    return a.length == b.length ? -1 : n;
  }
}
