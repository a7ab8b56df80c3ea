package io.pikachu.netmodels.maglev;

/** A connection's identity as a load balancer hashes it. */
public record FiveTuple(int srcIp, int dstIp, int srcPort, int dstPort, int protocol) {

  /**
   * A 64-bit hash of the tuple: the fields packed into two words, each mixed with MurmurHash3's
   * finaliser, so that nearby tuples (consecutive ports) spread over the whole table.
   */
  public long hash() {
    long a = ((long) srcIp << 32) | (dstIp & 0xffffffffL);
    long b = ((long) srcPort << 32) | ((long) (dstPort & 0xffff) << 16) | (protocol & 0xff);
    return fmix64(fmix64(a) ^ (b * 0x9e3779b97f4a7c15L));
  }

  /** MurmurHash3's 64-bit finaliser: every input bit flips each output bit with odds near 1/2. */
  public static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
