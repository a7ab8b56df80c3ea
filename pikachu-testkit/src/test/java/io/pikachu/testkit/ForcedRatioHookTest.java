package io.pikachu.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.TestHookKeys;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class ForcedRatioHookTest {

  private static BitSet set(int... bits) {
    BitSet s = new BitSet();
    for (int b : bits) {
      s.set(b);
    }
    return s;
  }

  @Test
  void equation22CountsAddUpAndFavourFastReducers() {
    assertArrayEquals(new int[] {18, 6, 6}, ForcedRatioHook.countsFor(3, 10, 3, set(0)));
    assertArrayEquals(new int[] {15, 15, 5, 5}, ForcedRatioHook.countsFor(4, 10, 3, set(0, 1)));
    int[] counts = ForcedRatioHook.countsFor(7, 10, 4.34, set(1, 4, 6));
    int sum = 0;
    for (int c : counts) {
      sum += c;
      assertTrue(c >= 1);
    }
    assertEquals(70, sum);
    assertTrue(counts[1] > 3 * counts[0]);
    // extreme ratio: every slow reducer still keeps one bin
    int[] extreme = ForcedRatioHook.countsFor(4, 1, 1000, set(0));
    assertArrayEquals(new int[] {1, 1, 1, 1}, extreme);
    assertArrayEquals(new int[] {37, 1, 1, 1}, ForcedRatioHook.countsFor(4, 10, 1000, set(0)));
  }

  @Test
  void forcedHookChangesOnceEnoughMapsFinishedAndIsFinalOnlyThen() {
    ForcedRatioHook hook = new ForcedRatioHook(3, 10, List.of(3.0), List.of(0.5), set(0), true);
    BinMap before = hook.current(2, 6, false);
    assertFalse(before.isFinal(), "no final merge before the change");
    assertEquals(BinMap.even(3, 10, false), before);
    BinMap after = hook.current(3, 6, false);
    assertTrue(after.isFinal());
    assertArrayEquals(new int[] {18, 6, 6}, after.counts());
    assertEquals(after, hook.current(0, 6, false), "the change is not undone");
  }

  @Test
  void forcedHookAtOneWaitsUntilTheReducerFetchedEverything() {
    ForcedRatioHook hook = new ForcedRatioHook(3, 10, List.of(3.0), List.of(1.0), set(0), true);
    assertFalse(hook.current(6, 6, false).isFinal(), "all maps done, bins still missing");
    assertTrue(hook.current(6, 6, true).isFinal());
  }

  @Test
  void twoChangesGiveAProvisionalVersionThenAFinalOne() {
    // P = 3 for reducer 0 at half the maps, then back the other way, P = 1/3, after them
    ForcedRatioHook hook =
        new ForcedRatioHook(3, 10, List.of(3.0, 1.0 / 3), List.of(0.5, 1.0), set(0), false);
    assertEquals(BinMap.even(3, 10, false), hook.current(1, 6, false));
    BinMap v1 = hook.current(3, 6, false);
    assertEquals(1, v1.version());
    assertFalse(v1.isFinal(), "reducers fetch by v1 but do not merge by it");
    assertArrayEquals(new int[] {18, 6, 6}, v1.counts());
    assertEquals(v1, hook.current(6, 6, false), "v2 waits for every bin of v1 to be fetched");
    BinMap v2 = hook.current(6, 6, true);
    assertEquals(2, v2.version());
    assertTrue(v2.isFinal());
    assertEquals(List.of(4, 13, 13), v2.allocation().counts());
    // reducer 0 gives back what it gained in v1 and more; those bins go home first
    BitSet gainedInV1 = v1.bins(0);
    gainedInV1.andNot(BinMap.even(3, 10, false).bins(0));
    BitSet keptInV2 = (BitSet) gainedInV1.clone();
    keptInV2.and(v2.bins(0));
    assertTrue(keptInV2.isEmpty(), "every bin gained in v1 is lost in v2");
  }

  @Test
  void hookSettingsAreValidatedWithTheKeyName() {
    var ratio =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ForcedRatioHook(3, 10, List.of(-1.0), List.of(1.0), set(0), true));
    assertTrue(ratio.getMessage().contains(TestHookKeys.FORCED_RATIO.name()));
    var after =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ForcedRatioHook(3, 10, List.of(3.0), List.of(0.0), set(0), true));
    assertTrue(after.getMessage().contains(TestHookKeys.FORCED_AFTER_MAPS.name()));
    var mismatch =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ForcedRatioHook(3, 10, List.of(3.0, 2.0), List.of(1.0), set(0), true));
    assertTrue(
        mismatch.getMessage().contains("one fraction for each ratio"), mismatch.getMessage());
    var decreasing =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ForcedRatioHook(3, 10, List.of(3.0, 2.0), List.of(1.0, 0.5), set(0), true));
    assertTrue(decreasing.getMessage().contains("not decreasing"), decreasing.getMessage());
    var fast =
        assertThrows(IllegalArgumentException.class, () -> ForcedRatioHook.parseFast("0,7", 3));
    assertTrue(fast.getMessage().contains(TestHookKeys.FORCED_FAST_REDUCERS.name()));
    assertEquals(set(0, 1), ForcedRatioHook.parseFast(null, 4));
  }
}
