package io.pikachu.realcluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;

/**
 * What a finished job left for its user and admin, read the way they would: counters from the
 * JobHistoryServer (through the job client API, by group and counter name, with no Pikachu class),
 * the AM's syslog in the NodeManager's log directory, and the decision record on HDFS.
 */
record FinishedJob(String id, Counters counters, long startMs, long finishMs, List<String> amLog) {
  static final String PIKACHU_GROUP = "Pikachu";
  static final String DECISION_GROUP = "io.pikachu.am.DecisionCounter";
  private static final ObjectMapper JSON = new ObjectMapper();

  static FinishedJob of(RealCluster cluster, String jobId) throws Exception {
    Cluster client = new Cluster(cluster.conf());
    try {
      Job job = client.getJob(JobID.forName(jobId));
      if (job == null) {
        throw new AssertionError("the cluster does not know job " + jobId);
      }
      return new FinishedJob(
          jobId,
          job.getCounters(),
          job.getStartTime(),
          job.getFinishTime(),
          amLog(cluster.containerLogDirs(), jobId));
    } finally {
      client.close();
    }
  }

  /** Launch to finish, as job history has it. */
  long durationMs() {
    return finishMs - startMs;
  }

  /** A counter's value, or empty when the job has no such counter. */
  Optional<Long> counter(String group, String name) {
    CounterGroup g = counters.getGroup(group);
    for (Counter c : g) {
      if (c.getName().equals(name)) {
        return Optional.of(c.getValue());
      }
    }
    return Optional.empty();
  }

  long counterOrZero(String group, String name) {
    return counter(group, name).orElse(0L);
  }

  boolean hasGroup(String group) {
    for (String name : counters.getGroupNames()) {
      if (name.equals(group)) {
        return counters.getGroup(group).size() > 0;
      }
    }
    return false;
  }

  /** The AM's log lines that contain {@code text}. */
  List<String> amLines(String text) {
    return amLog.stream().filter(l -> l.contains(text)).toList();
  }

  /**
   * The job's counters as its history file holds them, with the display names the AM gave them,
   * parsed by Hadoop's {@code JobHistoryParser}: what the JobHistoryServer's pages show. The file
   * is in the intermediate or the done directory, depending on whether the server moved it yet.
   */
  static Counters historyCounters(
      FileSystem fs, org.apache.hadoop.conf.Configuration conf, String jobId) throws Exception {
    org.apache.hadoop.fs.Path file =
        historyFile(
            fs,
            jobId,
            List.of(
                historyDoneDir(fs, conf),
                fs.makeQualified(
                    new org.apache.hadoop.fs.Path(
                        org.apache.hadoop.mapreduce.v2.jobhistory.JobHistoryUtils
                            .getConfiguredHistoryIntermediateDoneDirPrefix(conf)))));
    return new org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser(fs, file)
        .parse()
        .getTotalCounters();
  }

  /** The JobHistoryServer's done folder ({@code mapreduce.jobhistory.done-dir}), qualified. */
  static org.apache.hadoop.fs.Path historyDoneDir(
      FileSystem fs, org.apache.hadoop.conf.Configuration conf) {
    return fs.makeQualified(
        new org.apache.hadoop.fs.Path(
            org.apache.hadoop.mapreduce.v2.jobhistory.JobHistoryUtils
                .getConfiguredHistoryServerDoneDirPrefix(conf)));
  }

  /** The job's {@code .jhist} file under one of {@code dirs}, waiting up to a minute for it. */
  static org.apache.hadoop.fs.Path historyFile(
      FileSystem fs, String jobId, List<org.apache.hadoop.fs.Path> dirs) throws Exception {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
    while (true) {
      for (org.apache.hadoop.fs.Path dir : dirs) {
        if (!fs.exists(dir)) {
          continue;
        }
        org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> files =
            fs.listFiles(dir, true);
        while (files.hasNext()) {
          org.apache.hadoop.fs.Path p = files.next().getPath();
          if (p.getName().startsWith(jobId) && p.getName().endsWith(".jhist")) {
            return p;
          }
        }
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no history file of " + jobId + " under " + dirs);
      }
      Thread.sleep(500);
    }
  }

  /** The job's decision record, from {@code pikachu.decision.dir}. */
  static JsonNode decisionRecord(FileSystem fs, String jobId) throws IOException {
    org.apache.hadoop.fs.Path file =
        new org.apache.hadoop.fs.Path(ClusterSite.DECISION_DIR, jobId + ".decision.json");
    try (InputStream in = fs.open(file)) {
      return JSON.readTree(in);
    }
  }

  /**
   * The lines containing {@code text} of the syslogs of the job's task containers (every container
   * but the AM's first) in one NodeManager's log directory.
   */
  static List<String> taskLines(Path logDir, String jobId, String text) throws IOException {
    Path appDir = logDir.resolve(jobId.replaceFirst("^job_", "application_"));
    List<String> lines = new ArrayList<>();
    if (!Files.isDirectory(appDir)) {
      return lines;
    }
    try (Stream<Path> containers = Files.list(appDir)) {
      for (Path c : containers.sorted().toList()) {
        Path syslog = c.resolve("syslog");
        if (!c.getFileName().toString().endsWith("_000001") && Files.exists(syslog)) {
          Files.readAllLines(syslog, StandardCharsets.UTF_8).stream()
              .filter(l -> l.contains(text))
              .forEach(lines::add);
        }
      }
    }
    return lines;
  }

  /**
   * Every AM attempt's syslog of the job: the first container of its application, on whichever
   * NodeManager ran it; an error when there is none.
   */
  static List<String> amLog(List<Path> logDirs, String jobId) throws IOException {
    String app = jobId.replaceFirst("^job_", "application_");
    List<String> lines = new ArrayList<>();
    for (Path logDir : logDirs) {
      Path appDir = logDir.resolve(app);
      if (!Files.isDirectory(appDir)) {
        continue;
      }
      try (Stream<Path> containers = Files.list(appDir)) {
        for (Path c : containers.sorted().toList()) {
          Path syslog = c.resolve("syslog");
          if (c.getFileName().toString().endsWith("_000001") && Files.exists(syslog)) {
            lines.addAll(Files.readAllLines(syslog, StandardCharsets.UTF_8));
          }
        }
      }
    }
    if (lines.isEmpty()) {
      throw new AssertionError("no AM syslog of " + jobId + " under " + logDirs);
    }
    return lines;
  }
}
