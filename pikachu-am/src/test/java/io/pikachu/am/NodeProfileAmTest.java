package io.pikachu.am;

import static io.pikachu.am.PikachuSpeculatorTest.report;
import static io.pikachu.am.PikachuSpeculatorTest.runJobUntilReducersStarted;
import static io.pikachu.am.PikachuSpeculatorTest.started;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionStage;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.core.profile.LayoutDecision;
import io.pikachu.store.JobLayoutStore;
import io.pikachu.store.NodeProfileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.api.records.JobState;
import org.apache.hadoop.mapreduce.v2.api.records.Phase;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobCounterUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobDiagnosticsUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The AM's side of the node profile and the job layout (docs/controller.md, section 4c). */
class NodeProfileAmTest {

  private static final int REDUCERS = 3;
  private static final int MAPS = 3;

  @TempDir Path dir;

  /** A job of its own staging directory; every job of the test shares one profile. */
  private Configuration job(String name) {
    Configuration c = AmFixture.pikachuConf(dir.resolve(name), REDUCERS);
    c.set(PikachuKeys.PROFILE_DIR.name(), dir.resolve("profile").toUri().toString());
    return c;
  }

  private static boolean counted(AmFixture am, DecisionCounter counter, long value) {
    return am.events(JobCounterUpdateEvent.class).stream()
        .flatMap(e -> e.getCounterUpdates().stream())
        .anyMatch(u -> u.getCounterKey() == counter && u.getIncrementValue() == value);
  }

  @Test
  void aOneClassAdminMapRunsTheJobWithoutBinsAndTheAmStillLearnsTheNodes() throws Exception {
    Configuration conf = job("one-class");
    conf.set(PikachuKeys.NODE_CLASSES.name(), "fastnode:1=same,slownode:2=same");
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      JobLayout layout = JobLayoutStore.forJob(conf).read().orElseThrow();
      Rebalancing.SteppedAside aside = layout.steppedAside().orElseThrow();
      assertEquals(Rebalancing.AsideReason.ONE_NODE_CLASS, aside.why());
      assertTrue(aside.detail().startsWith(LayoutDecision.RULE), aside.detail());
      assertTrue(s.session().observeOnly());
      runJobUntilReducersStarted(s, am);
      am.clock.setTime(am.clock.getTime() + 600_000);
      s.session().tick(am.clock.getTime());
      assertEquals(Optional.empty(), s.session().published(), "nothing decided or published");
      assertNull(AmFixture.binMapStore(conf, REDUCERS), "no bins, no store");
    } finally {
      s.stop();
    }
    Map<String, Double> learnt =
        NodeProfileStore.of(conf).read(am.clock.getTime()).freshSpeeds("*", am.clock.getTime(), 1);
    assertEquals(List.of("fastnode:1", "slownode:2"), List.copyOf(learnt.keySet()));
  }

  @Test
  void aSecondJobPublishesItsProvisionalMapAtReducerPlacementFromTheProfile() throws Exception {
    AmFixture first = new AmFixture(1, MAPS);
    PikachuSpeculator s1 = started(job("first"), first);
    try {
      runJobUntilReducersStarted(s1, first);
    } finally {
      s1.stop(); // the fast node ran its map 3x faster: the profile learns it
    }

    Configuration conf = job("second");
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      assertTrue(counted(am, DecisionCounter.PROFILED_NODES, 2), am.events.toString());
      JobLayout layout = JobLayoutStore.forJob(conf).read().orElseThrow();
      assertTrue(layout.bins(), layout.toString());
      assertEquals(10, layout.binsPerReducer(), "the tasks cut bins by the AM's reading");
      long t0 = am.clock.getTime();
      am.completedMaps(0);
      // Every reducer starts before any map has reported, let alone finished.
      TaskAttempt[] reducers = {
        am.attempt(TaskType.REDUCE, 0, 0, "fastnode:1", t0),
        am.attempt(TaskType.REDUCE, 1, 0, "slownode:2", t0),
        am.attempt(TaskType.REDUCE, 2, 0, "slownode:2", t0)
      };
      am.clock.setTime(t0 + 1_000);
      for (TaskAttempt r : reducers) {
        report(s, am, r, Phase.SHUFFLE, 0.0f, 100);
      }
      s.session().tick(am.clock.getTime());
      Decision d = s.session().published().orElseThrow().record().last();
      assertEquals(DecisionStage.PROVISIONAL, d.stage(), d.summaryLine());
      assertEquals(0, d.mapsCompleted(), d.summaryLine());
      assertTrue(d.rules().contains("node-speed-from-profile"), d.summaryLine());
      assertTrue(d.rebalanced(), d.summaryLine());
      assertTrue(d.reducerBins().get(0) > d.reducerBins().get(1), d.summaryLine());
    } finally {
      s.stop();
    }
  }

  /**
   * Without a layout the tasks of an earlier attempt ran as stock, so a later attempt that finds
   * none keeps the job stock (at 7d8858e it took bins, which tasks without a layout then cut by
   * their own settings); the first attempt decides.
   */
  @Test
  void aLaterAmAttemptThatFindsNoLayoutKeepsTheJobStock() throws Exception {
    Configuration conf = job("restart");
    AmFixture restarted = new AmFixture(2, MAPS);
    PikachuSpeculator s = started(conf, restarted);
    try {
      assertTrue(s.session().observeOnly(), "the tasks so far found no layout: stock");
      assertEquals(Optional.empty(), JobLayoutStore.forJob(conf).read(), "nothing written late");
    } finally {
      s.stop();
    }
    Configuration fresh = job("fresh");
    NodeProfileStore.of(fresh)
        .add(
            JobMeasurement.of(
                "job_0", "*", 1_000_000L, Map.of("nodea:1", 1.0, "nodeb:2", 1.05), Map.of()));
    PikachuSpeculator s2 = started(fresh, new AmFixture(1, MAPS));
    try {
      assertTrue(s2.session().observeOnly(), "equal nodes in the profile: no bins");
    } finally {
      s2.stop();
    }
  }

  @Test
  void anUnreadableLayoutFailsTheJobNamingTheFile() throws Exception {
    Configuration conf = job("corrupt");
    Path file = Path.of(JobLayoutStore.forJob(conf).file().toUri());
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{\"bins\":");
    AmFixture am = new AmFixture(1, MAPS);
    org.mockito.Mockito.when(am.job.getState()).thenReturn(JobState.RUNNING);
    PikachuSpeculator s = started(conf, am);
    try {
      long deadline = System.currentTimeMillis() + 10_000;
      while (am.events(JobEvent.class).isEmpty() && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      List<JobDiagnosticsUpdateEvent> diag = am.events(JobDiagnosticsUpdateEvent.class);
      assertEquals(1, diag.size(), am.events.toString());
      assertTrue(diag.get(0).getDiagnosticUpdate().contains(file.toString()), diag.toString());
    } finally {
      s.stop();
    }
  }
}
