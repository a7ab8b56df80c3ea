package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AliasTableTest {
  @Test
  void drawsFollowTheProbabilities() {
    double[] p = TraceShape.campusLike().pairPopularity();
    AliasTable t = new AliasTable(p);
    int n = 2_000_000;
    int[] hits = new int[p.length];
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < n; i++) hits[t.sample(r.nextDouble())]++;
    for (int i : new int[] {0, 1, 9, 99, p.length - 1}) {
      double expected = p[i] * n;
      assertEquals(expected, hits[i], 5 * Math.sqrt(expected) + 1, "pair " + i);
    }
  }
}
