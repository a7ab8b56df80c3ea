package io.pikachu.netmodels.hashing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ResilientHashTableTest {
  @Test
  void removingADipMovesNoConnectionOfTheOtherDips() {
    ResilientHashTable table = new ResilientHashTable(new int[] {1, 2, 1, 1, 2, 1}, 16);
    Random rnd = new Random(1);
    long[] flows = new long[20_000];
    int[] before = new int[flows.length];
    for (int i = 0; i < flows.length; i++) {
      flows[i] = ResilientHashTable.flowHash(rnd.nextInt(), 0x0A000001, rnd.nextInt(65536), 80, 6);
      before[i] = table.dipFor(flows[i]);
    }
    table.removeDip(4);
    int moved = 0;
    int[] newHomes = new int[6];
    for (int i = 0; i < flows.length; i++) {
      int after = table.dipFor(flows[i]);
      if (before[i] != 4) {
        assertEquals(before[i], after, "flow " + i + " of DIP " + before[i] + " was remapped");
      } else {
        assertNotEquals(4, after);
        newHomes[after]++;
        moved++;
      }
    }
    assertTrue(moved > 0);
    int receivers = 0;
    for (int n : newHomes) if (n > 0) receivers++;
    assertTrue(
        receivers >= 3,
        "the removed DIP's flows should spread over several DIPs, got " + receivers);
  }

  @Test
  void modularHashingWouldHaveMovedMostFlows() {
    // Why resilient hashing matters: hash mod n moves about (n-1)/n of all flows when n shrinks.
    Random rnd = new Random(2);
    int moved = 0;
    int total = 10_000;
    for (int i = 0; i < total; i++) {
      long h = ResilientHashTable.flowHash(rnd.nextInt(), 1, rnd.nextInt(65536), 443, 6);
      if (Math.floorMod(h, 6L) != Math.floorMod(h, 5L)) moved++;
    }
    assertTrue(moved > total / 2, "modulo hashing moved only " + moved);
  }

  @Test
  void bucketsFollowWcmpWeightsAndLastDipCannotBeRemoved() {
    ResilientHashTable table = new ResilientHashTable(new int[] {1, 3}, 8);
    assertEquals(8, table.bucketCounts()[0]);
    assertEquals(24, table.bucketCounts()[1]);
    table.removeDip(0);
    assertThrows(IllegalStateException.class, () -> table.removeDip(1));
    assertThrows(IllegalArgumentException.class, () -> table.removeDip(0));
  }

  @Test
  void wcmpReplicasFollowWeightsWithinTolerance() {
    assertEquals(
        java.util.List.of(1, 2, 1),
        java.util.Arrays.stream(WcmpWeights.replicas(new double[] {1, 2, 1}, 64)).boxed().toList());
    double[] w = {1.0, 1.3, 2.7};
    int[] r = WcmpWeights.replicas(w, 64);
    assertTrue(
        WcmpWeights.error(w, r) <= WcmpWeights.TOLERANCE, "error " + WcmpWeights.error(w, r));
    assertThrows(
        IllegalArgumentException.class, () -> WcmpWeights.replicas(new double[] {1, 1, 1}, 2));
    assertThrows(
        IllegalArgumentException.class, () -> WcmpWeights.replicas(new double[] {1, 0}, 8));
  }
}
