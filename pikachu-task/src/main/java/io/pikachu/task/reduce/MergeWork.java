package io.pikachu.task.reduce;

import java.util.List;

/**
 * One merge the merge thread runs: segments taken out of one bin, and the bin's epoch when they
 * were taken (a bin dropped meanwhile has a newer epoch, and the merge's result is discarded).
 */
final class MergeWork {
  private final int bin;
  private final boolean inMemory;
  private final List<MemSegment> memory;
  private final List<DiskSegment> disk;
  private final long epoch;

  MergeWork(
      int bin, boolean inMemory, List<MemSegment> memory, List<DiskSegment> disk, long epoch) {
    this.bin = bin;
    this.inMemory = inMemory;
    this.memory = memory;
    this.disk = disk;
    this.epoch = epoch;
  }

  int bin() {
    return bin;
  }

  boolean inMemory() {
    return inMemory;
  }

  List<MemSegment> memory() {
    return memory;
  }

  List<DiskSegment> disk() {
    return disk;
  }

  long epoch() {
    return epoch;
  }

  long wireBytes() {
    long wire = 0;
    for (MemSegment m : memory) {
      wire += m.wireBytes();
    }
    for (DiskSegment d : disk) {
      wire += d.wireBytes();
    }
    return wire;
  }

  long memoryBytes() {
    return MemSegment.bytes(memory);
  }
}
