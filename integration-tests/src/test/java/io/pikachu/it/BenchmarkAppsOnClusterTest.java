package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.bench.apps.Sort;
import io.pikachu.bench.apps.WordCount;
import io.pikachu.bench.data.RecordGenerator;
import io.pikachu.bench.data.TextGenerator;
import io.pikachu.cluster.ClusterNode;
import io.pikachu.cluster.HeteroCluster;
import io.pikachu.cluster.history.JobTimeline;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The benchmark applications give correct output on the embedded cluster, using every node. */
@SharedCluster.On(SharedCluster.Kind.PLAIN)
class BenchmarkAppsOnClusterTest {
  private static HeteroCluster cluster;
  private static Configuration conf;
  private static FileSystem fs;
  private static Path base;

  @BeforeAll
  static void useSharedCluster() throws IOException {
    SharedCluster.Handle handle = SharedCluster.forClass(BenchmarkAppsOnClusterTest.class);
    cluster = handle.cluster();
    conf = handle.conf();
    fs = handle.fs();
    base = handle.base();
  }

  private static Configuration jobConf(int reduces) {
    Configuration jobConf = new Configuration(conf);
    jobConf.setInt(MRJobConfig.NUM_REDUCES, reduces);
    return jobConf;
  }

  @Test
  void wordCountMatchesAnIndependentCount() throws Exception {
    Path input = new Path(base, "wc-in");
    new TextGenerator(11, 5_000, 1.0).write(conf, input, 4, 150_000);
    Job job = WordCount.createJob(jobConf(3), input, new Path(base, "wc-out"));
    assertTrue(job.waitForCompletion(false), "wordcount failed");

    Map<String, Long> expected = new HashMap<>();
    for (String line : readLines(input, "part-")) {
      for (String word : line.split(" ")) {
        expected.merge(word, 1L, Long::sum);
      }
    }
    Map<String, Long> actual = new HashMap<>();
    for (String line : readLines(new Path(base, "wc-out"), "part-r-")) {
      String[] fields = line.split("\t");
      assertEquals(
          null,
          actual.put(fields[0], Long.parseLong(fields[1])),
          "word twice in output: " + fields[0]);
    }
    assertEquals(expected, actual);

    JobTimeline timeline =
        JobTimeline.load(
            conf,
            job.getJobID(),
            port -> cluster.nodeByPort(port).orElseThrow().name(),
            Duration.ofSeconds(30));
    assertEquals(4, timeline.maps().size());
    assertEquals(3, timeline.reduces().size());
    for (ClusterNode node : cluster.nodes()) {
      assertTrue(
          timeline.maxConcurrent(node.name(), false) <= node.spec().mapSlots(),
          "map slots of " + node);
      assertTrue(
          timeline.maxConcurrent(node.name(), true) <= node.spec().reduceSlots(),
          "reduce slots of " + node);
    }
    assertTrue(
        timeline.reduces().stream()
            .allMatch(
                r ->
                    r.sortFinishTime() >= r.shuffleFinishTime()
                        && r.finishTime() >= r.sortFinishTime()
                        && r.shuffleBytes() > 0),
        timeline.reduces().toString());
  }

  @Test
  void sortKeepsEveryRecordAndSortsEachPart() throws Exception {
    Path input = new Path(base, "sort-in");
    new RecordGenerator(5).write(conf, input, 3, 100_000);
    Job job = Sort.createJob(jobConf(4), input, new Path(base, "sort-out"));
    assertTrue(job.waitForCompletion(false), "sort failed");

    List<String> inputRecords = readRecords(input, "part-", false);
    List<String> outputRecords = readRecords(new Path(base, "sort-out"), "part-r-", true);
    assertEquals(3 * (100_000 / 100), inputRecords.size());
    inputRecords.sort(null);
    outputRecords.sort(null);
    assertEquals(inputRecords, outputRecords);
  }

  private static List<Path> parts(Path dir, String prefix) throws IOException {
    List<Path> parts = new ArrayList<>();
    for (FileStatus status : fs.listStatus(dir)) {
      if (status.getPath().getName().startsWith(prefix)) {
        parts.add(status.getPath());
      }
    }
    parts.sort(null);
    assertTrue(!parts.isEmpty(), "no " + prefix + " files in " + dir);
    return parts;
  }

  private static List<String> readLines(Path dir, String prefix) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Path part : parts(dir, prefix)) {
      try (BufferedReader reader =
          new BufferedReader(new InputStreamReader(fs.open(part), StandardCharsets.UTF_8))) {
        reader.lines().forEach(lines::add);
      }
    }
    return lines;
  }

  /**
   * Records as hex "key:value"; with {@code checkOrder}, fails unless each file is sorted by key.
   */
  private static List<String> readRecords(Path dir, String prefix, boolean checkOrder)
      throws IOException {
    List<String> records = new ArrayList<>();
    for (Path part : parts(dir, prefix)) {
      try (SequenceFile.Reader reader =
          new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
        BytesWritable key = new BytesWritable();
        BytesWritable value = new BytesWritable();
        BytesWritable previous = null;
        while (reader.next(key, value)) {
          if (checkOrder && previous != null) {
            assertTrue(previous.compareTo(key) <= 0, "keys out of order in " + part);
          }
          previous = new BytesWritable(Arrays.copyOf(key.getBytes(), key.getLength()));
          records.add(hex(key) + ":" + hex(value));
        }
      }
    }
    assertEquals(records.size(), new HashSet<>(records).size(), "duplicate records in " + dir);
    return records;
  }

  private static String hex(BytesWritable bytes) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < bytes.getLength(); i++) {
      text.append(String.format("%02x", bytes.getBytes()[i]));
    }
    return text.toString();
  }
}
