package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.when;

import io.pikachu.core.binmap.MapBinBytesReport;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.Reports;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import io.pikachu.core.decision.observe.TaskType;
import org.apache.hadoop.mapreduce.v2.api.records.Phase;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.junit.jupiter.api.Test;

class StatusTranslatorTest {

  private final AmFixture am = new AmFixture(1, 40);

  @Test
  void reduceReportCarriesNodePhaseShuffleProgressAndCpu() {
    am.completedMaps(25);
    TaskAttempt a =
        am.attempt(
            org.apache.hadoop.mapreduce.v2.api.records.TaskType.REDUCE,
            3,
            0,
            "host-a:45454",
            900_000L);
    TaskAttemptStatus s = AmFixture.status(a, Phase.SHUFFLE, 0.1f, "12 / 40 copied.", 4_321L);

    StatusReport r = StatusTranslator.translate(s, 1_000_000L, am.job).orElseThrow();

    assertEquals(1_000_000L, r.timeMs());
    assertEquals(a.getID().toString(), r.attemptId());
    assertTrue(r.attemptId().contains("_r_000003_0"), r.attemptId());
    assertEquals(TaskType.REDUCE, r.type());
    assertEquals(3, r.taskIndex());
    assertEquals("host-a:45454", r.node());
    assertEquals(TaskPhase.SHUFFLE, r.phase());
    assertEquals(AttemptState.RUNNING, r.state());
    assertEquals(0.1, r.progress(), 1e-6);
    assertEquals(12, r.mapsCopied());
    assertEquals(25, r.mapsCompleted());
    assertEquals(40, r.totalMaps());
    assertEquals(4_321L, r.cpuMs());
    assertEquals(900_000L, r.launchTimeMs());
  }

  @Test
  void mapReportCopiesNothingAndUnknownLaunchIsMinusOne() {
    am.completedMaps(0);
    TaskAttempt a =
        am.attempt(org.apache.hadoop.mapreduce.v2.api.records.TaskType.MAP, 5, 1, "h:1", 0L);
    StatusReport r =
        StatusTranslator.translate(AmFixture.status(a, Phase.MAP, 0.5f, "", 10), 2_000L, am.job)
            .orElseThrow();
    assertEquals(TaskType.MAP, r.type());
    assertEquals(0, r.mapsCopied());
    assertEquals(-1, r.launchTimeMs());
  }

  @Test
  void aMapsFinalStatusCarriesItsBinSizes() {
    // as Task.sendLastUpdate sends it: the status the collector set, then the map's phases
    am.completedMaps(7);
    TaskAttempt a =
        am.attempt(org.apache.hadoop.mapreduce.v2.api.records.TaskType.MAP, 5, 0, "h:1", 1L);
    String report = MapBinBytesReport.encode(new long[] {5, 900, 0, 70}, 512);
    TaskAttemptStatus s = AmFixture.status(a, Phase.SORT, 1.0f, "map " + report + " > sort", 10);
    StatusReport r = StatusTranslator.translate(s, 5_000L, am.job).orElseThrow();
    assertEquals(report, r.binBytes());
    assertEquals(
        900, MapBinBytesReport.decode(r.binBytes(), 4).orElseThrow().bytes(0), r.binBytes());
    TaskAttemptStatus plain = AmFixture.status(a, Phase.MAP, 0.5f, "map > map", 10);
    assertEquals("", StatusTranslator.translate(plain, 5_000L, am.job).orElseThrow().binBytes());
  }

  @Test
  void successIsTakenFromTheAttemptNotFromTheResentStatus() {
    // the AM re-sends the last RUNNING status when an attempt succeeds; the attempt itself knows
    // better
    am.completedMaps(40);
    TaskAttempt a =
        am.attempt(org.apache.hadoop.mapreduce.v2.api.records.TaskType.REDUCE, 0, 0, "h:1", 1L);
    when(a.getState()).thenReturn(TaskAttemptState.SUCCEEDED);
    TaskAttemptStatus s = AmFixture.status(a, Phase.REDUCE, 1.0f, "reduce > reduce", 99);
    StatusReport r = StatusTranslator.translate(s, 5_000L, am.job).orElseThrow();
    assertEquals(AttemptState.SUCCEEDED, r.state());
    assertEquals(40, r.mapsCopied());
  }

  @Test
  void unavailableCpuAndOutOfRangeProgressAreSanitised() {
    am.completedMaps(3);
    TaskAttempt a =
        am.attempt(org.apache.hadoop.mapreduce.v2.api.records.TaskType.REDUCE, 1, 0, "h:1", 1L);
    TaskAttemptStatus s = AmFixture.status(a, Phase.SHUFFLE, 1.0000001f, null, -1);
    s.counters = null;
    StatusReport r = StatusTranslator.translate(s, 5_000L, am.job).orElseThrow();
    assertEquals(0, r.cpuMs());
    assertEquals(1.0, r.progress());
  }

  @Test
  void reportsThatCannotBePlacedAreDropped() {
    TaskAttempt a =
        am.attempt(org.apache.hadoop.mapreduce.v2.api.records.TaskType.REDUCE, 1, 0, "h:1", 1L);
    when(a.getNodeId()).thenReturn(null);
    assertTrue(
        StatusTranslator.translate(AmFixture.status(a, Phase.SHUFFLE, 0.1f, "", 1), 5L, am.job)
            .isEmpty());
    assertTrue(StatusTranslator.translate(null, 5L, am.job).isEmpty());
  }

  @Test
  void endedAttemptKeepsItsLastMeasurements() {
    StatusReport last =
        Reports.reduce(10, "attempt_1_0001_r_000000_0", 0, "h:1")
            .progress(0.2)
            .mapsCopied(5)
            .mapsCompleted(8)
            .totalMaps(10)
            .cpuMs(700)
            .launchTimeMs(1)
            .build();
    StatusReport ended = StatusTranslator.ended(last, AttemptState.KILLED, 50);
    assertEquals(AttemptState.KILLED, ended.state());
    assertEquals(50, ended.timeMs());
    assertEquals(5, ended.mapsCopied());
    assertEquals(700, ended.cpuMs());
  }
}
