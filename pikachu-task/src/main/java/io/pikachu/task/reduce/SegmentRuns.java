package io.pikachu.task.reduce;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.IFile;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.reduce.InMemoryReader;

/**
 * A reducer's stored outputs as runs of a {@link LoserTreeMerge}, read as Hadoop's Merger reads
 * them.
 */
final class SegmentRuns {
  private SegmentRuns() {}

  /** Decompressed IFile bytes without checksum, held in memory; read in place. */
  static LoserTreeMerge.Run memory(JobConf job, TaskAttemptID reduceId, byte[] data)
      throws IOException {
    return new ReaderRun(
        new InMemoryReader<>(null, reduceId, data, 0, data.length, job), null, null);
  }

  /** A local IFile (as served, or as merged), deleted once the merge has read it. */
  static LoserTreeMerge.Run disk(JobConf job, FileSystem fs, Path file, CompressionCodec codec)
      throws IOException {
    return new ReaderRun(new IFile.Reader<>(job, fs, file, codec, null), fs, file);
  }

  private static final class ReaderRun implements LoserTreeMerge.Run {
    private final IFile.Reader<?, ?> reader;
    private final FileSystem fs;
    private final Path file;
    private final DataInputBuffer key = new DataInputBuffer();

    /** A disk reader fills the buffer's own array, so each run has its own. */
    private final DataInputBuffer value = new DataInputBuffer();

    private boolean valueRead = true;

    ReaderRun(IFile.Reader<?, ?> reader, FileSystem fs, Path file) {
      this.reader = reader;
      this.fs = fs;
      this.file = file;
    }

    @Override
    public boolean next() throws IOException {
      if (!valueRead) {
        value(); // an IFile's value follows its key in the stream
      }
      valueRead = false;
      return reader.nextRawKey(key);
    }

    @Override
    public DataInputBuffer key() {
      return key;
    }

    @Override
    public DataInputBuffer value() throws IOException {
      if (!valueRead) {
        reader.nextRawValue(value);
        valueRead = true;
      }
      return value;
    }

    @Override
    public void close() throws IOException {
      try {
        reader.close();
      } finally {
        if (file != null) {
          fs.delete(file, false);
        }
      }
    }
  }
}
