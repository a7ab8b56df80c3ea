package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * Runs a job under stock Hadoop and under Pikachu variants side by side on one cluster, and
 * compares their outputs with stock's, in the spirit of Uniffle's MR integration test base. Every
 * exactness and fault test of this module goes through it.
 *
 * <p>How outputs are compared: {@link Match#RECORDS} as multisets of output lines, the promise for
 * any job; {@link Match#PLACEMENT} also part file by part file (every key in the part file stock
 * puts it in); {@link Match#BYTES} part file by part file, byte for byte, for jobs whose output
 * does not depend on the order of a key's values.
 */
final class StockVsPikachu {

  /** How strictly a variant's output must equal stock's. */
  enum Match {
    RECORDS,
    PLACEMENT,
    BYTES,
    /** The concatenated part files byte for byte: total order, whatever the bin map. */
    CONCATENATED_BYTES
  }

  /** Builds one job of the application under test. */
  interface JobFactory {
    Job create(Configuration conf, Path output, String name) throws Exception;
  }

  private final FileSystem fs;
  private final Path base;
  private final Configuration stockConf;

  StockVsPikachu(FileSystem fs, Path base, Configuration stockConf) {
    this.fs = fs;
    this.base = base;
    this.stockConf = stockConf;
  }

  /** The finished jobs of one comparison, stock's under {@code "stock"}. */
  record Runs(Map<String, Job> jobs) {
    Job get(String variant) {
      return jobs.get(variant);
    }

    Path output(String variant) {
      return FileOutputFormat.getOutputPath(jobs.get(variant));
    }
  }

  /**
   * Submits stock and every variant at once, waits for all, and checks that each succeeded.
   *
   * @param variants name to the change a variant makes to the stock configuration
   */
  Runs run(String prefix, JobFactory app, Map<String, UnaryOperator<Configuration>> variants)
      throws Exception {
    Map<String, Job> jobs = new LinkedHashMap<>();
    jobs.put("stock", app.create(new Configuration(stockConf), out(prefix, "stock"), prefix));
    for (Map.Entry<String, UnaryOperator<Configuration>> v : variants.entrySet()) {
      Configuration c = v.getValue().apply(new Configuration(stockConf));
      jobs.put(v.getKey(), app.create(c, out(prefix, v.getKey()), prefix + "-" + v.getKey()));
    }
    for (Job j : jobs.values()) {
      j.submit();
    }
    for (Map.Entry<String, Job> e : jobs.entrySet()) {
      Job j = e.getValue();
      assertTrue(
          j.waitForCompletion(false),
          prefix + " " + e.getKey() + " failed: " + j.getStatus().getFailureInfo());
    }
    return new Runs(jobs);
  }

  private Path out(String prefix, String variant) {
    return new Path(base, prefix + "-" + variant);
  }

  /** Checks a variant's output against stock's. */
  void assertMatchesStock(Runs runs, String variant, Match match) throws IOException {
    assertMatchesStock(runs.output("stock"), runs.output(variant), variant, match);
  }

  /** Checks an output against stock's output. */
  void assertMatchesStock(Path stock, Path other, String variant, Match match) throws IOException {
    String what = variant + " against stock";
    List<String> expected = sortedLines(concatenated(stock));
    assertFalse(expected.isEmpty(), "stock wrote nothing");
    assertEquals(expected, sortedLines(concatenated(other)), what + ": records differ");
    switch (match) {
      case RECORDS -> {}
      case CONCATENATED_BYTES ->
          assertArrayEquals(concatenated(stock), concatenated(other), what + ": not sorted alike");
      case PLACEMENT, BYTES -> {
        List<Path> parts = parts(stock);
        assertEquals(parts.size(), parts(other).size(), what + ": part files");
        for (Path part : parts) {
          byte[] mine = read(new Path(other, part.getName()));
          byte[] theirs = read(part);
          if (match == Match.BYTES) {
            assertArrayEquals(theirs, mine, what + ": " + part.getName());
          } else {
            assertEquals(sortedLines(theirs), sortedLines(mine), what + ": " + part);
          }
        }
      }
    }
  }

  /** The lines of a text output, sorted: its records as a multiset. */
  static List<String> sortedLines(byte[] text) {
    List<String> lines =
        new ArrayList<>(
            Arrays.asList(new String(text, java.nio.charset.StandardCharsets.UTF_8).split("\n")));
    lines.removeIf(String::isEmpty);
    java.util.Collections.sort(lines);
    return lines;
  }

  /** The part files of an output, in part order, concatenated. */
  byte[] concatenated(Path output) throws IOException {
    java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
    for (Path part : parts(output)) {
      all.writeBytes(read(part));
    }
    return all.toByteArray();
  }

  private List<Path> parts(Path output) throws IOException {
    FileStatus[] parts = fs.globStatus(new Path(output, "part-*"));
    Arrays.sort(parts);
    List<Path> paths = new ArrayList<>();
    for (FileStatus p : parts) {
      paths.add(p.getPath());
    }
    return paths;
  }

  byte[] read(Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return in.readAllBytes();
    }
  }
}
