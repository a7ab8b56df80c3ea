package io.pikachu.netmodels.taalk;

import java.math.BigInteger;

/**
 * The seed's connection marks: a server raises the TCP timestamp it sends to a multiple of a prime
 * (65537, 65539, ...), and the client echoes it on every later packet, so that any load balancer
 * reads the prime back from the echoed value. Every prime is above 2^16, so no 32-bit timestamp is
 * a multiple of two of them (their product exceeds 2^32): a mark is never ambiguous.
 */
final class Marks {
  static final long TS_MODULUS = 1L << 32;
  private final long[] primes;

  /** The {@code count} smallest primes above 65536: 65537, 65539, 65543, ... */
  Marks(int count) {
    primes = new long[count];
    BigInteger p = BigInteger.valueOf(65536);
    for (int i = 0; i < count; i++) {
      p = p.nextProbablePrime();
      primes[i] = p.longValueExact();
    }
  }

  long prime(int index) {
    return primes[index];
  }

  int count() {
    return primes.length;
  }

  /**
   * The timestamp a server sends: its millisecond clock (32 bits, as Linux's TSval) raised to the
   * next multiple of prime {@code index}; past 2^32 it wraps to the first multiple.
   */
  long mark(long clockMs, int index) {
    long p = primes[index];
    long ts = Math.max(1, clockMs % TS_MODULUS);
    long m = (ts + p - 1) / p * p;
    return m < TS_MODULUS ? m : p;
  }

  /** Which prime divides an echoed timestamp, or -1 (no mark: zero, or not a multiple of any). */
  int read(long echoed) {
    if (echoed <= 0) return -1;
    for (int i = 0; i < primes.length; i++) {
      if (echoed % primes[i] == 0) return i;
    }
    return -1;
  }
}
