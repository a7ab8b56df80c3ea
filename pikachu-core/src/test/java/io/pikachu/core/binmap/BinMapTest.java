package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class BinMapTest {
  @Test
  void evenMapGivesEachReducerItsConsecutiveBins() {
    BinMap map = BinMap.even(4, 10, true);
    assertEquals(40, map.totalBins());
    assertEquals(0, map.version());
    assertTrue(map.isFinal());
    assertEquals(20, map.start(2));
    assertEquals(30, map.end(2));
    assertEquals(2, map.owner(25));
    assertEquals(3, map.owner(39));
    assertEquals(0, map.owner(0));
  }

  @Test
  void rangesFollowReducerOrderAndCoverEveryBinOnce() {
    BinMap map = BinMap.fromCounts(3, false, 10, new int[] {18, 6, 1, 15});
    int expectedStart = 0;
    for (int r = 0; r < map.reducers(); r++) {
      assertEquals(expectedStart, map.start(r));
      expectedStart = map.end(r);
    }
    assertEquals(40, expectedStart);
    for (int b = 0; b < 40; b++) {
      int owners = 0;
      for (int r = 0; r < 4; r++) {
        owners += map.owns(r, b) ? 1 : 0;
      }
      assertEquals(1, owners, "bin " + b);
      assertTrue(map.owns(map.owner(b), b));
    }
  }

  @Test
  void rejectsCountsThatDoNotFitTheJob() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> BinMap.fromCounts(1, false, 10, new int[] {18, 6, 7}));
    assertTrue(e.getMessage().contains("31 bins"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> BinMap.fromCounts(1, false, 10, new int[] {30, 0, 10}));
    assertThrows(IllegalArgumentException.class, () -> BinMap.fromCounts(-1, false, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> BinMap.even(0, 10, true));
    assertThrows(IllegalArgumentException.class, () -> BinMap.even(3, 10, true).owner(30));
  }

  @Test
  void countsAreDefensivelyCopied() {
    int[] counts = {5, 5};
    BinMap map = BinMap.fromCounts(1, false, counts);
    counts[0] = 9;
    assertEquals(5, map.count(0));
    map.counts()[1] = 9;
    assertEquals(5, map.count(1));
  }

  @Test
  void ownershipChangeListsGainedAndLostBins() {
    BinMap even = BinMap.even(3, 10, false);
    BinMap skewed = BinMap.fromCounts(1, true, 10, new int[] {18, 6, 6});
    OwnershipChange r1 = OwnershipChange.between(even.bins(1), skewed, 1);
    BitSet gained = new BitSet();
    gained.set(20, 24);
    BitSet lost = new BitSet();
    lost.set(10, 18);
    assertEquals(gained, r1.gained());
    assertEquals(lost, r1.lost());
    assertTrue(OwnershipChange.between(even.bins(2), even, 2).isEmpty());
    assertFalse(OwnershipChange.between(new BitSet(), even, 0).isEmpty());
  }
}
