package io.pikachu.task.reduce;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The final merge's input: every segment the reducer keeps, all of owned bins. */
final class FinalSegments {
  private final Map<Integer, List<MemSegment>> memoryByBin;
  private final List<DiskSegment> disk;
  private final long memoryBytes;

  FinalSegments(
      Map<Integer, List<MemSegment>> memoryByBin, List<DiskSegment> disk, long memoryBytes) {
    this.memoryByBin = memoryByBin;
    this.disk = disk;
    this.memoryBytes = memoryBytes;
  }

  /** In-memory segments by bin, in bin order; bins without any are left out. */
  Map<Integer, List<MemSegment>> memoryByBin() {
    return memoryByBin;
  }

  List<MemSegment> memory() {
    List<MemSegment> all = new ArrayList<>();
    memoryByBin.values().forEach(all::addAll);
    return all;
  }

  List<DiskSegment> disk() {
    return disk;
  }

  long memoryBytes() {
    return memoryBytes;
  }
}
