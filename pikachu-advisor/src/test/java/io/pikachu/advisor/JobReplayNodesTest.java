package io.pikachu.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchmodel.NodeSpec;
import java.io.File;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a replay reads of the nodes from a stock history of the five-node cluster
 * (job_1795959437596_0001, results/advisor/2026-11-29-five-nodes): slow-1 (localhost:42435) ran its
 * first map from 2.98 s to 34.28 s, slow-0 (localhost:41133) from 3.17 s to 39.37 s, and the first
 * reducer launched at 38.58 s, 4.5 s after the first map ended.
 */
class JobReplayNodesTest {
  private static JobHistory job;

  @BeforeAll
  static void read() throws Exception {
    File[] files =
        new File("src/test/resources/five-stock").listFiles((d, n) -> n.endsWith(".jhist"));
    job =
        JobHistory.read(
            FileSystem.getLocal(new Configuration()), new Path(files[0].getAbsolutePath()));
  }

  /**
   * slow-0's first map ended just after the first reducer launched; its second shared the node with
   * a reducer's JVM start and shuffle. The node's throughput is its first map's, as for slow-1: the
   * two equal nodes come out equal (their first maps took 31.3 s and 36.2 s), where the median over
   * all of slow-0's maps made it 1.4 times slower and split them into two classes.
   */
  @Test
  void aOneSlotNodeWhoseFirstMapEndedAfterTheReducersLaunchedIsMeasuredByThatMap() {
    Map<String, Double> cores = new HashMap<>();
    for (NodeSpec n : new JobReplay(job).model(4, 2).cluster.nodes()) {
      cores.put(n.name(), n.cores());
    }
    double ratio = cores.get("localhost:42435") / cores.get("localhost:41133");
    assertEquals(36.2 / 31.3, ratio, 0.05, cores.toString());
  }

  @Test
  void theFirstReducersLaunchAfterTheMapThatMetSlowStartAsMeasured() {
    double delay = JobReplay.reducerLaunchDelay(job);
    assertEquals(4.5, delay, 0.1);
    assertTrue(delay > JobReplay.containerDelay(job) + 2, "far longer than a freed map slot's");
  }
}
