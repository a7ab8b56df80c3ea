package io.pikachu.cluster.history;

import io.pikachu.core.time.Overlap;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser.JobInfo;
import org.apache.hadoop.mapreduce.jobhistory.JobHistoryParser.TaskAttemptInfo;
import org.apache.hadoop.mapreduce.v2.jobhistory.JobHistoryUtils;

/** The successful task attempts of a finished job, with the node each ran on, from job history. */
public record JobTimeline(
    String jobId, long submitTime, long launchTime, long finishTime, List<TaskRun> tasks) {

  /**
   * Reads the history file of a finished job. The AM writes it to the intermediate done folder as
   * it ends and the history server moves it later, so both places are searched.
   *
   * @param nodeOfPort names the node behind a NodeManager port
   */
  public static JobTimeline load(
      Configuration conf, JobID jobId, IntFunction<String> nodeOfPort, Duration wait)
      throws IOException, InterruptedException {
    Path file = findHistoryFile(conf, jobId, wait);
    JobInfo info = new JobHistoryParser(file.getFileSystem(conf), file).parse();
    List<TaskRun> tasks = new ArrayList<>();
    for (TaskAttemptInfo attempt : info.getAllCompletedTaskAttempts().values()) {
      if (!"SUCCEEDED".equals(attempt.getTaskStatus())) {
        continue;
      }
      boolean reduce = attempt.getTaskType() == TaskType.REDUCE;
      if (!reduce && attempt.getTaskType() != TaskType.MAP) {
        continue;
      }
      Counters counters = attempt.getCounters();
      tasks.add(
          new TaskRun(
              attempt.getAttemptId().toString(),
              reduce,
              nodeOfPort.apply(attempt.getPort()),
              attempt.getStartTime(),
              attempt.getFinishTime(),
              reduce ? attempt.getShuffleFinishTime() : 0,
              reduce ? attempt.getSortFinishTime() : 0,
              value(counters, TaskCounter.REDUCE_SHUFFLE_BYTES),
              value(counters, TaskCounter.CPU_MILLISECONDS),
              value(counters, TaskCounter.SPILLED_RECORDS),
              flatten(counters)));
    }
    tasks.sort(Comparator.comparingLong(TaskRun::startTime));
    return new JobTimeline(
        jobId.toString(),
        info.getSubmitTime(),
        info.getLaunchTime(),
        info.getFinishTime(),
        List.copyOf(tasks));
  }

  public List<TaskRun> maps() {
    return tasks.stream().filter(t -> !t.reduce()).toList();
  }

  public List<TaskRun> reduces() {
    return tasks.stream().filter(TaskRun::reduce).toList();
  }

  /** The most tasks of one kind that ran at the same moment on a node. */
  public int maxConcurrent(String node, boolean reduce) {
    List<TaskRun> runs =
        tasks.stream().filter(t -> t.reduce() == reduce && t.node().equals(node)).toList();
    return Overlap.peak(
        runs.stream().mapToLong(TaskRun::startTime).toArray(),
        runs.stream().mapToLong(TaskRun::finishTime).toArray());
  }

  /** When the last map finished: the end of the map phase (T2 in Fig. 2.1). */
  public long lastMapFinish() {
    return maps().stream().mapToLong(TaskRun::finishTime).max().orElse(launchTime);
  }

  private static long value(Counters counters, TaskCounter counter) {
    return counters == null ? 0 : counters.findCounter(counter).getValue();
  }

  private static Map<String, Long> flatten(Counters counters) {
    Map<String, Long> flat = new HashMap<>();
    if (counters != null) {
      for (CounterGroup group : counters) {
        for (Counter counter : group) {
          flat.put(group.getDisplayName() + "/" + counter.getDisplayName(), counter.getValue());
          // Display names come from a resource bundle a reader may not have; the names the code
          // uses always travel in the history file.
          flat.put(group.getName() + "/" + counter.getName(), counter.getValue());
        }
      }
    }
    return Map.copyOf(flat);
  }

  private static Path findHistoryFile(Configuration conf, JobID jobId, Duration wait)
      throws IOException, InterruptedException {
    List<Path> roots =
        List.of(
            new Path(JobHistoryUtils.getConfiguredHistoryIntermediateDoneDirPrefix(conf)),
            new Path(JobHistoryUtils.getConfiguredHistoryServerDoneDirPrefix(conf)));
    String prefix = jobId.toString();
    long deadline = System.nanoTime() + wait.toNanos();
    do {
      for (Path root : roots) {
        FileSystem fs = root.getFileSystem(conf);
        if (!fs.exists(root)) {
          continue;
        }
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(root, true);
        while (files.hasNext()) {
          Path path = files.next().getPath();
          if (path.getName().startsWith(prefix) && path.getName().endsWith(".jhist")) {
            return path;
          }
        }
      }
      Thread.sleep(200);
    } while (System.nanoTime() < deadline);
    throw new IOException(
        "no job history file for " + jobId + " under " + roots + " after " + wait);
  }
}
