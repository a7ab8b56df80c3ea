package io.pikachu.advisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * The node profile a replay starts from, rebuilt from a history, against the profile the AM itself
 * wrote: job_1795959437596_0002 (two-stage Wordcount on the five-node cluster, the first of its
 * cluster) left a profile that the next two-stage job, job_1795959437596_0004, read and recorded in
 * its trace header (results/advisor/2026-11-29-five-nodes, rep2's trace.jsonl).
 */
class ReplayProfileTest {

  /** What job_1795959437596_0004's AM read from the profile. */
  private static final Map<String, Double> RECORDED =
      Map.of(
          "localhost:34767", 0.0647462164967871,
          "localhost:36047", 0.09576320325235324,
          "localhost:40547", 0.06246476380099799,
          "localhost:41133", 0.027958732910224507,
          "localhost:42435", 0.03257328990228013);

  @Test
  void aPikachuJobsHistoryGivesTheProfileItsAmWrote() throws Exception {
    File[] files = new File("src/test/resources/five").listFiles((d, n) -> n.endsWith(".jhist"));
    JobHistory job =
        JobHistory.read(
            FileSystem.getLocal(new Configuration()), new Path(files[0].getAbsolutePath()));
    ReplayProfile profile = new ReplayProfile();
    profile.add(job);

    assertTrue(profile.at(job).isEmpty(), "a job does not start from its own measurement");
    Map<String, Double> next = profile.at(job.finishMs() + 60_000, job.name());
    assertEquals(RECORDED.keySet(), next.keySet());
    RECORDED.forEach(
        (node, speed) -> assertEquals(speed, next.get(node), 0.01 * speed, node + " in " + next));
    assertTrue(
        profile.at(job.finishMs() + 8 * 86_400_000L, job.name()).isEmpty(),
        "older than the profile's 7 days");
  }
}
