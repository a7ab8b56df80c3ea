package io.pikachu.task.reduce;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapred.IFileInputStream;

/**
 * One (map, bin) output read from the shuffle stream, either into memory (decompressed IFile bytes,
 * as stock {@code InMemoryMapOutput} keeps them) or into a local file (the served bytes with their
 * checksum, as stock {@code OnDiskMapOutput} keeps them). The checksum is verified in both cases.
 */
final class FetchedOutput {
  final BinSegmentStore.Target target;
  final byte[] memory;
  final Path file;
  final long rawLength;
  final long fileLength;
  final long wireBytes;

  private FetchedOutput(
      BinSegmentStore.Target target,
      byte[] memory,
      Path file,
      long rawLength,
      long fileLength,
      long wireBytes) {
    this.target = target;
    this.memory = memory;
    this.file = file;
    this.rawLength = rawLength;
    this.fileLength = fileLength;
    this.wireBytes = wireBytes;
  }

  static FetchedOutput readToMemory(
      InputStream in,
      long compressedLength,
      long decompressedLength,
      CompressionCodec codec,
      Configuration conf,
      String what)
      throws IOException {
    if (decompressedLength > Integer.MAX_VALUE) {
      throw new IOException("in-memory output too large: " + decompressedLength + " for " + what);
    }
    byte[] memory = new byte[(int) decompressedLength];
    InputStream input = new IFileInputStream(in, compressedLength, conf);
    Decompressor decompressor = codec == null ? null : CodecPool.getDecompressor(codec);
    try {
      if (codec != null) {
        decompressor.reset();
        input = codec.createInputStream(input, decompressor);
      }
      IOUtils.readFully(input, memory, 0, memory.length);
      // also drains trailing bytes (the checksum) so the stream stays in sync
      if (input.read() >= 0) {
        throw new IOException("unexpected extra bytes in output of " + what);
      }
    } catch (InternalError e) {
      // codecs report corrupt input as InternalError; make it a fetch failure
      throw new IOException("cannot decompress output of " + what, e);
    } finally {
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
      }
    }
    return new FetchedOutput(
        BinSegmentStore.Target.MEMORY, memory, null, decompressedLength, 0, compressedLength);
  }

  static FetchedOutput readToDisk(
      InputStream in,
      long compressedLength,
      long decompressedLength,
      Path file,
      OutputStream out,
      Configuration conf,
      String what)
      throws IOException {
    IFileInputStream input = new IFileInputStream(in, compressedLength, conf);
    long left = compressedLength;
    byte[] buf = new byte[64 * 1024];
    try (OutputStream disk = out) {
      while (left > 0) {
        int n = input.readWithChecksum(buf, 0, (int) Math.min(left, buf.length));
        if (n < 0) {
          throw new IOException("output of " + what + " ended " + left + " bytes early");
        }
        disk.write(buf, 0, n);
        left -= n;
      }
    }
    return new FetchedOutput(
        BinSegmentStore.Target.DISK,
        null,
        file,
        decompressedLength,
        compressedLength,
        compressedLength);
  }
}
