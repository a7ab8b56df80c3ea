package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.maglev.FiveTuple;

/**
 * TAALK's d hash functions over a connection's 5-tuple, naming d different servers: hash function j
 * picks among the servers the earlier ones did not pick. Load balancers and servers hold the same
 * functions (the same salts), so a server can tell which function chose it.
 */
final class ServerChoice {
  private final int servers;
  private final long[] salts;

  ServerChoice(int servers, int d, long seed) {
    if (d < 1 || d > servers) {
      throw new IllegalArgumentException(
          "--choices must be between 1 and the number of servers (" + servers + "), got " + d);
    }
    this.servers = servers;
    salts = new long[d];
    for (int j = 0; j < d; j++) salts[j] = FiveTuple.fmix64(seed * 0x9e3779b97f4a7c15L + j + 1);
  }

  int d() {
    return salts.length;
  }

  /** The servers of hash functions 0..d-1, all different. */
  int[] choose(FiveTuple t) {
    int[] out = new int[salts.length];
    long h = t.hash();
    for (int j = 0; j < salts.length; j++) {
      int k = (int) Math.floorMod(FiveTuple.fmix64(h ^ salts[j]), (long) (servers - j));
      // The k-th server not chosen yet (d is small: a linear pass).
      int s = -1;
      for (int left = k; ; ) {
        s++;
        if (!taken(out, j, s) && left-- == 0) break;
      }
      out[j] = s;
    }
    return out;
  }

  /** The hash function that chose {@code server} for {@code t}, or -1. */
  int indexOf(FiveTuple t, int server) {
    int[] c = choose(t);
    for (int j = 0; j < c.length; j++) {
      if (c[j] == server) return j;
    }
    return -1;
  }

  private static boolean taken(int[] chosen, int n, int s) {
    for (int i = 0; i < n; i++) {
      if (chosen[i] == s) return true;
    }
    return false;
  }
}
