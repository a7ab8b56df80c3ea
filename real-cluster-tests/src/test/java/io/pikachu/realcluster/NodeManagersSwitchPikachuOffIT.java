package io.pikachu.realcluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 41, the admin's settings win: Pikachu installed as docs/admin-guide.md says (the admin jar,
 * both templates merged into every mapred-site.xml), and then switched off by the admin in the
 * NodeManagers' mapred-site.xml alone ({@code pikachu.enabled=false}, not final). The job client's
 * and the other daemons' files keep Pikachu on. Before issue 41 the jar's pikachu-default.xml
 * replaced that site value in the AM's and the tasks' JVMs, and jobs ran with bins.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NodeManagersSwitchPikachuOffIT {
  private static final int REDUCERS = 3;
  private static final String TEXT = "/in/text";

  private RealCluster cluster;
  private FileSystem fs;
  private Path benchmarks;

  @BeforeAll
  void startCluster() throws Exception {
    benchmarks = Path.of(RealClusterSettings.required("realcluster.benchmarks.jar"));
    NodeManagerSites nodeSites = NodeManagerSites.none();
    nodeSites.everyNodeManager().mapredSite().set("pikachu.enabled", "false");
    cluster =
        RealCluster.start(
            HadoopHome.fromSystemProperty(),
            // a work directory of its own: RealClusterIT's keeps its records
            Path.of(RealClusterSettings.required("realcluster.work.dir"))
                .resolveSibling("cluster-nodemanagers-off"),
            Path.of(RealClusterSettings.required("realcluster.conf.templates")),
            nodeSites);
    fs = cluster.fs();
    cluster
        .hadoopJar("gen-text", benchmarks, List.of("gen-text", TEXT, "2", "1", "42"))
        .assertSucceeded();
  }

  @AfterAll
  void stopCluster() throws Exception {
    if (cluster == null) {
      return;
    }
    Path work = cluster.work();
    cluster.close();
    assertEquals(List.of(), Leftovers.find(work), "processes left behind by the cluster");
  }

  /**
   * A job that says nothing about Pikachu runs as stock, and its counters say why: every reducer
   * stepped aside under the off switch (STEPPED_ASIDE_DISABLED), no bin was fetched, the AM made no
   * decision. Beside it, the same job with {@code -D pikachu.enabled=true} (a job's setting beats a
   * site file's non-final one) runs with bins on the same cluster: the install works, and the first
   * job's stock run is the NodeManagers' switch.
   */
  @Test
  void theNodeManagersOffSwitchRunsJobsAsStock() throws Exception {
    org.apache.hadoop.conf.Configuration client = cluster.conf();
    assertNull(client.get("pikachu.enabled"), "the client's files must not switch Pikachu off");
    assertEquals(
        "io.pikachu.task.map.BinningMapOutputCollector",
        client.get("mapreduce.job.map.output.collector.class"),
        "the client's files name Pikachu's collector");

    CompletableFuture<FinishedJob> optedIn =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return wordcount("wc-opted-in", "pikachu.enabled=true");
              } catch (Exception e) {
                throw new CompletionException(e);
              }
            },
            r -> new Thread(r, "wc-opted-in").start());
    FinishedJob off = wordcount("wc-nodemanagers-off");
    FinishedJob on = optedIn.join();

    assertEquals(
        (long) REDUCERS,
        off.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE_DISABLED"),
        "every reducer stepped aside under the off switch");
    assertEquals(
        off.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE"),
        off.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE_DISABLED"),
        "stepped aside for another reason too");
    assertEquals(0L, off.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED"));
    assertFalse(off.hasGroup(FinishedJob.DECISION_GROUP), "a decision under the off switch");
    assertEquals(List.of(), off.amLines("Pikachu decision"));
    List<List<String>> stock = new JobOutput(fs, "/out/wc-nodemanagers-off").textLines();
    assertEquals(REDUCERS, stock.size());
    assertEquals(List.of(), JobOutput.notWhereStockPutsThem(stock));

    assertTrue(
        on.counterOrZero(FinishedJob.PIKACHU_GROUP, "BINS_FETCHED") > 0,
        "the opted-in job fetched no bin");
    assertEquals(0L, on.counterOrZero(FinishedJob.PIKACHU_GROUP, "STEPPED_ASIDE"));
    assertTrue(on.hasGroup(FinishedJob.DECISION_GROUP), "the opted-in job's AM made no decision");
    assertFalse(on.amLines("Pikachu decision v1").isEmpty(), "the opted-in job's AM decided");
    assertEquals(
        JobOutput.multiset(stock),
        JobOutput.multiset(new JobOutput(fs, "/out/wc-opted-in").textLines()),
        "the opted-in job's records are stock's");
  }

  /** The README's wordcount over the generated text into /out/{@code label}. */
  private FinishedJob wordcount(String label, String... options) throws Exception {
    List<String> args = RealCluster.wordcountArgs(REDUCERS, TEXT, "/out/" + label, options);
    return FinishedJob.of(
        cluster, cluster.hadoopJar(label, benchmarks, args).assertSucceeded().jobId());
  }
}
