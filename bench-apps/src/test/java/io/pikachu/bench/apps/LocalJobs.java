package io.pikachu.bench.apps;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;

/** Runs benchmark jobs in-process on Hadoop's LocalJobRunner and reads their text files back. */
final class LocalJobs {
  private LocalJobs() {}

  static Configuration conf(int reduces) {
    Configuration conf = new Configuration();
    conf.set(MRConfig.FRAMEWORK_NAME, "local");
    conf.set("fs.defaultFS", "file:///");
    conf.setInt(MRJobConfig.NUM_REDUCES, reduces);
    // The default 100 MB sort buffer per map is wasted on test-sized inputs.
    conf.setInt(MRJobConfig.IO_SORT_MB, 8);
    // waitForCompletion polls every 5 s by default, longer than a test-sized job takes.
    conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, 50);
    return conf;
  }

  static Path path(java.nio.file.Path path) {
    return new Path(path.toUri());
  }

  static void runToSuccess(Job job) throws Exception {
    assertTrue(
        job.waitForCompletion(false),
        job.getJobName() + " failed: " + job.getStatus().getFailureInfo());
  }

  static void runToFailure(Job job, String why) throws Exception {
    assertFalse(job.waitForCompletion(false), job.getJobName() + " succeeded, yet " + why);
  }

  /**
   * Every line of the files in {@code dir} whose names start with {@code prefix}, files in name
   * order.
   */
  static List<String> lines(java.nio.file.Path dir, String prefix) throws IOException {
    List<java.nio.file.Path> files;
    try (Stream<java.nio.file.Path> listing = Files.list(dir)) {
      files =
          listing
              .filter(file -> file.getFileName().toString().startsWith(prefix))
              .sorted()
              .toList();
    }
    assertFalse(files.isEmpty(), "no " + prefix + "* files in " + dir);
    List<String> lines = new ArrayList<>();
    for (java.nio.file.Path file : files) {
      lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
    }
    return lines;
  }

  static List<String> outputLines(java.nio.file.Path dir) throws IOException {
    return lines(dir, "part-r-");
  }
}
