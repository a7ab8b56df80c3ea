package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.bench.apps.InvertedIndex;
import io.pikachu.bench.apps.MultiWordCount;
import io.pikachu.bench.apps.SelfJoin;
import io.pikachu.bench.data.AssociationGenerator;
import io.pikachu.bench.data.TextGenerator;
import io.pikachu.cluster.HeteroCluster;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Multi-Wordcount, Inverted-index and Selfjoin give the output of a plain-Java computation of the
 * same input when they run on the embedded cluster, with several maps and reducers. Data and task
 * counts are kept small: the time goes into starting containers on CPU-limited nodes.
 */
@SharedCluster.On(SharedCluster.Kind.PLAIN)
@Tag("extended")
class MoreBenchmarkAppsOnClusterTest {
  private static HeteroCluster cluster;
  private static Configuration conf;
  private static FileSystem fs;
  private static Path base;

  @BeforeAll
  static void useSharedCluster() throws IOException {
    SharedCluster.Handle handle = SharedCluster.forClass(MoreBenchmarkAppsOnClusterTest.class);
    cluster = handle.cluster();
    conf = handle.conf();
    fs = handle.fs();
    base = handle.base();
  }

  private static void run(Job job) throws Exception {
    job.getConfiguration().setInt(MRJobConfig.NUM_REDUCES, 2);
    assertTrue(
        job.waitForCompletion(false),
        job.getJobName() + " failed: " + job.getStatus().getFailureInfo());
  }

  @Test
  void multiWordCountMatchesAnIndependentCount() throws Exception {
    Path input = new Path(base, "mwc-in");
    new TextGenerator(21, 60, 1.2).write(conf, input, 2, 80_000);
    run(MultiWordCount.createJob(conf, input, new Path(base, "mwc-out")));

    Map<String, Long> expected = new HashMap<>();
    for (String line : readLines(input)) {
      String[] words = line.trim().split("\\s+");
      for (int i = 2; i < words.length; i++) {
        expected.merge(String.join(" ", words[i - 2], words[i - 1], words[i]), 1L, Long::sum);
      }
    }
    Map<String, Long> actual = new HashMap<>();
    for (String line : readLines(new Path(base, "mwc-out"))) {
      int tab = line.indexOf('\t');
      assertNull(actual.put(line.substring(0, tab), Long.parseLong(line.substring(tab + 1))), line);
    }
    assertEquals(expected, actual);
  }

  @Test
  void invertedIndexMatchesAnIndependentIndex() throws Exception {
    Path input = new Path(base, "ii-in");
    new TextGenerator(22, 4_000, 1.0).write(conf, input, 3, 40_000);
    run(InvertedIndex.createJob(conf, input, new Path(base, "ii-out")));

    Map<String, TreeSet<String>> files = new TreeMap<>();
    for (Path file : parts(input)) {
      for (String line : readLines(file)) {
        for (String word : line.split(" ")) {
          files.computeIfAbsent(word, w -> new TreeSet<>()).add(file.getName());
        }
      }
    }
    Map<String, String> expected = new HashMap<>();
    files.forEach((word, names) -> expected.put(word, String.join(",", names)));
    Map<String, String> actual = new HashMap<>();
    for (String line : readLines(new Path(base, "ii-out"))) {
      String[] fields = line.split("\t");
      assertNull(actual.put(fields[0], fields[1]), line);
    }
    assertEquals(expected, actual);
  }

  @Test
  void selfJoinMatchesAnIndependentJoin() throws Exception {
    Path input = new Path(base, "sj-in");
    new AssociationGenerator(23, 3, 2_000, 24, 1.5).write(conf, input, 2, 50_000);
    run(SelfJoin.createJob(conf, input, new Path(base, "sj-out")));

    Map<String, TreeSet<String>> lastsByPrefix = new HashMap<>();
    for (String line : readLines(input)) {
      int comma = line.lastIndexOf(',');
      lastsByPrefix
          .computeIfAbsent(line.substring(0, comma), p -> new TreeSet<>())
          .add(line.substring(comma + 1));
    }
    List<String> expected = new ArrayList<>();
    lastsByPrefix.forEach(
        (prefix, lasts) -> {
          for (String first : lasts) {
            for (String second : lasts.tailSet(first, false)) {
              expected.add(prefix + "," + first + "," + second);
            }
          }
        });
    List<String> actual = readLines(new Path(base, "sj-out"));
    expected.sort(null);
    actual.sort(null);
    assertTrue(expected.size() > 1_000, "too small a join to show much: " + expected.size());
    assertEquals(expected, actual);
  }

  /** The data files of a directory: what a job reads or wrote, without markers and hidden files. */
  private static List<Path> parts(Path dir) throws IOException {
    List<Path> parts = new ArrayList<>();
    for (FileStatus status : fs.listStatus(dir)) {
      if (status.getPath().getName().startsWith("part-")) {
        parts.add(status.getPath());
      }
    }
    assertTrue(!parts.isEmpty(), "no part- files in " + dir);
    return parts;
  }

  /** Every line of a file, or of the data files of a directory. */
  private static List<String> readLines(Path path) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Path file : fs.getFileStatus(path).isDirectory() ? parts(path) : List.of(path)) {
      try (BufferedReader reader =
          new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
        reader.lines().forEach(lines::add);
      }
    }
    return lines;
  }
}
