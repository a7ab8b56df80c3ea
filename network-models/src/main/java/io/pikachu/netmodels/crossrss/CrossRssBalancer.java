package io.pikachu.netmodels.crossrss;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * CrossRSS's load balancer: a table with one entry per RSS bucket. At every load report the
 * controller points each bucket at the server whose core for that bucket (per that server's RSS
 * table) reported the least load; a new connection goes to the server its bucket names, and the NIC
 * there hands it to exactly that core.
 *
 * <p>Exact ties (the fluid model's saturated cores all report the same count) go to one of the tied
 * servers at random; the seed's code takes the lowest server id, which in this model would send
 * every new connection of an overloaded cluster to server 0.
 */
final class CrossRssBalancer implements Balancer {
  private final int servers;
  private final int cores;
  private final RssTables rss;
  private final SplittableRandom tieBreak;
  private final int[] table;
  private final long[] lastChangeNs;
  private long entriesRewritten;

  CrossRssBalancer(int servers, int cores, RssTables rss, long seed) {
    this.servers = servers;
    this.cores = cores;
    this.rss = rss;
    this.tieBreak = new SplittableRandom(seed ^ 0xc7055L);
    this.table = new int[rss.buckets()];
    this.lastChangeNs = new long[rss.buckets()];
    Arrays.fill(lastChangeNs, Long.MIN_VALUE);
    for (int b = 0; b < table.length; b++) table[b] = b % servers; // the seed's initial table
  }

  @Override
  public int serverFor(long key, int bucket) {
    return table[bucket];
  }

  @Override
  public void onReport(double[] coreLoad, long nowNs) {
    for (int b = 0; b < table.length; b++) {
      int best = -1;
      double min = Double.POSITIVE_INFINITY;
      int ties = 0;
      for (int s = 0; s < servers; s++) {
        double load = coreLoad[s * cores + rss.core(s, b)];
        if (load < min) {
          min = load;
          best = s;
          ties = 1;
        } else if (load == min && tieBreak.nextInt(++ties) == 0) {
          best = s;
        }
      }
      if (best != table[b]) {
        table[b] = best;
        lastChangeNs[b] = nowNs;
        entriesRewritten++;
      }
    }
  }

  /** When the table last named another server for {@code bucket} (Long.MIN_VALUE: never). */
  long lastChangeNs(int bucket) {
    return lastChangeNs[bucket];
  }

  long entriesRewritten() {
    return entriesRewritten;
  }
}
