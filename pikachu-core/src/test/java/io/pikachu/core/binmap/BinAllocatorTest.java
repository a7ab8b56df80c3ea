package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class BinAllocatorTest {

  @Test
  void equation22ForThePapersCluster() {
    // 5 slow and 2 fast nodes with 2 reduce slots each, P = 4.34 (section 2.4.3).
    List<Double> p = new ArrayList<>(Collections.nCopies(10, 1.0));
    p.addAll(Collections.nCopies(4, 4.34));
    BinAllocation a = BinAllocator.allocate(10, p);
    double vs = 10.0 * 14 / (10 + 4.34 * 4);
    double vf = 4.34 * vs;
    for (int r = 0; r < 14; r++) {
      double ideal = r < 10 ? vs : vf;
      assertTrue(Math.abs(a.counts().get(r) - ideal) < 1, r + ": " + a.counts());
    }
    assertEquals(140, a.totalBins());
  }

  @Test
  void equalRatiosGiveTheEvenMap() {
    assertEquals(BinAllocation.even(10, 7), BinAllocator.allocate(10, Collections.nCopies(7, 2.5)));
  }

  @Test
  void oneReducerGetsEveryBin() {
    assertEquals(List.of(10), BinAllocator.allocate(10, List.of(3.0)).counts());
  }

  @Test
  void extremeRatiosStillLeaveEveryReducerABin() {
    BinAllocation a = BinAllocator.allocate(2, List.of(1e6, 1.0, 1.0, 1.0, 1e-6));
    assertEquals(List.of(6, 1, 1, 1, 1), a.counts());
  }

  @Test
  void rangesAreContiguousInReducerOrder() {
    BinAllocation a = new BinAllocation(10, List.of(5, 20, 5));
    assertEquals(0, a.start(0));
    assertEquals(5, a.end(0));
    assertEquals(5, a.start(1));
    assertEquals(25, a.end(1));
    assertEquals(25, a.start(2));
    assertEquals(30, a.end(2));
    // Reducer 0 keeps 0..4 of its 0..9; reducer 1 takes 5..9 and 20..24; reducer 2 loses 20..24.
    assertEquals(10, a.binsMoved());
  }

  @Test
  void propertiesOverManyShapes() {
    Random random = new Random(42);
    for (int trial = 0; trial < 3000; trial++) {
      int n = 1 + random.nextInt(60);
      int b = 1 + random.nextInt(20);
      int classes = 1 + random.nextInt(4);
      double[] classP = new double[classes];
      for (int c = 0; c < classes; c++) {
        classP[c] = Math.exp(random.nextGaussian() * 1.5);
      }
      List<Double> p = new ArrayList<>();
      for (int r = 0; r < n; r++) {
        p.add(classP[random.nextInt(classes)]);
      }
      BinAllocation a = BinAllocator.allocate(b, p);
      Supplier<String> where = () -> "n=" + n + " b=" + b + " p=" + p + " -> " + a.counts();

      assertEquals(n, a.reducers());
      assertEquals((long) b * n, a.counts().stream().mapToLong(Integer::longValue).sum(), where);
      int expectedStart = 0;
      for (int r = 0; r < n; r++) {
        assertTrue(a.counts().get(r) >= 1, where);
        assertEquals(expectedStart, a.start(r), where);
        expectedStart = a.end(r);
      }
      assertEquals(b * n, expectedStart, where);
      double sum = p.stream().mapToDouble(Double::doubleValue).sum();
      boolean clamped = p.stream().anyMatch(x -> b * n * x / sum < 1);
      for (int r = 0; r < n; r++) {
        for (int s = 0; s < n; s++) {
          if (p.get(r) > p.get(s)) {
            assertTrue(
                a.counts().get(r) >= a.counts().get(s),
                () -> "larger P, no fewer bins: " + where.get());
          }
        }
        if (!clamped) {
          double ideal = b * n * p.get(r) / sum;
          assertTrue(
              Math.abs(a.counts().get(r) - ideal) < 1,
              () -> "within a bin of the ideal: " + where.get());
        }
      }
    }
  }

  @Test
  void rejectsRatiosThatAreNotPositive() {
    assertThrows(
        IllegalArgumentException.class, () -> BinAllocator.allocate(10, List.of(1.0, 0.0)));
    assertThrows(
        IllegalArgumentException.class, () -> BinAllocator.allocate(10, List.of(1.0, Double.NaN)));
    assertThrows(IllegalArgumentException.class, () -> BinAllocator.allocate(10, List.of()));
    assertThrows(IllegalArgumentException.class, () -> new BinAllocation(10, List.of(10, 9)));
    assertThrows(IllegalArgumentException.class, () -> new BinAllocation(10, List.of(20, 0)));
  }
}
