package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RssTablesTest {
  @Test
  void aServersTableDependsOnlyOnItsIdAndNamesEveryCore() {
    RssTables small = new RssTables(4, 4, 128);
    RssTables large = new RssTables(50, 4, 128);
    int[] perCore = new int[4];
    StringBuilder first = new StringBuilder();
    StringBuilder second = new StringBuilder();
    for (int b = 0; b < 128; b++) {
      assertEquals(small.core(3, b), large.core(3, b), "server 3, bucket " + b);
      perCore[small.core(0, b)]++;
      first.append(small.core(0, b));
      second.append(small.core(1, b));
    }
    for (int n : perCore) assertTrue(n > 0 && n < 64, "buckets per core: " + n);
    assertNotEquals(first.toString(), second.toString(), "servers draw their own tables");
  }

  @Test
  void bucketsSpreadEvenlyOverConnections() {
    RssTables t = new RssTables(1, 4, 128);
    int[] hits = new int[128];
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < 128_000; i++) hits[t.bucketOf(r.nextLong())]++;
    for (int h : hits) assertEquals(1000, h, 150);
  }

  @Test
  void aTableSizeThatIsNotAPowerOfTwoIsRefused() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> new RssTables(2, 4, 100))
            .getMessage()
            .contains("power of two"));
  }
}
