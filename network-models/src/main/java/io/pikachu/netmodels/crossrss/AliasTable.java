package io.pikachu.netmodels.crossrss;

/**
 * Walker's alias method: draws from a discrete distribution in constant time from one uniform
 * number (a binary search over the cumulative distribution costs more at millions of draws a
 * second).
 */
final class AliasTable {
  private final double[] keep;
  private final int[] alias;

  AliasTable(double[] probabilities) {
    int n = probabilities.length;
    keep = new double[n];
    alias = new int[n];
    int[] small = new int[n];
    int[] large = new int[n];
    int smalls = 0;
    int larges = 0;
    double[] scaled = new double[n];
    for (int i = 0; i < n; i++) {
      scaled[i] = probabilities[i] * n;
      if (scaled[i] < 1) small[smalls++] = i;
      else large[larges++] = i;
    }
    while (smalls > 0 && larges > 0) {
      int s = small[--smalls];
      int l = large[--larges];
      keep[s] = scaled[s];
      alias[s] = l;
      scaled[l] -= 1 - scaled[s];
      if (scaled[l] < 1) small[smalls++] = l;
      else large[larges++] = l;
    }
    while (larges > 0) keep[large[--larges]] = 1;
    while (smalls > 0) keep[small[--smalls]] = 1; // rounding leftovers
  }

  /** The outcome for a uniform draw {@code u} in [0, 1). */
  int sample(double u) {
    double x = u * keep.length;
    int i = (int) x;
    return x - i < keep[i] ? i : alias[i];
  }
}
