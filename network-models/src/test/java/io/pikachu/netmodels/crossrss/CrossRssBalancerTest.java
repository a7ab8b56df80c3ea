package io.pikachu.netmodels.crossrss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CrossRssBalancerTest {
  private static final int SERVERS = 4;
  private static final int CORES = 4;

  @Test
  void eachBucketGoesToTheServerWhoseCoreForItIsLeastLoaded() {
    RssTables rss = new RssTables(SERVERS, CORES, 128);
    CrossRssBalancer lb = new CrossRssBalancer(SERVERS, CORES, rss, 1);
    double[] load = new double[SERVERS * CORES];
    for (int i = 0; i < load.length; i++) load[i] = 100 + 7 * ((i * 5) % 16); // all distinct
    lb.onReport(load, 100);
    for (int b = 0; b < 128; b++) {
      int best = 0;
      for (int s = 1; s < SERVERS; s++) {
        if (load[s * CORES + rss.core(s, b)] < load[best * CORES + rss.core(best, b)]) best = s;
      }
      assertEquals(best, lb.serverFor(0, b), "bucket " + b);
    }
  }

  @Test
  void rewritesAreDatedAndTiesDoNotAllGoToTheFirstServer() {
    RssTables rss = new RssTables(SERVERS, CORES, 128);
    CrossRssBalancer lb = new CrossRssBalancer(SERVERS, CORES, rss, 1);
    assertEquals(Long.MIN_VALUE, lb.lastChangeNs(5));
    lb.onReport(new double[SERVERS * CORES], 100); // every core equally (un)loaded
    int[] perServer = new int[SERVERS];
    for (int b = 0; b < 128; b++) perServer[lb.serverFor(0, b)]++;
    for (int n : perServer) assertTrue(n > 16, "buckets per server on a tie: " + n);
    long changed = lb.entriesRewritten();
    assertTrue(changed > 0);
    int b = 0;
    while (b < 128 && lb.lastChangeNs(b) != 100) b++;
    assertTrue(b < 128, "some entry records the report that changed it");
  }
}
