package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.ControllerConfig;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.store.NodeProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 42: what the AM knows before the first task runs, without an AM. */
class JobStartKnowledgeTest {
  private static final Rebalancing.Enabled BINS =
      Rebalancing.Enabled.of(
          Slicing.HASH, "org.apache.hadoop.mapreduce.lib.partition.HashPartitioner");
  private static final long NOW = 10_000_000L;

  @TempDir Path dir;

  private Configuration conf() {
    Configuration c = AmFixture.pikachuConf(dir, 3);
    c.set(PikachuKeys.PROFILE_DIR.name(), dir.resolve("profile").toUri().toString());
    c.set("mapreduce.job.map.class", "org.example.Tokenizer");
    return c;
  }

  private JobStartKnowledge knowledge(Configuration c, boolean profile) {
    return new JobStartKnowledge(c, ControllerConfig.from(c::get), profile);
  }

  @Test
  void aJobAddsItsMeasurementsAndTheNextJobOfItsWorkReadsThem() throws Exception {
    Configuration c = conf();
    knowledge(c, true)
        .record("job_1", Map.of("a:1", 3.0, "b:1", 1.0), Map.of("a:1", 6, "b:1", 2), NOW);
    Map<String, Double> known = knowledge(c, true).profiledSpeeds(NOW + 1_000);
    assertEquals(2, known.size(), "" + known);
    assertTrue(known.get("a:1") > 2 * known.get("b:1"), "" + known);
  }

  @Test
  void withTheProfileOffNothingIsReadOrWritten() throws Exception {
    Configuration c = conf();
    knowledge(c, false).record("job_1", Map.of("a:1", 3.0, "b:1", 1.0), Map.of(), NOW);
    assertTrue(!Files.exists(dir.resolve("profile")), "nothing written");
    NodeProfileStore.of(c)
        .add(JobMeasurement.of("job_0", "*", NOW, Map.of("a:1", 1.0, "b:1", 1.0), Map.of()));
    assertEquals(Map.of(), knowledge(c, false).profiledSpeeds(NOW));
  }

  @Test
  void anUnreadableProfileOnlyCostsTheJobItsAdvice() throws Exception {
    Configuration c = conf();
    Files.writeString(dir.resolve("profile"), "a file where a directory should be");
    assertEquals(Map.of(), knowledge(c, true).profiledSpeeds(NOW));
  }

  @Test
  void equalNodesTurnBinsOffUnlessTheJobsKeysAreSkewed() throws Exception {
    Configuration c = conf();
    NodeProfileStore.of(c)
        .add(JobMeasurement.of("job_0", "*", NOW, Map.of("a:1", 1.0, "b:1", 1.02), Map.of()));
    Map<String, Double> known = knowledge(c, true).profiledSpeeds(NOW + 1_000);
    Rebalancing plain = knowledge(c, true).decide(BINS, known);
    assertEquals(
        Rebalancing.AsideReason.ONE_NODE_CLASS,
        assertInstanceOf(Rebalancing.SteppedAside.class, plain).why());
    c.setBoolean(PikachuKeys.SKEW_EXPECTED.name(), true);
    assertEquals(BINS, knowledge(c, true).decide(BINS, known), "rule skew-keeps-bins");
  }
}
