package io.pikachu.netmodels.crossrss;

import io.pikachu.netmodels.maglev.FiveTuple;
import java.util.SplittableRandom;

/**
 * Every server's RSS indirection table: bucket to core, drawn uniformly at random with the server's
 * id as the seed (as in the seed's simulation), so that a given bucket names a different, random
 * core on each server. The NIC takes the bucket from the low bits of the connection's RSS hash.
 */
final class RssTables {
  private final int buckets;
  private final int[] core;

  RssTables(int servers, int cores, int buckets) {
    if (Integer.bitCount(buckets) != 1) {
      throw new IllegalArgumentException("RSS table size must be a power of two, got " + buckets);
    }
    this.buckets = buckets;
    this.core = new int[servers * buckets];
    for (int s = 0; s < servers; s++) {
      SplittableRandom r = new SplittableRandom(s);
      for (int b = 0; b < buckets; b++) {
        core[s * buckets + b] = r.nextInt(cores);
      }
    }
  }

  /** The server-local core that bucket {@code bucket} names on server {@code server}. */
  int core(int server, int bucket) {
    return core[server * buckets + bucket];
  }

  int buckets() {
    return buckets;
  }

  /** A connection's RSS bucket: low bits of a hash (not the LB's) of the fields the NIC hashes. */
  int bucketOf(long key) {
    return (int) (FiveTuple.fmix64(key ^ 0x5a17_c0de_0bad_f00dL) & (buckets - 1));
  }
}
