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
   * A job configuration with bins whose maps the test publishes by hand, as the AM's controller
   * would: Pikachu's collector and shuffle consumer, the controller's settings the reducers read,
   * and no node profile (faults are injected into bins: never a stock layout from a profile of
   * equal nodes). {@link #submitPublishingByHand} keeps Pikachu's AM plugins out of the job.
   */
  static org.apache.hadoop.conf.Configuration binsPublishedByHand(
      org.apache.hadoop.conf.Configuration cluster) {
    org.apache.hadoop.conf.Configuration c = new org.apache.hadoop.conf.Configuration(cluster);
    io.pikachu.store.VirtualBinsConfig.enable(c);
    c.setBoolean(io.pikachu.core.config.PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.setBoolean(io.pikachu.core.config.PikachuKeys.PROFILE_ENABLED.name(), false);
    c.setLong(io.pikachu.core.config.PikachuKeys.BINMAP_POLL_MS.name(), 300);
    return c;
  }

  /**
   * Submits a job of {@link #binsPublishedByHand} with no AM plugin of Pikachu's (its controller
   * would publish maps of its own beside the test's: the AM hosts it in the speculator or, with
   * speculation off, in the preemption policy), and writes the job's layout as that plugin would:
   * right after submission, seconds before the AM can launch a task (a task that found no layout
   * would run as stock, which the tests' counters of fetched bins would show).
   *
   * @return the bin-map store the layout names, where the test publishes
   */
  static io.pikachu.store.FsBinMapStore submitPublishingByHand(
      org.apache.hadoop.mapreduce.Job job, int reducers) throws Exception {
    org.apache.hadoop.conf.Configuration conf = job.getConfiguration();
    io.pikachu.core.partitioning.Rebalancing verdict =
        io.pikachu.store.VirtualBinsConfig.rebalancing(conf);
    if (!(verdict instanceof io.pikachu.core.partitioning.Rebalancing.Enabled)) {
      throw new AssertionError("the job would run as stock: " + verdict);
    }
    // Hadoop's own policy, which hosts nothing of Pikachu's
    conf.set(
        io.pikachu.core.config.PikachuKeys.PREEMPTION_POLICY_CLASS,
        org.apache.hadoop.mapreduce.v2.app.rm.preemption.NoopAMPreemptionPolicy.class.getName());
    if (io.pikachu.core.config.PikachuKeys.PIKACHU_SPECULATOR.equals(
        conf.getTrimmed(io.pikachu.core.config.PikachuKeys.SPECULATOR_CLASS))) {
      conf.unset(io.pikachu.core.config.PikachuKeys.SPECULATOR_CLASS);
    }
    job.submit();
    io.pikachu.store.JobLayoutStore layouts = io.pikachu.store.JobLayoutStore.forJob(conf);
    io.pikachu.core.partitioning.JobLayout layout =
        layouts.claim(
            io.pikachu.store.JobLayoutStore.decided(
                conf,
                job.getJobID().toString(),
                io.pikachu.core.partitioning.WideJobBins.perReducer(conf::get),
                verdict));
    if (!layout.enabled().isPresent()) {
      throw new AssertionError("the job's layout is stock: " + layout);
    }
    return io.pikachu.store.FsBinMapStore.forLayout(conf, layout, reducers);
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
