package io.pikachu.core.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OverlapTest {

  @Test
  void countsIntervalsOpenAtOnce() {
    assertEquals(0, Overlap.peak(new long[0], new long[0]));
    assertEquals(1, Overlap.peak(new long[] {5}, new long[] {6}));
    // an interval that ends as it starts never holds a slot
    assertEquals(0, Overlap.peak(new long[] {5}, new long[] {5}));
    assertEquals(
        3, Overlap.peak(new long[] {0, 1, 2, 10}, new long[] {5, 6, 7, 11}), "three overlap at 2");
  }

  @Test
  void anEndAtAStartFreesTheSlotFirst() {
    assertEquals(1, Overlap.peak(new long[] {0, 5, 10}, new long[] {5, 10, 15}));
    assertEquals(2, Overlap.peak(new long[] {0, 4}, new long[] {5, 10}));
  }

  @Test
  void mismatchedArraysAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> Overlap.peak(new long[1], new long[2]));
  }
}
