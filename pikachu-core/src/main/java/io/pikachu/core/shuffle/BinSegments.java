package io.pikachu.core.shuffle;

import java.util.BitSet;

/**
 * A reducer's kept map outputs, per bin: what the shuffle coordinator needs of the storage so that
 * a lost bin can be freed without touching any other.
 *
 * @param <O> a fetched output
 */
public interface BinSegments<O> {

  /** Keeps {@code output} as part of {@code bin}. */
  void keep(int bin, O output);

  /** Frees an output that will not be kept (its bin is not owned, or a copy was kept before). */
  void discard(O output);

  /** Frees everything held for {@code bin}; returns the shuffled bytes it had cost. */
  long dropBin(int bin);

  /** Bins that hold data, including data being merged. */
  BitSet binsWithData();

  /** Bytes an output cost on the wire, for the shuffle counters. */
  long wireBytes(O output);

  /** An output's uncompressed bytes: what its bin holds of the job's data. */
  long rawBytes(O output);
}
