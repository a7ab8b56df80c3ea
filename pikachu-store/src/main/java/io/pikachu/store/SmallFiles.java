package io.pikachu.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The small files through which Pikachu's AM and tasks talk (bin maps, the job layout, the node
 * profile), on any Hadoop file system: readers never see half a file, and a file is created once.
 */
final class SmallFiles {

  /** Thrown by {@link #read} for a file longer than its bound: no Pikachu file is. */
  static final class TooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    TooLargeException(Path path, int maxBytes) {
      super(path + " is larger than " + maxBytes + " bytes");
    }
  }

  private SmallFiles() {}

  /** The raw file system under a checksummed local one: its renames and links are the OS's. */
  static FileSystem unwrap(FileSystem fs) {
    return fs instanceof LocalFileSystem ? ((LocalFileSystem) fs).getRaw() : fs;
  }

  /**
   * @throws java.io.FileNotFoundException when it does not exist
   * @throws TooLargeException when it holds more than {@code maxBytes}
   */
  static byte[] read(FileSystem fs, Path path, int maxBytes) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (InputStream in = fs.open(path)) {
      byte[] buf = new byte[8192];
      int n;
      while ((n = in.read(buf)) > 0) {
        bytes.write(buf, 0, n);
        if (bytes.size() > maxBytes) {
          throw new TooLargeException(path, maxBytes);
        }
      }
    }
    return bytes.toByteArray();
  }

  /** {@code content} under a hidden temporary name in {@code dir}, for a rename or claim. */
  static Path writeTemp(FileSystem fs, Path dir, byte[] content) throws IOException {
    // what Pikachu reads back steers a job: its directories are nobody else's to write
    StoreSafety.createOwnerOnly(fs, dir);
    Path tmp = new Path(dir, "." + UUID.randomUUID() + ".tmp");
    try (OutputStream out = fs.create(tmp, false)) {
      out.write(content);
    }
    return tmp;
  }

  /** Atomically creates {@code target} with the content of {@code tmp} unless it exists. */
  static boolean claim(FileSystem fs, Path tmp, Path target) throws IOException {
    if (fs instanceof RawLocalFileSystem) {
      RawLocalFileSystem raw = (RawLocalFileSystem) fs;
      // java.io rename overwrites on POSIX; link(2) fails if the target exists.
      try {
        Files.createLink(raw.pathToFile(target).toPath(), raw.pathToFile(tmp).toPath());
        return true;
      } catch (FileAlreadyExistsException e) {
        return false;
      }
    }
    // HDFS rename never overwrites an existing file and is atomic in the NameNode.
    if (fs.rename(tmp, target)) {
      return true;
    }
    if (!fs.exists(target)) {
      throw new IOException("could not rename " + tmp + " to " + target);
    }
    return false;
  }

  /**
   * Replaces {@code target} with {@code content} by one overwriting rename: a reader sees the old
   * content or the new, never half and never none.
   */
  static void replace(FileSystem fs, Configuration conf, Path target, byte[] content)
      throws IOException {
    Path tmp = writeTemp(fs, target.getParent(), content);
    try {
      // A local rename replaces the target in one step; HDFS's FileSystem.rename never overwrites,
      // and FileContext's OVERWRITE rename does.
      if (!fs.rename(tmp, target)) {
        FileContext.getFileContext(target.toUri(), conf)
            .rename(fs.makeQualified(tmp), fs.makeQualified(target), Options.Rename.OVERWRITE);
      }
    } catch (IOException e) {
      fs.delete(tmp, false);
      throw new IOException("could not rename " + tmp + " to " + target + ": " + e, e);
    }
  }

  /**
   * Creates {@code target} with {@code content}, whole or not at all, unless it exists.
   *
   * @return whether this call created it
   */
  static boolean create(FileSystem fs, Path target, byte[] content) throws IOException {
    Path tmp = writeTemp(fs, target.getParent(), content);
    try {
      return claim(fs, tmp, target);
    } finally {
      fs.delete(tmp, false);
    }
  }
}
