package io.pikachu.bench.data;

import java.io.IOException;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile;

/**
 * Deterministic binary records for Sort: uniformly random 10-byte keys and 90-byte values, as in
 * Hadoop's RandomWriter but seeded, so runs are repeatable.
 */
public final class RecordGenerator {
  public static final int KEY_BYTES = 10;
  public static final int VALUE_BYTES = 90;

  private final long seed;

  public RecordGenerator(long seed) {
    this.seed = seed;
  }

  public void write(Configuration conf, Path dir, int files, long bytesPerFile) throws IOException {
    long recordsPerFile = Math.max(1, bytesPerFile / (KEY_BYTES + VALUE_BYTES));
    for (int file = 0; file < files; file++) {
      SplittableRandom random = new SplittableRandom(seed * 1_000_003L + file);
      byte[] key = new byte[KEY_BYTES];
      byte[] value = new byte[VALUE_BYTES];
      BytesWritable keyWritable = new BytesWritable();
      BytesWritable valueWritable = new BytesWritable();
      try (SequenceFile.Writer writer =
          SequenceFile.createWriter(
              conf,
              SequenceFile.Writer.file(new Path(dir, String.format("part-%05d.seq", file))),
              SequenceFile.Writer.keyClass(BytesWritable.class),
              SequenceFile.Writer.valueClass(BytesWritable.class))) {
        for (long r = 0; r < recordsPerFile; r++) {
          nextBytes(random, key);
          nextBytes(random, value);
          keyWritable.set(key, 0, KEY_BYTES);
          valueWritable.set(value, 0, VALUE_BYTES);
          writer.append(keyWritable, valueWritable);
        }
      }
    }
  }

  /**
   * {@code SplittableRandom.nextBytes} as Java 10 and later define it (little-endian bytes of
   * successive {@code nextLong()}s), so that Java 8 writes the very bytes newer JDKs wrote.
   */
  static void nextBytes(SplittableRandom random, byte[] bytes) {
    int i = 0;
    for (int words = bytes.length >> 3; words-- > 0; ) {
      long rnd = random.nextLong();
      for (int n = 8; n-- > 0; rnd >>>= Byte.SIZE) {
        bytes[i++] = (byte) rnd;
      }
    }
    if (i < bytes.length) {
      for (long rnd = random.nextLong(); i < bytes.length; rnd >>>= Byte.SIZE) {
        bytes[i++] = (byte) rnd;
      }
    }
  }
}
