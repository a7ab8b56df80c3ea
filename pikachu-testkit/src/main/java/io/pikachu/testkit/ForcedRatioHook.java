package io.pikachu.testkit;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinAllocator;
import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.config.TestHookKeys;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;

/**
 * TEST/SWEEP HOOK ({@code pikachu.test.forced-ratio}): forced changes of the bin map, without any
 * controller. Change k moves to partition ratio P_k once the fraction a_k of the maps finished (at
 * 1.0: once all maps finished and the reducer fetched all its bins); the last change is final, the
 * ones before it are versions reducers fetch by but never merge by. Every reducer computes the same
 * sequence of maps from the job configuration, so the output stays exact; two changes show bins
 * gained in one version and lost in the next.
 */
public final class ForcedRatioHook implements BinMapSource {
  private final List<BinMap> maps; // maps.get(0) is the even map, maps.get(k) change k
  private final List<Double> afterMaps;
  private int applied;

  /**
   * @param ratios P of each change, in order
   * @param afterMaps the fraction of the maps finished at which each change applies, in (0, 1], not
   *     decreasing
   * @param keepOrder the job is total order: the forced maps keep contiguous ranges in reducer
   *     order; otherwise each change moves the fewest bins from the one before
   */
  public ForcedRatioHook(
      int reducers,
      int binsPerReducer,
      List<Double> ratios,
      List<Double> afterMaps,
      BitSet fast,
      boolean keepOrder) {
    if (ratios.isEmpty() || ratios.stream().anyMatch(p -> !(p > 0) || Double.isInfinite(p))) {
      throw new IllegalArgumentException(
          TestHookKeys.FORCED_RATIO.name() + " must list positive numbers, got " + ratios);
    }
    if (afterMaps.size() != ratios.size()) {
      throw new IllegalArgumentException(
          TestHookKeys.FORCED_AFTER_MAPS.name()
              + " must give one fraction for each ratio of "
              + TestHookKeys.FORCED_RATIO.name()
              + ", got "
              + afterMaps
              + " for "
              + ratios);
    }
    for (int k = 0; k < afterMaps.size(); k++) {
      double a = afterMaps.get(k);
      if (!(a > 0 && a <= 1) || (k > 0 && a < afterMaps.get(k - 1))) {
        throw new IllegalArgumentException(
            TestHookKeys.FORCED_AFTER_MAPS.name()
                + " must be fractions in (0, 1], not decreasing, got "
                + afterMaps);
      }
    }
    if (fast.isEmpty() || fast.length() > reducers) {
      throw new IllegalArgumentException(
          TestHookKeys.FORCED_FAST_REDUCERS.name()
              + " must name reducer indexes in [0, "
              + reducers
              + "), got "
              + fast);
    }
    List<BinMap> all = new ArrayList<>();
    all.add(BinMap.even(reducers, binsPerReducer, false));
    for (int k = 0; k < ratios.size(); k++) {
      BinAllocation next =
          all.get(k)
              .allocation()
              .rebalanced(countsFor(reducers, binsPerReducer, ratios.get(k), fast), keepOrder);
      all.add(new BinMap(k + 1, k == ratios.size() - 1, next));
    }
    this.maps = Collections.unmodifiableList(new ArrayList<>(all));
    this.afterMaps = Collections.unmodifiableList(new ArrayList<>(afterMaps));
  }

  /** Parses the fast-reducer list; default the first half of the reducers (at least one). */
  public static BitSet parseFast(String raw, int reducers) {
    BitSet fast = new BitSet();
    if (raw == null || raw.trim().isEmpty()) {
      fast.set(0, Math.max(1, reducers / 2));
      return fast;
    }
    for (String part : raw.split(",")) {
      try {
        int r = Integer.parseInt(part.trim());
        if (r < 0 || r >= reducers) {
          throw new NumberFormatException();
        }
        fast.set(r);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            TestHookKeys.FORCED_FAST_REDUCERS.name()
                + " must list"
                + " reducer indexes in [0, "
                + reducers
                + "), got '"
                + raw
                + "'");
      }
    }
    return fast;
  }

  /** Equation 2.2 ({@link BinAllocator}): fast reducers get P times the bins of slow ones. */
  static int[] countsFor(int reducers, int binsPerReducer, double ratio, BitSet fast) {
    List<Double> weights = new ArrayList<>();
    for (int r = 0; r < reducers; r++) {
      weights.add(fast.get(r) ? ratio : 1.0);
    }
    return BinAllocator.allocate(binsPerReducer, weights).countArray();
  }

  @Override
  public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) {
    // 1.0 means "after the shuffle": all maps finished and this reducer fetched all its bins,
    // so every lost bin is dropped after being fetched and every gained bin is re-shuffled
    while (applied < afterMaps.size()) {
      double a = afterMaps.get(applied);
      if (mapsFinished < Math.ceil(a * totalMaps) || (a >= 1 && !fetchedAll)) {
        break;
      }
      applied++;
    }
    return maps.get(applied);
  }

  @Override
  public BinMap forceFinal(BinMap current) {
    applied = afterMaps.size();
    return maps.get(applied);
  }

  @Override
  public String describe() {
    return "TEST HOOK: forced "
        + maps.subList(1, maps.size())
        + " after "
        + afterMaps
        + " of the maps";
  }
}
