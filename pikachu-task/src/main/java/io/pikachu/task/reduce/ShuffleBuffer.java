package io.pikachu.task.reduce;

/**
 * What a reducer's fetched outputs hold of the shuffle memory, against stock Hadoop's limits
 * ({@link ShuffleMemory}): bytes reserved for fetches in progress plus outputs kept in memory, and
 * when a merge must free some. Not synchronized: {@link BinSegmentStore} calls it under its own
 * lock.
 */
final class ShuffleBuffer {
  private final ShuffleMemory limits;

  /** Reserved for fetches in progress plus committed in-memory outputs. */
  private long used;

  private long committed;
  private int segments;

  ShuffleBuffer(ShuffleMemory limits) {
    this.limits = limits;
  }

  /** Fetchers wait while the buffer is over its limit (merges will free it). */
  boolean full() {
    return used > limits.memoryLimit();
  }

  /** Whether an output of {@code size} decompressed bytes may go to memory, reserving it if so. */
  boolean reserve(long size) {
    if (full()) {
      return false;
    }
    used += size;
    return true;
  }

  /** Too large for memory at any time: it goes to disk. */
  boolean tooLarge(long size) {
    return size > limits.maxSingleShuffle();
  }

  void unreserve(long size) {
    used -= size;
  }

  /** A reserved output kept in memory. */
  void committed(long size) {
    committed += size;
    segments++;
  }

  /** In-memory segments freed: dropped with their bin, merged to disk, or spilled. */
  void freed(long bytes, int count) {
    committed -= bytes;
    used -= bytes;
    segments -= count;
  }

  /** Whether the in-memory outputs have reached the threshold at which they are merged. */
  boolean needsMerge() {
    return segments > 0
        && (committed >= limits.mergeThreshold() || segments >= limits.inMemSegmentThreshold());
  }
}
