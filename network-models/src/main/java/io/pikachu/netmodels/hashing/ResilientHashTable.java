package io.pikachu.netmodels.hashing;

import java.util.Arrays;

/**
 * The ECMP table of one VIP as HMuxes and SMuxes share it (section 3.5.1): a flow's 5-tuple hash
 * picks a bucket, the bucket names a DIP. Removing a DIP rewrites only that DIP's buckets
 * (resilient hashing), so connections to every other DIP keep their DIP. Buckets are filled in
 * proportion to WCMP replica counts.
 */
public final class ResilientHashTable {
  private final int[] bucketToDip;
  private final boolean[] removed;

  /**
   * @param replicas WCMP replica count per DIP index; @param bucketsPerReplica table size
   *     multiplier
   */
  public ResilientHashTable(int[] replicas, int bucketsPerReplica) {
    if (replicas.length == 0)
      throw new IllegalArgumentException("resilient hash table needs at least one DIP");
    if (bucketsPerReplica < 1) throw new IllegalArgumentException("bucketsPerReplica must be >= 1");
    int total = 0;
    for (int r : replicas) {
      if (r < 1)
        throw new IllegalArgumentException("every DIP needs at least one replica, got " + r);
      total += r;
    }
    bucketToDip = new int[total * bucketsPerReplica];
    int[] left = new int[replicas.length];
    for (int i = 0; i < replicas.length; i++) left[i] = replicas[i] * bucketsPerReplica;
    // Interleave DIPs so that neighbouring buckets differ: a skewed hash then still spreads over
    // DIPs.
    int b = 0;
    while (b < bucketToDip.length) {
      for (int i = 0; i < replicas.length && b < bucketToDip.length; i++) {
        if (left[i] > 0) {
          bucketToDip[b++] = i;
          left[i]--;
        }
      }
    }
    removed = new boolean[replicas.length];
  }

  public int buckets() {
    return bucketToDip.length;
  }

  /** DIP index serving a flow with this 5-tuple hash. */
  public int dipFor(long flowHash) {
    return bucketToDip[(int) Math.floorMod(flowHash, (long) bucketToDip.length)];
  }

  /** Removes a DIP; its buckets go to the live DIPs with the fewest buckets, nothing else moves. */
  public void removeDip(int dip) {
    if (dip < 0 || dip >= removed.length)
      throw new IllegalArgumentException("no DIP with index " + dip);
    if (removed[dip]) throw new IllegalArgumentException("DIP " + dip + " was already removed");
    removed[dip] = true;
    int live = 0;
    for (boolean r : removed) if (!r) live++;
    if (live == 0)
      throw new IllegalStateException(
          "cannot remove the last DIP of a VIP; withdraw the VIP instead");
    int[] count = new int[removed.length];
    for (int d : bucketToDip) count[d]++;
    for (int b = 0; b < bucketToDip.length; b++) {
      if (bucketToDip[b] != dip) continue;
      int target = -1;
      for (int d = 0; d < removed.length; d++) {
        if (!removed[d] && (target < 0 || count[d] < count[target])) target = d;
      }
      bucketToDip[b] = target;
      count[target]++;
      count[dip]--;
    }
  }

  public int[] bucketCounts() {
    int[] count = new int[removed.length];
    for (int d : bucketToDip) count[d]++;
    return count;
  }

  /**
   * The 5-tuple hash every HMux and SMux uses, so a VIP can move between them without remapping
   * flows.
   */
  public static long flowHash(int srcIp, int dstIp, int srcPort, int dstPort, int protocol) {
    long h = 0x9E3779B97F4A7C15L;
    h = mix(h ^ srcIp);
    h = mix(h ^ dstIp);
    h = mix(h ^ (((long) srcPort << 16) | (dstPort & 0xFFFF)));
    h = mix(h ^ protocol);
    return h;
  }

  private static long mix(long z) { // SplitMix64 finaliser
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public String toString() {
    return "ResilientHashTable" + Arrays.toString(bucketCounts());
  }
}
