package io.pikachu.it;

import io.pikachu.store.PikachuCounter;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/** What the fault tests look at on a running embedded cluster, and how they wait for it. */
final class ClusterProbes {
  private ClusterProbes() {}

  /**
   * The NodeManager that holds a map output file: MiniYARNCluster names each NodeManager's local
   * directories {@code <cluster>-localDir-nm-<index>_<dir>}.
   */
  static String nodeOf(java.nio.file.Path output) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("-localDir-nm-(\\d+)_").matcher(output.toString());
    if (!m.find()) {
      throw new AssertionError("not under a NodeManager's local directory: " + output);
    }
    return "nm-" + m.group(1);
  }

  /** True when some line of some container's syslog on the embedded cluster holds every part. */
  static boolean containerLogsContain(File clusterDir, String... parts) throws Exception {
    try (var files = java.nio.file.Files.walk(clusterDir.toPath())) {
      return files
          .filter(f -> f.getFileName().toString().equals("syslog"))
          .anyMatch(
              f -> {
                try (var lines = java.nio.file.Files.lines(f)) {
                  return lines.anyMatch(
                      line -> java.util.Arrays.stream(parts).allMatch(line::contains));
                } catch (java.io.IOException | java.io.UncheckedIOException e) {
                  return false; // a log being rotated or removed
                }
              });
    }
  }

  /** A counter of reducer {@code index}'s running attempt, as last reported to the AM. */
  static long reducerCounter(Job job, int index, PikachuCounter counter) throws Exception {
    for (TaskReport r : job.getTaskReports(TaskType.REDUCE)) {
      if (r.getTaskID().getId() == index && !r.getRunningTaskAttemptIds().isEmpty()) {
        return r.getTaskCounters().findCounter(PikachuCounter.GROUP, counter.name()).getValue();
      }
    }
    return 0;
  }

  static List<TaskAttemptID> runningReduceAttempts(Job job) throws Exception {
    List<TaskAttemptID> running = new ArrayList<>();
    for (TaskReport r : job.getTaskReports(TaskType.REDUCE)) {
      running.addAll(r.getRunningTaskAttemptIds());
    }
    return running;
  }

  interface Condition {
    boolean holds() throws Exception;
  }

  /**
   * The bin-map store the job's layout names, once the job's AM has written the layout (before its
   * first task runs).
   */
  static io.pikachu.store.FsBinMapStore binMapStore(
      org.apache.hadoop.mapreduce.Job job, int reducers) throws Exception {
    org.apache.hadoop.conf.Configuration conf = job.getConfiguration();
    io.pikachu.store.JobLayoutStore layouts = io.pikachu.store.JobLayoutStore.forJob(conf);
    waitFor(() -> layouts.read().isPresent(), "the job's layout " + layouts.file());
    return io.pikachu.store.FsBinMapStore.forLayout(conf, layouts.read().get(), reducers);
  }

  static void waitFor(Condition condition, String what) throws Exception {
    long deadline = System.currentTimeMillis() + 180_000;
    while (!condition.holds()) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(250);
    }
  }
}
