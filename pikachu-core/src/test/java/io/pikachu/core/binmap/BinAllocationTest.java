package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BinAllocationTest {

  @Test
  void hashStyleChangesMoveOnlyTheBinsTheCountsRequire() {
    BinAllocation even = BinAllocation.even(10, 6);
    BinAllocation next = even.rebalanced(new int[] {20, 5, 5, 20, 5, 5}, false);
    assertEquals(List.of(20, 5, 5, 20, 5, 5), next.counts());
    assertEquals(20, next.binsMovedFrom(even), "the 20 bins the slow reducers give up");
    // the same counts as contiguous ranges in reducer order move half the job
    BinAllocation ordered = even.rebalanced(new int[] {20, 5, 5, 20, 5, 5}, true);
    assertTrue(ordered.isContiguous());
    assertEquals(30, ordered.binsMovedFrom(even));
    assertFalse(next.isContiguous());
  }

  @Test
  void aReducerKeepsItsOwnPartitionAsLongAsItCan() {
    BinAllocation next = BinAllocation.even(10, 3).rebalanced(new int[] {18, 6, 6}, false);
    for (int b = 0; b < 10; b++) {
      assertEquals(0, next.owner(b));
    }
    for (int b = 10; b < 16; b++) {
      assertEquals(1, next.owner(b));
    }
    for (int b = 20; b < 26; b++) {
      assertEquals(2, next.owner(b));
    }
  }

  @Test
  void returningToEvenCountsRestoresTheEvenMap() {
    BinAllocation even = BinAllocation.even(10, 4);
    BinAllocation v1 = even.rebalanced(new int[] {25, 5, 5, 5}, false);
    BinAllocation v2 = v1.rebalanced(new int[] {10, 10, 10, 10}, false);
    assertEquals(even, v2);
    assertTrue(v2.isEven());
    assertEquals(15, v2.binsMovedFrom(v1), "only what v1 moved moves back");
  }

  @Test
  void aSecondChangeMovesTheFewestBinsFromTheFirst() {
    BinAllocation v1 = BinAllocation.even(10, 4).rebalanced(new int[] {25, 5, 5, 5}, false);
    BinAllocation v2 = v1.rebalanced(new int[] {19, 7, 7, 7}, false);
    assertEquals(6, v2.binsMovedFrom(v1));
    assertEquals(List.of(19, 7, 7, 7), v2.counts());
    // what reducer 0 gives back goes home: each slow reducer gets two of its own bins again
    for (int r = 1; r < 4; r++) {
      int home = 0;
      for (int b = r * 10; b < r * 10 + 10; b++) {
        home += v2.owner(b) == r ? 1 : 0;
      }
      assertEquals(7, home, "reducer " + r);
    }
  }

  @Test
  void randomChangesMoveExactlyTheSumOfTheGains() {
    Random rnd = new Random(42);
    for (int trial = 0; trial < 300; trial++) {
      int n = 1 + rnd.nextInt(12);
      int b = 1 + rnd.nextInt(12);
      BinAllocation current = BinAllocation.even(b, n);
      for (int step = 0; step < 4; step++) {
        int[] counts = randomCounts(rnd, n, b);
        BinAllocation next = current.rebalanced(counts, false);
        int gains = 0;
        for (int r = 0; r < n; r++) {
          assertEquals(counts[r], next.count(r));
          gains += Math.max(0, counts[r] - current.count(r));
        }
        assertEquals(gains, next.binsMovedFrom(current), "trial " + trial + " step " + step);
        current = next;
      }
    }
  }

  @Test
  void ownerRunsDescribeEveryBin() {
    BinAllocation a = BinAllocation.even(10, 3).rebalanced(new int[] {18, 6, 6}, false);
    assertEquals("0*10,1*6,0*4,2*6,0*4", a.ownerRuns());
    assertEquals("[18, 6, 6] as 0*10,1*6,0*4,2*6,0*4", a.toString());
    assertEquals("0*10,1*10", BinAllocation.even(10, 2).ownerRuns());
  }

  @Test
  void startAndEndAreOnlyForContiguousAllocations() {
    BinAllocation a = BinAllocation.even(10, 3).rebalanced(new int[] {18, 6, 6}, false);
    assertThrows(IllegalStateException.class, () -> a.start(1));
    assertThrows(
        IllegalArgumentException.class,
        () -> a.rebalanced(new int[] {10, 10}, false),
        "counts of another job");
    assertThrows(
        IllegalArgumentException.class,
        () -> BinAllocation.ofOwners(10, 2, new int[] {0, 0, 0}),
        "3 owners for 2 x 10 bins");
  }

  private static int[] randomCounts(Random rnd, int n, int b) {
    int[] counts = new int[n];
    java.util.Arrays.fill(counts, 1);
    for (int i = 0; i < n * b - n; i++) {
      counts[rnd.nextInt(n)]++;
    }
    return counts;
  }
}
