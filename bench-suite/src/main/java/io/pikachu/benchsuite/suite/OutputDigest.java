package io.pikachu.benchsuite.suite;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A digest of a job's output records that does not depend on which reducer wrote which record: the
 * record count and the sum of 64-bit hashes of the records. Two runs of one application on the same
 * input must give the same digest, whatever the bin map; the report flags any run whose digest
 * differs from stock Hadoop's.
 */
public final class OutputDigest {
  private static final HashFunction HASH = Hashing.murmur3_128();
  private static final byte[] SEQUENCE_FILE_MAGIC = {'S', 'E', 'Q'};

  private long records;
  private long sum;

  private OutputDigest() {}

  /**
   * Digests every {@code part-*} file under {@code dir}: text files by line, sequence files by
   * record.
   */
  public static String of(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    FileStatus[] parts = fs.globStatus(new Path(dir, "part-*"));
    if (parts == null || parts.length == 0) {
      throw new IOException("no part files in " + dir);
    }
    OutputDigest digest = new OutputDigest();
    for (FileStatus part : parts) {
      if (isSequenceFile(fs, part.getPath())) {
        digest.addSequenceFile(conf, part.getPath());
      } else {
        digest.addTextFile(fs, part.getPath());
      }
    }
    return digest.toString();
  }

  private static boolean isSequenceFile(FileSystem fs, Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      byte[] head = in.readNBytes(SEQUENCE_FILE_MAGIC.length);
      return java.util.Arrays.equals(head, SEQUENCE_FILE_MAGIC);
    }
  }

  private void addTextFile(FileSystem fs, Path file) throws IOException {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        add(line);
      }
    }
  }

  private void addSequenceFile(Configuration conf, Path file) throws IOException {
    try (SequenceFile.Reader in = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
      Writable key = (Writable) ReflectionUtils.newInstance(in.getKeyClass(), conf);
      Writable value = (Writable) ReflectionUtils.newInstance(in.getValueClass(), conf);
      while (in.next(key, value)) {
        add(key + "\t" + value);
      }
    }
  }

  private void add(String record) {
    records++;
    sum += HASH.hashString(record, StandardCharsets.UTF_8).asLong();
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%d:%016x", records, sum);
  }
}
