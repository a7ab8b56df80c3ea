package io.pikachu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.cluster.history.JobTimeline;
import io.pikachu.cluster.history.TaskRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The emulated slow node is slow because of a real CPU limit, not because anything sleeps. */
class CpuLimitTest {
  private static HeteroCluster cluster;

  @BeforeAll
  static void startCluster() throws IOException {
    cluster =
        HeteroCluster.start(
            "cpu-limit-test", ClusterSpec.parse("fast-0:1.0:1:0, slow-0:0.25:1:0"), null);
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void sameCpuBoundWorkTakesAtLeastTwoAndAHalfTimesLongerOnTheQuarterSpeedNode() throws Exception {
    Configuration conf = cluster.clientConfiguration();
    FileSystem fs = FileSystem.get(conf);
    Path input = new Path("/tmp/cpu-limit-test/input");
    int tasks = 4;
    try (FSDataOutputStream out = fs.create(new Path(input, "lines.txt"), true)) {
      for (int i = 0; i < tasks; i++) {
        out.write(("task-" + i + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    Job job = Job.getInstance(conf, "cpu-limit-test");
    job.setJarByClass(BurnMapper.class);
    job.setMapperClass(BurnMapper.class);
    job.setNumReduceTasks(0);
    job.setInputFormatClass(NLineInputFormat.class);
    NLineInputFormat.addInputPath(job, input);
    NLineInputFormat.setNumLinesPerSplit(job, 1);
    job.setOutputFormatClass(NullOutputFormat.class);
    job.setMapSpeculativeExecution(false);
    assertTrue(job.waitForCompletion(false), "the CPU-bound job failed");

    JobTimeline timeline =
        JobTimeline.load(
            conf,
            job.getJobID(),
            port -> cluster.nodeByPort(port).orElseThrow().name(),
            Duration.ofSeconds(30));
    Map<String, List<Long>> millisByNode = new HashMap<>();
    for (TaskRun map : timeline.maps()) {
      millisByNode
          .computeIfAbsent(map.node(), n -> new ArrayList<>())
          .add(
              map.counter(
                  BurnMapper.Work.class.getName() + "/" + BurnMapper.Work.WALL_MILLIS.name()));
    }
    assertEquals(2, millisByNode.size(), "both nodes should have run maps: " + millisByNode);
    for (ClusterNode node : cluster.nodes()) {
      assertEquals(1, timeline.maxConcurrent(node.name(), false), "map slots of " + node.name());
    }
    double fast = mean(millisByNode.get("fast-0"));
    double slow = mean(millisByNode.get("slow-0"));
    System.out.printf(
        "CPU limit (%s): fast node %.0f ms, slow node %.0f ms per task, ratio %.2f%n",
        cluster.cpuLimitMethod(), fast, slow, slow / fast);
    assertTrue(
        slow >= 2.5 * fast,
        "the same work took "
            + slow
            + " ms on the 0.25-cpu node and "
            + fast
            + " ms on the 1-cpu node");
  }

  private static double mean(List<Long> values) {
    return values.stream().mapToLong(Long::longValue).average().orElseThrow();
  }

  /** Hashes a buffer a fixed number of times and reports how long that took inside the task. */
  public static class BurnMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
    enum Work {
      WALL_MILLIS
    }

    @Override
    protected void map(LongWritable key, Text value, Context context) throws IOException {
      long start = System.nanoTime();
      try {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] block = new byte[4096];
        for (int i = 0; i < 120_000; i++) {
          block[i % block.length] ^= digest.digest(block)[0];
        }
      } catch (NoSuchAlgorithmException e) {
        throw new IOException(e);
      }
      context.getCounter(Work.WALL_MILLIS).increment((System.nanoTime() - start) / 1_000_000);
    }
  }
}
