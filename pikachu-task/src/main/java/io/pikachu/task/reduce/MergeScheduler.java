package io.pikachu.task.reduce;

import java.util.Map;

/**
 * Which bin the merge thread merges next, never mixing bins (so that a lost bin can be freed
 * alone): when the shuffle buffer must free memory, the bin holding the most of it; otherwise a bin
 * with so many files on disk that the final merge would need more than one pass.
 */
final class MergeScheduler {
  private MergeScheduler() {}

  /** The bin with the most bytes in memory and no merge running; -1 if none. */
  static int largestInMemoryBin(Map<Integer, BinHoldings> bins) {
    int best = -1;
    long bestBytes = 0;
    for (Map.Entry<Integer, BinHoldings> e : bins.entrySet()) {
      if (e.getValue().merging) {
        continue;
      }
      long bytes = MemSegment.bytes(e.getValue().memory);
      if (bytes > bestBytes) {
        best = e.getKey();
        bestBytes = bytes;
      }
    }
    return best;
  }

  /** A bin with at least 2 x io.sort.factor - 1 files and no merge running; -1 if none. */
  static int diskMergeCandidate(Map<Integer, BinHoldings> bins, int ioSortFactor) {
    for (Map.Entry<Integer, BinHoldings> e : bins.entrySet()) {
      if (!e.getValue().merging && e.getValue().disk.size() >= 2 * ioSortFactor - 1) {
        return e.getKey();
      }
    }
    return -1;
  }
}
