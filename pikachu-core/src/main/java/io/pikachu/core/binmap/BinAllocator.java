package io.pikachu.core.binmap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Equation 2.2 generalised to any number of classes: reducer r with partition ratio P_r gets
 *
 * <pre>  v_r = b * N * P_r / sum_j P_j</pre>
 *
 * bins, which for two classes is V_s = b(N_s + N_f) / (N_s + P N_f) and V_f = P V_s. Whole bins
 * come from largest-remainder rounding under the constraint that every reducer keeps at least one
 * bin, so the counts sum to exactly b * N.
 */
public final class BinAllocator {

  private BinAllocator() {}

  /**
   * @param ratios P of each reducer, in reducer order; all finite and positive
   */
  public static BinAllocation allocate(int binsPerReducer, List<Double> ratios) {
    int n = ratios.size();
    if (n == 0 || binsPerReducer < 1) {
      throw new IllegalArgumentException(
          "need at least one reducer and one bin per reducer, got "
              + n
              + " reducers and "
              + binsPerReducer
              + " bins per reducer");
    }
    double sum = 0;
    for (int r = 0; r < n; r++) {
      double p = ratios.get(r);
      if (!(p > 0) || Double.isInfinite(p)) {
        throw new IllegalArgumentException(
            "partition ratio of reducer " + r + " is " + p + "; it must be finite and positive");
      }
      sum += p;
    }
    long total = (long) binsPerReducer * n;
    double[] ideal = new double[n];
    int[] counts = new int[n];
    long assigned = 0;
    for (int r = 0; r < n; r++) {
      ideal[r] = total * ratios.get(r) / sum;
      counts[r] = Math.max(1, (int) Math.floor(ideal[r]));
      assigned += counts[r];
    }
    // Hand out the missing bins to the largest remainders, or, if raising small shares to one bin
    // overshot,
    // take bins back from the reducers furthest above their ideal share. Ties go to the lower
    // reducer index.
    List<Integer> order =
        new ArrayList<>(IntStream.range(0, n).boxed().collect(Collectors.toList()));
    if (assigned < total) {
      order.sort(
          Comparator.comparingDouble((Integer r) -> counts[r] - ideal[r]).thenComparing(r -> r));
      for (int i = 0; assigned < total; i = (i + 1) % n) {
        counts[order.get(i)]++;
        assigned++;
      }
    } else {
      while (assigned > total) {
        int victim = -1;
        for (int r = 0; r < n; r++) {
          if (counts[r] > 1
              && (victim < 0 || counts[r] - ideal[r] > counts[victim] - ideal[victim])) {
            victim = r;
          }
        }
        counts[victim]--;
        assigned--;
      }
    }
    return BinAllocation.of(binsPerReducer, counts);
  }
}
