package io.pikachu.task.map;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BinaryComparable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Reads the split points of the total-order partitioners Pikachu knows, from the same file and in
 * the same way as the partitioner itself, so that a map task cuts each partition into key ranges
 * without a second partition file. The list is {@code reducers - 1} keys as bytes, ascending.
 */
final class SplitPoints {
  private SplitPoints() {}

  static final String TERASORT_PARTITIONER =
      "org.apache.hadoop.examples.terasort.TeraSort$TotalOrderPartitioner";
  static final String TERASORT_SIMPLE_PARTITIONER =
      "org.apache.hadoop.examples.terasort.TeraSort$SimplePartitioner";

  /** TeraSort's partition file, in each task's working directory (from the distributed cache). */
  static final String TERASORT_PARTITION_FILE = "_partition.lst";

  /** TeraSort's simple partitioner cuts on the first three bytes of the key. */
  private static final int TERASORT_PREFIX_BYTES = 3;

  /**
   * @throws IOException naming the file when it cannot be read as the partitioner reads it
   */
  static List<byte[]> read(Configuration job, String partitioner) throws IOException {
    int reducers = job.getInt(MRJobConfig.NUM_REDUCES, 1);
    switch (partitioner) {
      case TERASORT_PARTITIONER:
        return teraSort(job, reducers);
      case TERASORT_SIMPLE_PARTITIONER:
        return teraSortSimple(reducers);
      default:
        return hadoopTotalOrder(job);
    }
  }

  /** As {@link TotalOrderPartitioner#setConf}: a SequenceFile of map output keys. */
  private static List<byte[]> hadoopTotalOrder(Configuration job) throws IOException {
    String name = TotalOrderPartitioner.getPartitionFile(job);
    Path file = new Path(name);
    // the default name is a symlink in the task's working directory, from the distributed cache
    FileSystem fs =
        TotalOrderPartitioner.DEFAULT_PATH.equals(name)
            ? FileSystem.getLocal(job)
            : file.getFileSystem(job);
    Class<?> keyClass =
        job.getClass(
            MRJobConfig.MAP_OUTPUT_KEY_CLASS,
            job.getClass(MRJobConfig.OUTPUT_KEY_CLASS, Object.class));
    List<byte[]> splits = new ArrayList<>();
    try (SequenceFile.Reader reader =
        new SequenceFile.Reader(job, SequenceFile.Reader.file(fs.makeQualified(file)))) {
      Writable key = (Writable) ReflectionUtils.newInstance(keyClass, job);
      while (reader.next(key, NullWritable.get())) {
        splits.add(bytes((BinaryComparable) key));
      }
    } catch (IOException | RuntimeException e) {
      throw new IOException(
          "cannot read the total-order split points in " + fs.makeQualified(file) + ": " + e, e);
    }
    return splits;
  }

  /** As TeraSort's partitioner: {@code reducers - 1} Texts written one after another. */
  private static List<byte[]> teraSort(Configuration job, int reducers) throws IOException {
    FileSystem local = FileSystem.getLocal(job);
    Path file = local.makeQualified(new Path(TERASORT_PARTITION_FILE));
    List<byte[]> splits = new ArrayList<>();
    try (DataInputStream in = local.open(file)) {
      for (int i = 0; i < reducers - 1; i++) {
        Text t = new Text();
        t.readFields(in);
        splits.add(bytes(t));
      }
    } catch (IOException e) {
      throw new IOException(
          "cannot read TeraSort's " + (reducers - 1) + " split points in " + file + ": " + e, e);
    }
    return splits;
  }

  /**
   * As TeraSort's simple partitioner: partition p holds the keys whose first three bytes, as a
   * number, lie in [p x per, (p + 1) x per), per = ceil(2^24 / reducers).
   */
  private static List<byte[]> teraSortSimple(int reducers) {
    int space = 1 << (8 * TERASORT_PREFIX_BYTES);
    int perReducer = (int) Math.ceil(space / (float) reducers);
    List<byte[]> splits = new ArrayList<>();
    for (int p = 1; p < reducers; p++) {
      int prefix = Math.min(space - 1, p * perReducer);
      splits.add(new byte[] {(byte) (prefix >>> 16), (byte) (prefix >>> 8), (byte) prefix});
    }
    return splits;
  }

  static byte[] bytes(BinaryComparable key) {
    return Arrays.copyOf(key.getBytes(), key.getLength());
  }
}
