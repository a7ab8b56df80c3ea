package io.pikachu.netmodels.sim;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Named, independent random streams derived from one seed: the flow sizes do not change when a load
 * balancer draws more or fewer random numbers, and the same seed gives the same run. The stream's
 * seed mixes the run seed with a 64-bit FNV-1a hash of the name (stable across JVMs, unlike {@link
 * String#hashCode()} collisions between short names).
 */
public final class RandomStreams {
  private final long seed;

  public RandomStreams(long seed) {
    this.seed = seed;
  }

  public long seed() {
    return seed;
  }

  public SplittableRandom stream(String name) {
    return new SplittableRandom(mix(seed ^ fnv1a(name)));
  }

  /** A stream per (name, index), e.g. one per switch. */
  public SplittableRandom stream(String name, int index) {
    return new SplittableRandom(mix(mix(seed ^ fnv1a(name)) + index));
  }

  static long fnv1a(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }

  /** SplitMix64's finaliser. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
