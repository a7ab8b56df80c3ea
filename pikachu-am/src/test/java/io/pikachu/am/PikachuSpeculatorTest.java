package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.when;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.decision.trace.TraceFile;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.store.DecisionFiles;
import io.pikachu.store.JobLayoutStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.api.records.JobState;
import org.apache.hadoop.mapreduce.v2.api.records.Phase;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobCounterUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobDiagnosticsUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobEventType;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskEventType;
import org.apache.hadoop.mapreduce.v2.app.speculate.SpeculatorEvent;
import org.apache.hadoop.mapreduce.v2.util.MRBuilderUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin inside a mocked AM: configuration failures, a decision from events, resume,
 * speculation.
 */
class PikachuSpeculatorTest {

  @Test
  void theTaskSideNamesThisClassCorrectly() {
    // The partitioner keeps the even map for a job naming this speculator with speculation off; it
    // knows the name as text.
    assertEquals(
        PikachuSpeculator.class.getName(), io.pikachu.core.config.PikachuKeys.PIKACHU_SPECULATOR);
  }

  private static final int MAPS = 10;
  private static final int REDUCERS = 3;

  @TempDir Path dir;

  /**
   * Fixed P = 3 between two admin-given classes: the decision comes once every reducer has started.
   */
  private Configuration fixedConf() {
    Configuration c = AmFixture.pikachuConf(dir, REDUCERS);
    c.set(PikachuKeys.ESTIMATOR.name(), "fixed");
    c.set(PikachuKeys.FIXED_P.name(), "3");
    c.set(PikachuKeys.NODE_CLASSES.name(), "fastnode:1=big,slownode:2=small");
    c.set(PikachuKeys.DECISION_DIR.name(), dir.resolve("decisions").toUri().toString());
    c.set(PikachuKeys.TRACE_DIR.name(), dir.resolve("traces").toUri().toString());
    return c;
  }

  static PikachuSpeculator started(Configuration conf, AmFixture am) {
    PikachuSpeculator s = new PikachuSpeculator(conf, am.context);
    s.init(conf);
    s.start();
    return s;
  }

  static void report(
      PikachuSpeculator s, AmFixture am, TaskAttempt a, Phase phase, float progress, long cpuMs) {
    s.handle(
        new SpeculatorEvent(AmFixture.status(a, phase, progress, "", cpuMs), am.clock.getTime()));
  }

  /**
   * Maps on both nodes (the fast one progresses 3x faster), one killed, then all reducers start.
   */
  static void runJobUntilReducersStarted(PikachuSpeculator s, AmFixture am) {
    long t0 = am.clock.getTime();
    am.completedMaps(0);
    TaskAttempt fastMap = am.attempt(TaskType.MAP, 0, 0, "fastnode:1", t0);
    TaskAttempt slowMap = am.attempt(TaskType.MAP, 1, 0, "slownode:2", t0);
    TaskAttempt doomed = am.attempt(TaskType.MAP, 2, 0, "slownode:2", t0);
    am.clock.setTime(t0 + 2_000);
    report(s, am, fastMap, Phase.MAP, 0.9f, 1_500);
    report(s, am, slowMap, Phase.MAP, 0.3f, 1_400);
    report(s, am, doomed, Phase.MAP, 0.2f, 1_000);
    when(doomed.getState()).thenReturn(TaskAttemptState.KILLED);
    am.clock.setTime(t0 + 3_000);
    am.completedMaps(2);
    TaskAttempt r0 = am.attempt(TaskType.REDUCE, 0, 0, "fastnode:1", t0 + 2_500);
    TaskAttempt r1 = am.attempt(TaskType.REDUCE, 1, 0, "slownode:2", t0 + 2_500);
    TaskAttempt r2 = am.attempt(TaskType.REDUCE, 2, 0, "slownode:2", t0 + 2_500);
    report(s, am, r0, Phase.SHUFFLE, 0.05f, 300);
    report(s, am, r1, Phase.SHUFFLE, 0.02f, 200);
    report(s, am, r2, Phase.SHUFFLE, 0.02f, 200);
  }

  @Test
  void badConfigurationFailsTheJobWithDiagnosticsNamingTheKey() throws InterruptedException {
    Configuration conf = AmFixture.pikachuConf(dir, REDUCERS);
    conf.set(PikachuKeys.ESTIMATOR.name(), "magic");
    AmFixture am = new AmFixture(1, MAPS);
    when(am.job.getState()).thenReturn(JobState.INITED);
    PikachuSpeculator s = started(conf, am);
    try {
      assertNull(s.session());
      Thread.sleep(200);
      assertTrue(am.events.isEmpty(), "the job is failed only once the AM has started it");
      when(am.job.getState()).thenReturn(JobState.RUNNING);
      long deadline = System.currentTimeMillis() + 10_000;
      while (am.events(JobEvent.class).size() < 2 && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      List<JobDiagnosticsUpdateEvent> diag = am.events(JobDiagnosticsUpdateEvent.class);
      assertEquals(1, diag.size());
      assertTrue(
          diag.get(0).getDiagnosticUpdate().contains("pikachu.estimator"),
          diag.get(0).getDiagnosticUpdate());
      assertTrue(diag.get(0).getDiagnosticUpdate().contains("magic"));
      assertTrue(
          am.events(JobEvent.class).stream()
              .anyMatch(e -> e.getType() == JobEventType.INTERNAL_ERROR));
    } finally {
      s.stop();
    }
  }

  @Test
  void anUnreadableFinalBinMapFailsTheJobOnceNamingTheFile() throws Exception {
    Configuration conf = fixedConf();
    conf.setLong(PikachuKeys.INTERVAL_MS.name(), 20);
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    Path store = Path.of(AmFixture.binMapStore(conf, REDUCERS).dir().toUri());
    Files.writeString(store.resolve("final"), "pikachu-binmap 1\nversion 1\n"); // truncated
    try {
      runJobUntilReducersStarted(s, am);
      long deadline = System.currentTimeMillis() + 10_000;
      while (am.events(JobEvent.class).isEmpty() && System.currentTimeMillis() < deadline) {
        Thread.sleep(20);
      }
      Thread.sleep(200); // more ticks: the job must still be failed only once
      List<JobDiagnosticsUpdateEvent> diag = am.events(JobDiagnosticsUpdateEvent.class);
      assertEquals(1, diag.size(), am.events.toString());
      assertTrue(
          diag.get(0).getDiagnosticUpdate().contains(store.resolve("final").toString()),
          diag.get(0).getDiagnosticUpdate());
      assertTrue(
          am.events(JobEvent.class).stream()
              .anyMatch(e -> e.getType() == JobEventType.INTERNAL_ERROR));
    } finally {
      s.stop();
    }
  }

  @Test
  void jobsWithoutPikachuAreLeftToTheDefaultSpeculator() throws IOException {
    Configuration conf = new Configuration(false);
    conf.set(MRJobConfig.MAPREDUCE_JOB_DIR, dir.resolve("staging").toUri().toString());
    conf.set(MRJobConfig.MR_AM_STAGING_DIR, dir.resolve("am-staging").toString());
    conf.set(
        PikachuKeys.ESTIMATOR.name(), "magic"); // not read: the job does not enable the controller
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      runJobUntilReducersStarted(s, am);
      assertNull(s.session());
      assertTrue(am.events(JobEvent.class).isEmpty(), am.events.toString());
      assertFalse(Files.exists(dir.resolve("staging")));
    } finally {
      s.stop();
    }
  }

  @Test
  void decisionFromStatusEventsIsPublishedLoggedCountedAndTraced() throws Exception {
    Configuration conf = fixedConf();
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    DecisionPublisher.Published p;
    try {
      runJobUntilReducersStarted(s, am);
      s.session().tick(am.clock.getTime());
      p = s.session().published().orElseThrow();
    } finally {
      s.stop();
    }
    DecisionRecord record = p.record();
    Decision d = record.last();
    assertEquals(1, record.versions().size(), "fixed decides once");
    assertEquals(DecisionReason.REDUCERS_PLACED, d.reason());
    assertEquals(List.of("big", "small", "small"), d.reducerClasses());
    assertEquals(List.of(18, 6, 6), d.reducerBins()); // v = 10 * 3 * P / (3 + 1 + 1)
    assertTrue(p.applied());
    BinMap reducersSee = AmFixture.binMapStore(conf, REDUCERS).read();
    assertTrue(reducersSee.isFinal());
    assertArrayEquals(new int[] {18, 6, 6}, reducersSee.counts());
    assertEquals(
        record,
        DecisionFiles.read(
            conf,
            DecisionFiles.copyIn(
                new org.apache.hadoop.fs.Path(dir.resolve("decisions").toUri()),
                am.jobId.toString())));

    List<JobCounterUpdateEvent> counters = am.events(JobCounterUpdateEvent.class);
    assertEquals(1, counters.size());
    Map<String, Long> values =
        counters.get(0).getCounterUpdates().stream()
            .collect(
                Collectors.toMap(
                    u -> u.getCounterKey().name(),
                    JobCounterUpdateEvent.CounterIncrementalUpdate::getIncrementValue));
    assertEquals(1L, values.get("REBALANCED"));
    assertEquals(3000L, values.get("P_FASTEST_MILLI"));
    assertEquals(record.counters().keySet(), values.keySet());

    // the trace holds every report, the AM-detected kill included, and replays to the same decision
    Path traceFile;
    try (Stream<Path> files = Files.list(dir.resolve("traces"))) {
      traceFile = files.filter(f -> f.toString().endsWith(".jsonl")).findFirst().orElseThrow();
    }
    assertEquals(am.jobId + "-am1.jsonl", traceFile.getFileName().toString());
    TraceFile trace = TraceFile.read(traceFile);
    assertEquals(REDUCERS, trace.header().numReducers());
    assertEquals("fixed", trace.header().config().get(PikachuKeys.ESTIMATOR.name()));
    List<StatusReport> reports = trace.reports();
    assertEquals(
        12,
        reports.size(),
        "7 status reports, the launches of the 3 reducers and of the 2 maps running at the tick");
    assertEquals(
        5,
        reports.stream()
            .filter(r -> r.phase() == io.pikachu.core.decision.observe.TaskPhase.STARTING)
            .count());
    assertTrue(
        reports.stream()
            .anyMatch(
                r -> r.attemptId().contains("_m_000002_0") && r.state() == AttemptState.KILLED),
        reports.toString());
    io.pikachu.core.decision.JobController replay =
        new io.pikachu.core.decision.JobController(
            io.pikachu.core.decision.ControllerConfig.fromMap(trace.header().config()),
            REDUCERS,
            trace.header().slicingOrDefault());
    assertEquals(1, trace.marks().size(), "one decision marked: " + trace.marks());
    assertEquals(d.decidedAtMs(), trace.marks().get(0).timeMs());
    trace.reportsBeforeFirstDecision().orElseThrow().forEach(replay::onReport);
    assertEquals(d.reducerBins(), replay.poll(d.decidedAtMs()).orElseThrow().reducerBins());
  }

  @Test
  void reducersArePlacedAtLaunchWithoutWaitingForTheirFirstStatus() throws Exception {
    Configuration conf = fixedConf();
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      long t0 = am.clock.getTime();
      am.completedMaps(2);
      // both nodes' maps report: the admin's classes are weighed by their measured speeds
      TaskAttempt fastMap = am.attempt(TaskType.MAP, 0, 0, "fastnode:1", t0);
      TaskAttempt slowMap = am.attempt(TaskType.MAP, 1, 0, "slownode:2", t0);
      am.clock.setTime(t0 + 1_000);
      report(s, am, fastMap, Phase.MAP, 0.9f, 1_500);
      report(s, am, slowMap, Phase.MAP, 0.3f, 1_500);
      s.session().tick(t0 + 1_000);
      assertTrue(s.session().published().isEmpty(), "no reducer has launched yet");
      am.attempt(TaskType.REDUCE, 0, 0, "fastnode:1", t0 + 1_500);
      am.attempt(TaskType.REDUCE, 1, 0, "slownode:2", t0 + 1_500);
      am.attempt(TaskType.REDUCE, 2, 0, "slownode:2", t0 + 1_600);
      s.session().tick(t0 + 2_000);
      Decision d = s.session().published().orElseThrow().record().last();
      assertEquals(DecisionReason.REDUCERS_PLACED, d.reason());
      assertEquals(List.of("big", "small", "small"), d.reducerClasses());
      assertEquals(t0 + 1_500, d.firstReducerMs(), "T_1 is the first reducer's launch");
    } finally {
      s.stop();
    }
  }

  /**
   * A reducer that has copied every map waits for the decision in its final merge: the controller
   * is polled at once, not at the next tick (here ten minutes away).
   */
  @Test
  void aReducerWaitingForTheDecisionIsAnsweredBeforeTheNextTick() throws Exception {
    Configuration conf = fixedConf();
    conf.set(PikachuKeys.INTERVAL_MS.name(), "600000");
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      long t0 = am.clock.getTime();
      am.completedMaps(MAPS);
      TaskAttempt map = am.attempt(TaskType.MAP, 0, 0, "fastnode:1", t0);
      TaskAttempt r0 = am.attempt(TaskType.REDUCE, 0, 0, "fastnode:1", t0 + 500);
      am.attempt(TaskType.REDUCE, 1, 0, "slownode:2", t0 + 500);
      am.attempt(TaskType.REDUCE, 2, 0, "slownode:2", t0 + 500);
      am.clock.setTime(t0 + 1_000);
      long now = am.clock.getTime();
      ControllerSession session = s.session();
      assertFalse(session.onStatus(AmFixture.status(map, Phase.MAP, 1f, "", 900), now));
      assertFalse(
          session.onStatus(AmFixture.status(r0, Phase.SHUFFLE, 0.2f, "", 300), now),
          "maps left to copy");
      assertTrue(session.published().isEmpty(), "no tick has run");

      report(s, am, r0, Phase.SHUFFLE, 0.34f, 300); // every map copied
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (session.published().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      BinMap published = session.published().orElseThrow().binMap();
      assertTrue(published.isFinal());
      assertFalse(
          session.onStatus(AmFixture.status(r0, Phase.SHUFFLE, 0.34f, "", 300), now),
          "the map is final: nothing to wait for");
    } finally {
      s.stop();
    }
  }

  /**
   * The real-cluster run that formed two classes on two identical NodeManagers: four maps started
   * at once, three on one node; by the first reducer's launch two of them had succeeded and the
   * other two maps, one per node, had sent no status yet. Unreported, they looked like maps waiting
   * for a container, which made the node whose maps had reported look full, twice as fast as the
   * other. Reported at their launch, they show one wave, and the nodes stay one class.
   */
  @Test
  void mapsThatHaveNotReportedYetDoNotSplitEqualNodesIntoClasses() throws Exception {
    Configuration conf = AmFixture.pikachuConf(dir, REDUCERS);
    AmFixture am = new AmFixture(1, 4);
    PikachuSpeculator s = started(conf, am);
    try {
      long t0 = am.clock.getTime();
      am.completedMaps(0);
      TaskAttempt quiet = am.attempt(TaskType.MAP, 0, 0, "nodea:1", t0);
      TaskAttempt first = am.attempt(TaskType.MAP, 3, 0, "nodea:1", t0);
      TaskAttempt second = am.attempt(TaskType.MAP, 2, 0, "nodea:1", t0 + 4);
      TaskAttempt other = am.attempt(TaskType.MAP, 1, 0, "nodeb:2", t0);
      s.session().tick(t0 + 1_000);
      am.clock.setTime(t0 + 15_100);
      when(first.getState()).thenReturn(TaskAttemptState.SUCCEEDED);
      report(s, am, first, Phase.MAP, 1f, 9_000);
      am.completedMaps(1);
      am.clock.setTime(t0 + 17_600);
      when(second.getState()).thenReturn(TaskAttemptState.SUCCEEDED);
      report(s, am, second, Phase.MAP, 1f, 9_000);
      am.completedMaps(2);
      for (int r = 0; r < REDUCERS; r++) {
        am.attempt(TaskType.REDUCE, r, 0, r == 0 ? "nodeb:2" : "nodea:1", t0 + 18_000);
      }
      s.session().tick(t0 + 18_100);
      am.clock.setTime(t0 + 19_000);
      report(s, am, other, Phase.MAP, 0.6f, 9_000);
      report(s, am, quiet, Phase.MAP, 0.55f, 9_000);
      s.session().tick(t0 + 19_100);

      Decision d = s.session().published().orElseThrow().record().last();
      assertEquals(DecisionReason.SINGLE_CLASS, d.reason(), d.toString());
      assertFalse(d.rebalanced(), d.toString());
    } finally {
      s.stop();
    }
  }

  @Test
  void restartedAmKeepsTheEarlierDecisionInsteadOfDecidingAnew() throws Exception {
    Configuration conf = fixedConf();
    AmFixture first = new AmFixture(1, MAPS);
    PikachuSpeculator s1 = started(conf, first);
    Decision d;
    try {
      runJobUntilReducersStarted(s1, first);
      s1.session().tick(first.clock.getTime());
      d = s1.session().published().orElseThrow().record().last();
    } finally {
      s1.stop(); // the first AM dies
    }

    // attempt 2 sees a different world (all reducers on the fast node); it must not decide again
    Configuration conf2 = fixedConf();
    conf2.unset(PikachuKeys.TRACE_DIR.name());
    AmFixture second = new AmFixture(2, MAPS);
    PikachuSpeculator s2 = started(conf2, second);
    try {
      assertEquals(d, s2.session().controller().decision().orElseThrow());
      second.completedMaps(MAPS);
      for (int r = 0; r < REDUCERS; r++) {
        TaskAttempt a = second.attempt(TaskType.REDUCE, r, 1, "fastnode:1", second.clock.getTime());
        report(s2, second, a, Phase.SHUFFLE, 0.3f, 10);
      }
      second.clock.setTime(second.clock.getTime() + 500_000);
      s2.session().tick(second.clock.getTime());
      DecisionPublisher.Published p = s2.session().published().orElseThrow();
      assertEquals(d, p.record().last());
      assertArrayEquals(new int[] {18, 6, 6}, p.binMap().counts());
      // counters are AM-local: the new attempt adds the decision's again, once
      assertEquals(
          1,
          second.events(JobCounterUpdateEvent.class).stream()
              .filter(
                  e ->
                      e.getCounterUpdates().stream()
                          .anyMatch(u -> u.getCounterKey() == DecisionCounter.REBALANCED))
              .count());
    } finally {
      s2.stop();
    }
  }

  /**
   * Issue 41: at 7d8858e a second attempt with 4 bins per reducer published a final map of 12 bins
   * against the layout's 30, and every reducer failed on it.
   */
  @Test
  void aRestartedAmCutsBinsByTheLayoutNotByItsOwnSettings() throws Exception {
    Configuration conf = fixedConf();
    conf.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 10);
    PikachuSpeculator s1 = started(conf, new AmFixture(1, MAPS));
    s1.stop(); // died before deciding
    assertEquals(10, JobLayoutStore.forJob(conf).read().orElseThrow().binsPerReducer());

    Configuration conf2 = fixedConf();
    conf2.setInt(PikachuKeys.BINS_PER_REDUCER.name(), 4);
    conf2.set(PikachuKeys.BINMAP_DIR.name(), dir.resolve("elsewhere").toUri().toString());
    AmFixture second = new AmFixture(2, MAPS);
    PikachuSpeculator s2 = started(conf2, second);
    try {
      runJobUntilReducersStarted(s2, second);
      s2.session().tick(second.clock.getTime());
      BinMap published = s2.session().published().orElseThrow().binMap();
      assertEquals(30, published.totalBins(), published.toString());
      assertEquals(published, AmFixture.binMapStore(conf, REDUCERS).read(), "the layout's store");
    } finally {
      s2.stop();
    }
  }

  @Test
  void anOptedOutJobWritesNoLayoutAndAStockVerdictIsWrittenWithItsReason() throws IOException {
    Configuration off = fixedConf();
    off.setBoolean(PikachuKeys.ENABLED.name(), false);
    PikachuSpeculator s = started(off, new AmFixture(1, MAPS));
    s.stop();
    assertEquals(java.util.Optional.empty(), JobLayoutStore.forJob(off).read());

    Configuration noController = AmFixture.pikachuConf(dir.resolve("other"), REDUCERS);
    noController.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), false);
    PikachuSpeculator s2 = started(noController, new AmFixture(1, MAPS));
    s2.stop();
    JobLayout layout = JobLayoutStore.forJob(noController).read().orElseThrow();
    assertEquals(Rebalancing.AsideReason.NO_CONTROLLER, layout.steppedAside().get().why());
  }

  /** Issue 41: nothing is left behind below a cluster-wide pikachu.binmap.dir. */
  @Test
  void theJobsBinMapDirectoryIsRemovedWhenTheJobEnds() throws Exception {
    Configuration conf = fixedConf();
    conf.set(PikachuKeys.BINMAP_DIR.name(), dir.resolve("shared").toUri().toString());
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    Path store = Path.of(AmFixture.binMapStore(conf, REDUCERS).dir().toUri());
    runJobUntilReducersStarted(s, am);
    s.session().tick(am.clock.getTime());
    assertTrue(Files.exists(store.resolve("final")));
    when(am.job.getState()).thenReturn(JobState.RUNNING);
    s.stop(); // an AM that stops while the job runs (a later attempt follows): kept
    assertTrue(Files.exists(store));

    AmFixture last = new AmFixture(2, MAPS);
    when(last.job.getState()).thenReturn(JobState.SUCCEEDED);
    PikachuSpeculator again = started(conf, last);
    again.stop();
    assertFalse(Files.exists(store), "removed by the last attempt once the job ended");
    try (Stream<Path> left = Files.list(dir.resolve("shared"))) {
      assertEquals(List.of(), left.collect(Collectors.toList()));
    }
  }

  @Test
  void aDecisionDirectoryTheJobCannotUseSkipsTheCopyNotTheJob() throws Exception {
    Configuration conf = fixedConf();
    Path decisions = dir.resolve("decisions");
    Files.createDirectories(decisions);
    Files.setPosixFilePermissions(
        decisions, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      assertTrue(am.events(JobEvent.class).isEmpty(), am.events.toString());
      runJobUntilReducersStarted(s, am);
      s.session().tick(am.clock.getTime());
      assertTrue(s.session().published().orElseThrow().binMap().isFinal());
      try (Stream<Path> copies = Files.list(decisions)) {
        assertEquals(0, copies.count(), "no copy into a world-writable directory");
      }
    } finally {
      s.stop();
    }
  }

  @Test
  void aOneReducerJobRunsAsStockWithoutTheController() throws IOException {
    Configuration conf = AmFixture.pikachuConf(dir, 1);
    AdapterSettings settings = AdapterSettings.from(conf);
    assertFalse(settings.active());
    assertTrue(settings.inactiveReason().contains("one reducer"), settings.inactiveReason());
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      // its reducer runs the stock shuffle and waits for nothing: the layout says stock
      assertNull(AmFixture.binMapStore(conf, 1));
      assertEquals(
          Rebalancing.AsideReason.ONE_REDUCER,
          JobLayoutStore.forJob(conf).read().orElseThrow().steppedAside().get().why());
    } finally {
      s.stop();
    }
  }

  @Test
  void speculationOfATypeTheUserForbadeIsNotLaunched() {
    Configuration conf = fixedConf();
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, true);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
    conf.setBoolean(PikachuKeys.SPECULATIVE_REDUCES.name(), false);
    AmFixture am = new AmFixture(1, MAPS);
    PikachuSpeculator s = started(conf, am);
    try {
      s.addSpeculativeAttempt(MRBuilderUtils.newTaskId(am.jobId, 0, TaskType.REDUCE));
      assertTrue(am.events(TaskEvent.class).isEmpty());
      s.addSpeculativeAttempt(MRBuilderUtils.newTaskId(am.jobId, 0, TaskType.MAP));
      List<TaskEvent> launched = am.events(TaskEvent.class);
      assertEquals(1, launched.size());
      assertEquals(TaskEventType.T_ADD_SPEC_ATTEMPT, launched.get(0).getType());
    } finally {
      s.stop();
    }
  }
}
