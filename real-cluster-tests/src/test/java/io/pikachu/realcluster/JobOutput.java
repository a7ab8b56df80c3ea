package io.pikachu.realcluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.io.SequenceFile;

/** A job's part files on HDFS, read for comparison with another run's. */
final class JobOutput {
  private final FileSystem fs;
  private final Path dir;

  JobOutput(FileSystem fs, String dir) {
    this.fs = fs;
    this.dir = new Path(dir);
  }

  /** The part files, in part order. */
  List<Path> parts() throws IOException {
    FileStatus[] files = fs.listStatus(dir, p -> p.getName().startsWith("part-"));
    if (files.length == 0) {
      throw new AssertionError(dir + " has no part files");
    }
    return Arrays.stream(files).map(FileStatus::getPath).sorted().toList();
  }

  /** Each part file's bytes. */
  List<byte[]> partBytes() throws IOException {
    List<byte[]> out = new ArrayList<>();
    for (Path p : parts()) {
      try (InputStream in = fs.open(p)) {
        out.add(in.readAllBytes());
      }
    }
    return out;
  }

  /** Each text part file's lines, in file order. */
  List<List<String>> textLines() throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (byte[] part : partBytes()) {
      String text = new String(part, StandardCharsets.UTF_8);
      out.add(text.isEmpty() ? List.of() : text.lines().toList());
    }
    return out;
  }

  /**
   * Each SequenceFile part's records of BytesWritable key and value, in file order, as hex {@code
   * key/value}: the files themselves differ by their random sync markers.
   */
  List<List<String>> sequenceRecords(Configuration conf) throws IOException {
    List<List<String>> out = new ArrayList<>();
    for (Path p : parts()) {
      List<String> records = new ArrayList<>();
      SequenceFile.Reader reader = new SequenceFile.Reader(conf, SequenceFile.Reader.file(p));
      try {
        BytesWritable key = new BytesWritable();
        BytesWritable value = new BytesWritable();
        while (reader.next(key, value)) {
          records.add(hex(key) + "/" + hex(value));
        }
      } finally {
        IOUtils.closeStream(reader);
      }
      out.add(records);
    }
    return out;
  }

  static String hex(BytesWritable b) {
    return HexFormat.of().formatHex(b.getBytes(), 0, b.getLength());
  }

  /** All records of all parts as a multiset (record to count). */
  static Map<String, Integer> multiset(List<List<String>> parts) {
    Map<String, Integer> counts = new TreeMap<>();
    for (List<String> part : parts) {
      for (String r : part) {
        counts.merge(r, 1, Integer::sum);
      }
    }
    return counts;
  }

  /**
   * The lines of a word count's text part files ({@code word<TAB>count}) that stock would not have
   * written there: in another part than Hadoop's HashPartitioner gives their word, or out of order.
   * Empty for a stock run.
   */
  static List<String> notWhereStockPutsThem(List<List<String>> parts) {
    org.apache.hadoop.mapreduce.lib.partition.HashPartitioner<org.apache.hadoop.io.Text, Object>
        stock = new org.apache.hadoop.mapreduce.lib.partition.HashPartitioner<>();
    List<String> wrong = new ArrayList<>();
    for (int r = 0; r < parts.size(); r++) {
      String previous = null;
      for (String line : parts.get(r)) {
        String word = line.substring(0, line.indexOf('\t'));
        if (stock.getPartition(new org.apache.hadoop.io.Text(word), null, parts.size()) != r
            || (previous != null && previous.compareTo(word) >= 0)) {
          wrong.add("part " + r + ": " + line);
        }
        previous = word;
      }
    }
    return wrong;
  }
}
