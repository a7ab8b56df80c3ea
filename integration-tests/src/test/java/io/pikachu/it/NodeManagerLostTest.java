package io.pikachu.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.it.StockVsPikachu.Match;
import io.pikachu.store.FsBinMapStore;
import io.pikachu.store.PikachuCounter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A NodeManager lost after the maps finished and the bin map changed: YARN declares it lost, the AM
 * re-runs the maps whose outputs it held and the reducers that ran on it, and the re-run reducers
 * follow the same final map, published once the maps of the lost node run again. The output equals
 * stock's. On a cluster of its own, since it stops a node.
 */
@Tag("faults")
@SharedCluster.On(SharedCluster.Kind.DISPOSABLE)
class NodeManagerLostTest {

  @Test
  void aNodeManagerLostAfterTheMapsIsSurvivedExactly() throws Exception {
    SharedCluster.Handle cluster = SharedCluster.forClass(NodeManagerLostTest.class);
    Configuration conf = cluster.jobConf();
    Path root = cluster.base();
    Path input = new Path(root, "input");
    TestApps.writeInput(cluster.fs(), input, 6, 1200, 9);
    // The test publishes the bin maps, as the AM's controller would: the reducers then wait for
    // the final map, so the node can be stopped while they still need its map outputs. (With a
    // change forced at the end of the maps the small job ended within two seconds of its last map,
    // before the probe saw it, and YARN had removed its map outputs.)
    Configuration pikachu = ClusterProbes.binsPublishedByHand(conf);
    Job stock =
        TestApps.create(TestApps.App.WORDCOUNT, conf, input, new Path(root, "stock"), 3, "s");
    Job job =
        TestApps.create(
            TestApps.App.WORDCOUNT, pikachu, input, new Path(root, "bins"), 3, "nm-lost");
    stock.submit();
    FsBinMapStore store = ClusterProbes.submitPublishingByHand(job, 3);
    ClusterProbes.waitFor(
        () -> job.mapProgress() >= 1f && ClusterProbes.runningReduceAttempts(job).size() == 3,
        "all maps done and every reducer running");
    // P=3 for reducer 0: it gains bins that reducers 1 and 2 drop
    BinMap change = BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6});
    store.publish(change);
    // every reducer has applied the change after all maps (it dropped bins or gained them)
    ClusterProbes.waitFor(
        () -> {
          for (int r = 0; r < 3; r++) {
            long changed =
                ClusterProbes.reducerCounter(job, r, PikachuCounter.BINS_GAINED)
                    + ClusterProbes.reducerCounter(job, r, PikachuCounter.BINS_DROPPED);
            if (changed == 0) {
              return false;
            }
          }
          return true;
        },
        "the change applied by every reducer");
    int victim = nodeWithMostMapOutputs(cluster, job);
    cluster.cluster().stopNode(victim);
    // the final map comes once YARN has declared the node lost and the AM re-runs its maps
    ClusterProbes.waitFor(
        () -> {
          for (TaskReport r : job.getTaskReports(TaskType.MAP)) {
            for (var a : r.getRunningTaskAttemptIds()) {
              if (a.getId() > 0) {
                return true;
              }
            }
            if (r.getSuccessfulTaskAttemptId() != null
                && r.getSuccessfulTaskAttemptId().getId() > 0) {
              return true;
            }
          }
          return false;
        },
        "a map of the lost node running again");
    store.publish(BinMap.fromCounts(2, true, 10, new int[] {18, 6, 6}));

    assertTrue(stock.waitForCompletion(false));
    assertTrue(job.waitForCompletion(false), job.getStatus().getFailureInfo());
    new StockVsPikachu(cluster.fs(), root, conf)
        .assertMatchesStock(
            FileOutputFormat.getOutputPath(stock),
            FileOutputFormat.getOutputPath(job),
            "nm-lost",
            Match.RECORDS);
    boolean rerun = false;
    for (TaskReport r : job.getTaskReports(TaskType.MAP)) {
      rerun |= r.getSuccessfulTaskAttemptId().getId() > 0;
    }
    assertTrue(rerun, "a map whose output was on the lost node ran again");
  }

  /**
   * The index of the NodeManager whose local directories hold the most of the job's map outputs,
   * other than the AM's: losing the AM is another fault, with its own test.
   */
  private static int nodeWithMostMapOutputs(SharedCluster.Handle cluster, Job job)
      throws Exception {
    String app = job.getJobID().toString().replace("job_", "application_");
    java.util.Map<String, Integer> outputs = new java.util.TreeMap<>();
    try (var files = java.nio.file.Files.walk(cluster.cluster().workDir().toPath())) {
      files
          .filter(f -> f.getFileName().toString().equals("file.out"))
          .filter(f -> f.toString().contains("/" + app + "/") && f.toString().contains("_m_"))
          .forEach(f -> outputs.merge(ClusterProbes.nodeOf(f), 1, Integer::sum));
    }
    try (var files = java.nio.file.Files.walk(cluster.cluster().workDir().toPath())) {
      files
          .filter(
              f -> f.toString().contains("/usercache/") && f.toString().contains("/" + app + "/"))
          .filter(f -> f.getFileName().toString().endsWith("_01_000001"))
          .forEach(f -> outputs.remove(ClusterProbes.nodeOf(f)));
    }
    String most =
        outputs.entrySet().stream()
            .max(java.util.Map.Entry.comparingByValue())
            .orElseThrow(() -> new AssertionError("no map outputs found"))
            .getKey();
    return Integer.parseInt(most.substring("nm-".length()));
  }
}
