package io.pikachu.netmodels.lb;

import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.PathSelector;
import io.pikachu.netmodels.net.PortGroup;

/**
 * ECMP: a hash of the 5-tuple picks the port, so a flow keeps one path. Each switch salts the hash
 * with its own seed, as switches do to avoid polarisation. The additive variant is the DRILL
 * scripts' {@code (src + dst + sport + dport) mod n}, a weak hash kept for comparison.
 */
public final class Ecmp implements PathSelector {
  private static final int TCP = 6;
  private final Packets pk;
  private final int salt;
  private final boolean additive;

  public Ecmp(Packets pk, int salt, boolean additive) {
    this.pk = pk;
    this.salt = salt;
    this.additive = additive;
  }

  @Override
  public int select(PortGroup group, int p) {
    int n = group.size();
    if (additive) {
      long sum = (long) pk.src(p) + pk.dst(p) + pk.srcPort(p) + pk.dstPort(p);
      return (int) (sum % n);
    }
    int h = salt;
    h = mix(h ^ pk.src(p));
    h = mix(h ^ pk.dst(p));
    h = mix(h ^ (pk.srcPort(p) << 16 | pk.dstPort(p)));
    h = mix(h ^ TCP);
    return (int) ((h & 0xffffffffL) % n);
  }

  /** MurmurHash3's 32-bit finaliser after a multiply-rotate step. */
  static int mix(int k) {
    k *= 0xcc9e2d51;
    k = Integer.rotateLeft(k, 15);
    k *= 0x1b873593;
    k ^= k >>> 16;
    k *= 0x85ebca6b;
    k ^= k >>> 13;
    k *= 0xc2b2ae35;
    return k ^ (k >>> 16);
  }
}
