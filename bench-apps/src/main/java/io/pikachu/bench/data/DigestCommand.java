package io.pikachu.bench.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * {@code gen-digest <dir>}: one SHA-256 over a generated data set, so that inputs generated on two
 * clusters (or two Hadoop lines) can be compared without copying them: the part files in name
 * order, each by its name and content. A SequenceFile ({@code gen-sort}) counts by its records,
 * since its header carries a sync marker that Hadoop draws at random for every file.
 */
public final class DigestCommand extends Configured implements Tool {

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new DigestCommand(), args));
  }

  @Override
  public int run(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: gen-digest <dir of gen-text, gen-sort or gen-selfjoin output>");
      return 2;
    }
    System.out.println("sha256 " + digest(getConf(), new Path(args[0])) + "  " + args[0]);
    return 0;
  }

  /** The data set's digest, in hex. */
  public static String digest(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    List<Path> parts = new ArrayList<>();
    for (FileStatus f : fs.listStatus(dir)) {
      String name = f.getPath().getName();
      if (f.isFile() && name.startsWith("part-")) {
        parts.add(f.getPath());
      }
    }
    if (parts.isEmpty()) {
      throw new IOException("no part-* files in " + dir);
    }
    parts.sort((a, b) -> a.getName().compareTo(b.getName()));
    MessageDigest sha = sha256();
    for (Path part : parts) {
      sha.update(part.getName().getBytes(StandardCharsets.UTF_8));
      sha.update((byte) 0);
      if (part.getName().endsWith(".seq")) {
        records(conf, part, sha);
      } else {
        bytes(fs, part, sha);
      }
    }
    StringBuilder hex = new StringBuilder();
    for (byte b : sha.digest()) {
      hex.append(String.format("%02x", b & 0xff));
    }
    return hex.toString();
  }

  private static void bytes(FileSystem fs, Path part, MessageDigest sha) throws IOException {
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = fs.open(part)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        sha.update(buffer, 0, n);
      }
    }
  }

  private static void records(Configuration conf, Path part, MessageDigest sha) throws IOException {
    BytesWritable key = new BytesWritable();
    BytesWritable value = new BytesWritable();
    try (SequenceFile.Reader reader =
        new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
      while (reader.next(key, value)) {
        sha.update(key.getBytes(), 0, key.getLength());
        sha.update(value.getBytes(), 0, value.getLength());
      }
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
