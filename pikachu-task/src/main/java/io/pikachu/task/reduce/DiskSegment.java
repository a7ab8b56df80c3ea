package io.pikachu.task.reduce;

import org.apache.hadoop.fs.Path;

/** A local IFile of one bin (compressed, with checksum, as served or as merged). */
final class DiskSegment {
  private final Path file;
  private final long rawLength;
  private final long fileLength;
  private final long wireBytes;

  DiskSegment(Path file, long rawLength, long fileLength, long wireBytes) {
    this.file = file;
    this.rawLength = rawLength;
    this.fileLength = fileLength;
    this.wireBytes = wireBytes;
  }

  Path file() {
    return file;
  }

  long rawLength() {
    return rawLength;
  }

  long fileLength() {
    return fileLength;
  }

  long wireBytes() {
    return wireBytes;
  }
}
