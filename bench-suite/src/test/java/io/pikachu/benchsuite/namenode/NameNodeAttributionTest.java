package io.pikachu.benchsuite.namenode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the NameNode load benchmark attributes what the NameNode counted. */
class NameNodeAttributionTest {

  @Test
  void operationsAreAttributedByThePathTheyTouch() {
    assertEquals(
        PathAudit.BIN_MAPS,
        PathAudit.area("/tmp/staging/u/.staging/job_1_0001/pikachu-binmap/binmap-v3"));
    assertEquals(PathAudit.BIN_MAPS, PathAudit.area("/shared/pikachu-binmap/job_1_0001/final"));
    assertEquals(PathAudit.PROFILE, PathAudit.area("/tmp/staging/u/pikachu-profile/n-1.json"));
    assertEquals(PathAudit.OTHER, PathAudit.area("/tmp/staging/u/.staging/job_1_0001/job.xml"));
    assertEquals(PathAudit.OTHER, PathAudit.area(null));
  }

  @Test
  void aJobsLoadIsWhatTheCountersGainedLeavingOutTheDataNodesOwnTraffic() {
    NameNodeRpcCounts before =
        new NameNodeRpcCounts(Map.of("GetListing", 10L, "SendHeartbeat", 100L, "Create", 1L));
    NameNodeRpcCounts after =
        new NameNodeRpcCounts(
            Map.of("GetListing", 14L, "SendHeartbeat", 130L, "Create", 1L, "Rename", 2L));
    NameNodeRpcCounts job = after.since(before);
    assertEquals(Map.of("GetListing", 4L, "SendHeartbeat", 30L, "Rename", 2L), job.byMethod());
    assertEquals(6, job.clientTotal());
  }
}
