package org.apache.hadoop.mapreduce.task.reduce;

import java.io.DataInput;
import java.io.IOException;

/**
 * Read access to {@link ShuffleHeader}'s package-private fields for Pikachu's bin fetcher: the
 * stock ShuffleHandler answers every (map, bin) request with this header.
 */
public final class PikachuShuffleHeader {
  private final String mapId;
  private final long compressedLength;
  private final long uncompressedLength;
  private final int forReduce;

  private PikachuShuffleHeader(ShuffleHeader header) {
    this.mapId = header.mapId;
    this.compressedLength = header.compressedLength;
    this.uncompressedLength = header.uncompressedLength;
    this.forReduce = header.forReduce;
  }

  public static PikachuShuffleHeader read(DataInput in) throws IOException {
    ShuffleHeader header = new ShuffleHeader();
    header.readFields(in);
    return new PikachuShuffleHeader(header);
  }

  public String mapId() {
    return mapId;
  }

  public long compressedLength() {
    return compressedLength;
  }

  public long uncompressedLength() {
    return uncompressedLength;
  }

  /** The partition (here: the bin) the server sent. */
  public int forReduce() {
    return forReduce;
  }
}
