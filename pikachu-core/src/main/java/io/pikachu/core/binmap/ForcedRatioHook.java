package io.pikachu.core.binmap;

import io.pikachu.core.config.PikachuKeys;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * TEST/SWEEP HOOK ({@value PikachuKeys#TEST_FORCED_RATIO}): one forced change of the bin map to
 * partition ratio P once a fraction of the maps finished (at 1.0: once all maps finished and the
 * reducer fetched all its bins), without any controller. Every reducer computes the same final map
 * from the job configuration, so the output stays exact; the even map before the change is not
 * final, so no reducer merges before the change.
 */
public final class ForcedRatioHook implements BinMapSource {
  private final BinMap even;
  private final BinMap forced;
  private final float afterMaps;
  private boolean fired;

  /**
   * @param keepOrder the job is total order: the forced map keeps contiguous ranges in reducer
   *     order; otherwise it moves the fewest bins
   */
  public ForcedRatioHook(
      int reducers,
      int binsPerReducer,
      double ratio,
      float afterMaps,
      BitSet fast,
      boolean keepOrder) {
    if (!(ratio > 0) || Double.isInfinite(ratio)) {
      throw new IllegalArgumentException(
          PikachuKeys.TEST_FORCED_RATIO.name() + " must be a positive number, got " + ratio);
    }
    if (!(afterMaps > 0 && afterMaps <= 1)) {
      throw new IllegalArgumentException(
          PikachuKeys.TEST_FORCED_AFTER_MAPS.name() + " must be in (0, 1], got " + afterMaps);
    }
    if (fast.isEmpty() || fast.length() > reducers) {
      throw new IllegalArgumentException(
          PikachuKeys.TEST_FORCED_FAST_REDUCERS.name()
              + " must name reducer indexes in [0, "
              + reducers
              + "), got "
              + fast);
    }
    this.even = BinMap.even(reducers, binsPerReducer, false);
    this.forced =
        new BinMap(
            1,
            true,
            even.allocation()
                .rebalanced(countsFor(reducers, binsPerReducer, ratio, fast), keepOrder));
    this.afterMaps = afterMaps;
  }

  /** Parses the fast-reducer list; default the first half of the reducers (at least one). */
  public static BitSet parseFast(String raw, int reducers) {
    BitSet fast = new BitSet();
    if (raw == null || raw.isBlank()) {
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
            PikachuKeys.TEST_FORCED_FAST_REDUCERS.name()
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

  BinMap forcedMap() {
    return forced;
  }

  @Override
  public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) {
    // 1.0 means "after the shuffle": all maps finished and this reducer fetched all its bins,
    // so every lost bin is dropped after being fetched and every gained bin is re-shuffled
    if (!fired
        && mapsFinished >= Math.ceil(afterMaps * totalMaps)
        && (afterMaps < 1 || fetchedAll)) {
      fired = true;
    }
    return fired ? forced : even;
  }

  @Override
  public BinMap forceFinal(BinMap current) {
    fired = true;
    return forced;
  }

  @Override
  public String describe() {
    return "TEST HOOK: forced " + forced + " after " + afterMaps + " of the maps";
  }
}
