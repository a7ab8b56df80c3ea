package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Issue 43: bins given out by bytes, not by count. */
class ByteAllocatorTest {

  private static long[] equalBins(int n, long bytes) {
    long[] b = new long[n];
    Arrays.fill(b, bytes);
    return b;
  }

  @Test
  void equalBinsGiveEquation22sShares() {
    // P = 3 for reducer 0 of three: 30 bins become 18, 6, 6, as equation 2.2 gives
    ByteAllocator.Result r =
        ByteAllocator.allocate(
            BinAllocation.even(10, 3), equalBins(30, 1000), List.of(3.0, 1.0, 1.0), false);
    assertEquals(List.of(18, 6, 6), r.allocation().counts());
    assertEquals(1.0, r.worstLoad(), 1e-9);
    assertEquals(List.of(), r.oversizedBins());
  }

  /**
   * The Wordcount over Zipf words: one slow reducer's bins held four times another's. By
   * bytes, each reducer holds its share whatever its bins' count.
   */
  @Test
  void skewedBinsAreGivenOutByBytesNotByCount() {
    Random rnd = new Random(43);
    long[] bytes = new long[60];
    for (int b = 0; b < bytes.length; b++) {
      // Zipf-like: a few heavy bins, many light ones, in no order
      bytes[b] = (long) (1_000_000 / Math.pow(1 + rnd.nextInt(60), 1.0));
    }
    List<Double> weights = List.of(4.0, 4.0, 1.0, 1.0, 1.0, 1.0);
    BinAllocation byCount = BinAllocator.allocate(10, weights);
    double countLoad =
        ByteAllocator.worstLoad(
            ByteAllocator.loads(byCount, bytes), ByteAllocator.shares(bytes, weights));
    ByteAllocator.Result byBytes =
        ByteAllocator.allocate(BinAllocation.even(10, 6), bytes, weights, false);
    assertTrue(countLoad > 1.3, "counts leave a reducer well over its share: " + countLoad);
    assertTrue(byBytes.worstLoad() < 1.1, "bytes meet the shares: " + byBytes.worstLoad());
  }

  @Test
  void totalOrderKeepsContiguousRangesAndMeetsTheCumulativeShares() {
    long[] bytes = {5, 5, 5, 5, 40, 5, 5, 5, 5, 5, 5, 5};
    ByteAllocator.Result r =
        ByteAllocator.allocate(BinAllocation.even(4, 3), bytes, List.of(1.0, 1.0, 1.0), true);
    assertTrue(r.allocation().isContiguous(), r.allocation().toString());
    // 95 bytes, 31.7 each: [0,4) 20, [4,5) 40, [5,12) 35 is the lowest worst load any cut gives
    assertArrayEquals(new long[] {20, 40, 35}, r.reducerBytes());
    assertEquals(List.of(4), r.oversizedBins(), "bin 4 alone exceeds a share of 31.7");
  }

  @Test
  void aBinLargerThanAShareIsNamedAndTheRestBalancedAroundIt() {
    long[] bytes = equalBins(30, 10);
    bytes[7] = 500; // more than any reducer's share of 780 / 3
    ByteAllocator.Result r =
        ByteAllocator.allocate(BinAllocation.even(10, 3), bytes, List.of(1.0, 1.0, 1.0), false);
    assertEquals(List.of(7), r.oversizedBins());
    long[] loads = r.reducerBytes();
    int heavy = r.allocation().owner(7);
    for (int x = 0; x < 3; x++) {
      assertTrue(
          x == heavy || loads[x] >= 130, "the others take the rest: " + Arrays.toString(loads));
    }
    assertEquals(
        1, r.allocation().counts().get(heavy).intValue(), "the big bin's owner keeps it alone");
  }

  @Test
  void whatALoserAlreadyFetchedCountsAgainstAMove() {
    // reducer 0 holds 140 of 200 bytes (1.4 shares); moving bin 1 (40 bytes) to reducer 1 evens it
    long[] bytes = {100, 40, 30, 30};
    BinAllocation before = BinAllocation.ofOwners(2, 2, new int[] {0, 0, 1, 1});
    BinAllocation after = BinAllocation.ofOwners(2, 2, new int[] {0, 1, 1, 1});
    double[] shares = {100, 100};
    assertEquals(1.4, ByteAllocator.worstLoad(ByteAllocator.loads(before, bytes), shares), 1e-9);
    assertEquals(
        1.0,
        ByteAllocator.worstLoadCountingDropped(before, after, bytes, shares, 0.0),
        1e-9,
        "before any map, the move costs nothing");
    assertEquals(
        1.3,
        ByteAllocator.worstLoadCountingDropped(before, after, bytes, shares, 0.75),
        1e-9,
        "at 3/4 the loser has done 100 plus 30 of the bin it gives up: still worth moving");
    assertEquals(
        1.4,
        ByteAllocator.worstLoadCountingDropped(before, after, bytes, shares, 1.0),
        1e-9,
        "once every map is fetched the move buys nothing");
    assertEquals(
        1.4,
        ByteAllocator.worstLoadCountingDropped(before, before, bytes, shares, 0.75),
        1e-9,
        "no move, no loss");
  }

  @Test
  void aBalancedAllocationMovesNothing() {
    long[] bytes = equalBins(30, 100);
    BinAllocation even = BinAllocation.even(10, 3);
    ByteAllocator.Result r = ByteAllocator.allocate(even, bytes, List.of(1.0, 1.0, 1.0), false);
    assertEquals(0, r.allocation().binsMovedFrom(even));
  }

  @Test
  void everyReducerKeepsABinAndEveryBinOneOwner() {
    Random rnd = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      int reducers = 2 + rnd.nextInt(6);
      int perReducer = 1 + rnd.nextInt(6);
      long[] bytes = new long[reducers * perReducer];
      for (int b = 0; b < bytes.length; b++) {
        bytes[b] = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(1_000_000);
      }
      List<Double> weights = new ArrayList<>();
      for (int x = 0; x < reducers; x++) {
        weights.add(0.25 + rnd.nextDouble() * 4);
      }
      boolean ordered = rnd.nextBoolean();
      ByteAllocator.Result r =
          ByteAllocator.allocate(BinAllocation.even(perReducer, reducers), bytes, weights, ordered);
      long held = 0;
      for (long l : r.reducerBytes()) {
        held += l;
      }
      assertEquals(Arrays.stream(bytes).sum(), held);
      for (int c : r.allocation().counts()) {
        assertTrue(c >= 1);
      }
      if (ordered) {
        assertTrue(r.allocation().isContiguous());
      }
    }
  }
}
