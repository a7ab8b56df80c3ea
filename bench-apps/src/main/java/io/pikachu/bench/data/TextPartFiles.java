package io.pikachu.bench.data;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The numbered text files of a generated data set, {@code part-00000.txt} and on, on any Hadoop
 * file system.
 */
final class TextPartFiles {
  /**
   * Writes the content of one file, chosen by its index, so that files are generated independently.
   */
  @FunctionalInterface
  interface Content {
    void write(OutputStream out, int fileIndex) throws IOException;
  }

  private TextPartFiles() {}

  static void write(Configuration conf, Path dir, int files, Content content) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    for (int file = 0; file < files; file++) {
      Path path = new Path(dir, String.format("part-%05d.txt", file));
      try (OutputStream out = new BufferedOutputStream(fs.create(path, true), 1 << 16)) {
        content.write(out, file);
      }
    }
  }
}
