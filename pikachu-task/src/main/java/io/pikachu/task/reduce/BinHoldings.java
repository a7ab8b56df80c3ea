package io.pikachu.task.reduce;

import java.util.ArrayList;
import java.util.List;

/**
 * What one bin holds of a reducer's fetched outputs, and whether the merge thread is merging some
 * of it. {@code epoch} grows when the bin is dropped, so that a merge that took its segments before
 * knows its result is no longer wanted. Guarded by {@link BinSegmentStore}'s lock.
 */
final class BinHoldings {
  final List<MemSegment> memory = new ArrayList<>();
  final List<DiskSegment> disk = new ArrayList<>();
  long epoch;
  boolean merging;

  /** The epoch the running merge took its segments in; its result counts only while current. */
  long mergeEpoch;

  long mergingWireBytes;

  /** Nothing held, and no merge whose result will be kept. */
  boolean holdsNothing() {
    return memory.isEmpty() && disk.isEmpty() && !(merging && mergeEpoch == epoch);
  }

  /** Nothing held and no merge running, stale or not: the entry can go. */
  boolean isEmpty() {
    return memory.isEmpty() && disk.isEmpty() && !merging;
  }
}
