package io.pikachu.core.time;

import java.util.Arrays;

/** The most intervals open at one moment: how many tasks of a kind ran at once. */
public final class Overlap {
  private Overlap() {}

  /**
   * @param starts start times, one per interval
   * @param ends end times, one per interval ({@code ends[i] >= starts[i]})
   * @return the largest number of intervals open at once; an interval ending when another starts
   *     does not overlap it (a slot freed and refilled at one time held one task, not two)
   */
  public static int peak(long[] starts, long[] ends) {
    if (starts.length != ends.length) {
      throw new IllegalArgumentException(starts.length + " starts but " + ends.length + " ends");
    }
    long[] s = starts.clone();
    long[] e = ends.clone();
    Arrays.sort(s);
    Arrays.sort(e);
    int open = 0;
    int peak = 0;
    int j = 0;
    for (long start : s) {
      while (j < e.length && e[j] <= start) {
        open--;
        j++;
      }
      open++;
      peak = Math.max(peak, open);
    }
    return peak;
  }
}
