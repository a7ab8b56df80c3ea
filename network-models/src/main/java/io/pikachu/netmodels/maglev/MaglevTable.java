package io.pikachu.netmodels.maglev;

import com.google.common.hash.Hashing;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Maglev consistent hashing (Eisenbud et al., NSDI 2016, section 3.4): a lookup table of prime size
 * M in which backends take entries in turns, each following its own permutation of the table (an
 * offset and a skip derived from two hashes of its name), so that every backend gets M/N entries to
 * within one and removing a backend moves little beyond its own entries.
 *
 * <p>The table depends only on the set of backend names (they are sorted before filling), so load
 * balancers that build it from the same set agree on every entry without talking to each other.
 */
public final class MaglevTable {
  /** The paper's default table size: a prime well above 100 times the backends of a service. */
  public static final int DEFAULT_SIZE = 65537;

  private static final int OFFSET_SEED = 0x6d61676c; // "magl"
  private static final int SKIP_SEED = 0x65762121; // "ev!!"

  private final List<String> backends;
  private final int[] entry;

  private MaglevTable(List<String> backends, int[] entry) {
    this.backends = backends;
    this.entry = entry;
  }

  /**
   * @throws IllegalArgumentException if {@code size} is not prime, is smaller than the number of
   *     backends, or a backend name is blank or repeated
   */
  public static MaglevTable build(List<String> backendNames, int size) {
    if (backendNames.isEmpty()) {
      throw new IllegalArgumentException("a Maglev table needs at least one backend");
    }
    if (size < 2 || !BigInteger.valueOf(size).isProbablePrime(64)) {
      throw new IllegalArgumentException("Maglev table size must be prime, got " + size);
    }
    if (size < backendNames.size()) {
      throw new IllegalArgumentException(
          "Maglev table size "
              + size
              + " is smaller than the "
              + backendNames.size()
              + " backends");
    }
    Set<String> seen = new HashSet<>();
    for (String b : backendNames) {
      if (b == null || b.isBlank()) {
        throw new IllegalArgumentException("blank backend name");
      }
      if (!seen.add(b)) {
        throw new IllegalArgumentException("backend '" + b + "' listed twice");
      }
    }
    List<String> sorted = new ArrayList<>(backendNames);
    sorted.sort(null);
    return new MaglevTable(List.copyOf(sorted), populate(sorted, size));
  }

  /** The paper's Pseudocode 1, with permutations computed on the fly rather than stored (N x M). */
  private static int[] populate(List<String> backends, int size) {
    int n = backends.size();
    long[] offset = new long[n];
    long[] skip = new long[n];
    for (int i = 0; i < n; i++) {
      offset[i] = Math.floorMod(hash(backends.get(i), OFFSET_SEED), (long) size);
      skip[i] = Math.floorMod(hash(backends.get(i), SKIP_SEED), (long) size - 1) + 1;
    }
    long[] next = new long[n];
    int[] entry = new int[size];
    java.util.Arrays.fill(entry, -1);
    int filled = 0;
    while (true) {
      for (int i = 0; i < n; i++) {
        int c = (int) ((offset[i] + next[i] * skip[i]) % size);
        while (entry[c] >= 0) {
          next[i]++;
          c = (int) ((offset[i] + next[i] * skip[i]) % size);
        }
        entry[c] = i;
        next[i]++;
        if (++filled == size) {
          return entry;
        }
      }
    }
  }

  private static long hash(String name, int seed) {
    return Hashing.murmur3_128(seed).hashString(name, StandardCharsets.UTF_8).asLong();
  }

  /** The backend of a connection, by its 5-tuple hash. */
  public String lookup(FiveTuple flow) {
    return backends.get(entry[(int) Math.floorMod(flow.hash(), (long) entry.length)]);
  }

  /** Index (in {@link #backends()}) of the backend at table entry {@code slot}. */
  public int backendAt(int slot) {
    return entry[slot];
  }

  public int size() {
    return entry.length;
  }

  /** The backends, sorted by name. */
  public List<String> backends() {
    return backends;
  }

  /** How many table entries each backend holds, in the order of {@link #backends()}. */
  public int[] entriesPerBackend() {
    int[] counts = new int[backends.size()];
    for (int e : entry) {
      counts[e]++;
    }
    return counts;
  }

  /** Table entries whose backend differs between this table and {@code other} (same size). */
  public int entriesChangedFrom(MaglevTable other) {
    if (other.size() != size()) {
      throw new IllegalArgumentException("tables of different sizes");
    }
    int changed = 0;
    for (int s = 0; s < entry.length; s++) {
      if (!backends.get(entry[s]).equals(other.backends.get(other.entry[s]))) {
        changed++;
      }
    }
    return changed;
  }
}
