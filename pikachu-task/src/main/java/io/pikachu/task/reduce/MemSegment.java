package io.pikachu.task.reduce;

/** Decompressed IFile bytes of one fetched output, without checksum, held in the shuffle buffer. */
final class MemSegment {
  private final byte[] data;
  private final long wireBytes;

  MemSegment(byte[] data, long wireBytes) {
    this.data = data;
    this.wireBytes = wireBytes;
  }

  byte[] data() {
    return data;
  }

  /** The bytes it took on the wire, which a dropped bin gives back to the counters. */
  long wireBytes() {
    return wireBytes;
  }

  static long bytes(Iterable<MemSegment> segments) {
    long bytes = 0;
    for (MemSegment m : segments) {
      bytes += m.data().length;
    }
    return bytes;
  }
}
