package io.pikachu.core.decision.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class JobObserverTest {

  private static StatusReport reduce(
      long t,
      String attempt,
      int index,
      String node,
      int copied,
      int completed,
      long cpuMs,
      AttemptState state) {
    return Reports.reduce(t, attempt, index, node)
        .state(state)
        .progress(copied / 300.0)
        .mapsCopied(copied)
        .mapsCompleted(completed)
        .totalMaps(100)
        .cpuMs(cpuMs)
        .launchTimeMs(1000)
        .build();
  }

  private static StatusReport map(
      long t,
      int index,
      String node,
      double progress,
      int completed,
      AttemptState state,
      long launch) {
    return Reports.map(t, "m" + index, index, node)
        .state(state)
        .progress(progress)
        .mapsCompleted(completed)
        .totalMaps(100)
        .launchTimeMs(launch)
        .build();
  }

  @Test
  void reportsInAnyOrderGiveTheSameMeasurements() {
    ReducerMetrics m = new ReducerMetrics(0.05);
    JobObserver ordered = new JobObserver(1);
    JobObserver reversed = new JobObserver(1);
    StatusReport[] rs = {
      reduce(4000, "r0", 0, "n1", 10, 20, 3000, AttemptState.RUNNING),
      reduce(7000, "r0", 0, "n1", 25, 30, 6600, AttemptState.RUNNING),
      reduce(10000, "r0", 0, "n1", 40, 40, 8400, AttemptState.RUNNING),
    };
    for (StatusReport r : rs) {
      ordered.accept(r);
    }
    for (int i = rs.length - 1; i >= 0; i--) {
      reversed.accept(rs[i]);
    }
    for (JobObserver o : new JobObserver[] {ordered, reversed}) {
      AttemptHistory r = o.liveReducers().get(0);
      assertEquals(5.0, m.shuffleRate(r, 4000, 10000).getAsDouble(), 1e-9);
      assertEquals(0.9, m.cpuUtilisation(r, 4000, 10000).getAsDouble(), 1e-9);
      assertEquals(1.2, m.peakCpuUtilisation(r, 7000).getAsDouble(), 1e-9, "launch 1000..7000");
      assertEquals(1.0, m.cpuUtilisation(r, 0, 4000).getAsDouble(), 1e-9, "from launch, CPU 0");
      assertEquals(OptionalLong.of(10000), m.catchUpMs(r, 10000));
      assertFalse(m.caughtUp(r.first()));
      assertEquals(OptionalLong.of(1000), o.firstReducerMs());
      assertEquals(30, o.mapsCompletedAt(8000));
      assertEquals(0, o.mapsCompletedAt(3999));
    }
  }

  @Test
  void aReducerThatLagsOnlyAtTheLastReportCaughtUpWithinTheWindow() {
    // Maps finish in bursts: four at once leave a reducer that keeps pace four behind at its next
    // report.
    ReducerMetrics m = new ReducerMetrics(0.05);
    JobObserver o = new JobObserver(1);
    o.accept(reduce(4000, "r0", 0, "n1", 10, 20, 3000, AttemptState.RUNNING));
    o.accept(reduce(7000, "r0", 0, "n1", 30, 30, 3300, AttemptState.RUNNING));
    o.accept(reduce(10000, "r0", 0, "n1", 30, 34, 3600, AttemptState.RUNNING));
    AttemptHistory r = o.liveReducers().get(0);
    assertFalse(m.caughtUp(r.last()));
    assertTrue(m.caughtUpWithin(r, 5000, 10000));
    assertFalse(m.caughtUpWithin(r, 8000, 10000), "the caught-up report is before the window");
  }

  @Test
  void caughtUpAllowsOneMapOrTheToleranceOfCompletedMaps() {
    ReducerMetrics m = new ReducerMetrics(0.05);
    assertTrue(m.caughtUp(reduce(1, "r", 0, "n", 9, 10, 0, AttemptState.RUNNING)));
    assertFalse(m.caughtUp(reduce(1, "r", 0, "n", 8, 10, 0, AttemptState.RUNNING)));
    assertTrue(m.caughtUp(reduce(1, "r", 0, "n", 95, 100, 0, AttemptState.RUNNING)));
    assertFalse(m.caughtUp(reduce(1, "r", 0, "n", 94, 100, 0, AttemptState.RUNNING)));
    assertFalse(
        m.caughtUp(reduce(1, "r", 0, "n", 0, 0, 0, AttemptState.RUNNING)),
        "nothing to catch up with");
  }

  @Test
  void deadAttemptsAreReplacedByTheirRerun() {
    JobObserver o = new JobObserver(2);
    o.accept(reduce(4000, "r0a", 0, "slow", 5, 20, 100, AttemptState.RUNNING));
    o.accept(reduce(5000, "r0a", 0, "slow", 6, 22, 200, AttemptState.FAILED));
    assertTrue(o.liveReducers().isEmpty());
    o.accept(reduce(9000, "r0b", 0, "fast", 20, 30, 100, AttemptState.RUNNING));
    assertEquals("fast", o.liveReducers().get(0).node());
    assertEquals(1, o.liveReducers().size());
  }

  @Test
  void mapRatesAndWaveSize() {
    JobObserver o = new JobObserver(1);
    // Node a: two maps at 0.25 progress/s; node b: one at 0.1/s; a third map on a is killed and
    // ignored.
    o.accept(map(4000, 0, "a", 1.0, 1, AttemptState.SUCCEEDED, 0));
    o.accept(map(2000, 1, "a", 0.5, 0, AttemptState.RUNNING, 0));
    o.accept(map(4000, 1, "a", 1.0, 2, AttemptState.SUCCEEDED, 0));
    o.accept(map(5000, 2, "b", 0.5, 2, AttemptState.RUNNING, 0));
    o.accept(map(3000, 3, "a", 0.9, 0, AttemptState.KILLED, 0));
    o.accept(map(6000, 4, "a", 0.5, 2, AttemptState.RUNNING, 4000));
    assertEquals(0.25, o.nodeMapRates().get("a"), 1e-9);
    assertEquals(0.1, o.nodeMapRates().get("b"), 1e-9);
    assertEquals(4, o.peakConcurrentMaps(), "maps 0-3 overlap; map 4 starts when 0 and 1 end");
    assertEquals(OptionalLong.of(4000), o.firstTimeWithCompleted(2));
    assertTrue(o.allMapsDoneMs().isEmpty());
  }

  @Test
  void capacitySeesMoreSlotsWhereTaskRatesAreEqual() {
    JobObserver o = new JobObserver(1);
    // Node a runs four maps at once, node b one; every task has read 60% of its input (progress
    // 0.4) in 4 s.
    for (int i = 0; i < 4; i++) {
      o.accept(map(4000, i, "a", 0.4, 0, AttemptState.RUNNING, 0));
    }
    o.accept(map(4000, 4, "b", 0.4, 0, AttemptState.RUNNING, 0));
    assertEquals(o.nodeMapRates().get("a"), o.nodeMapRates().get("b"), 1e-9);
    assertEquals(0.6, o.nodeMapCapacity().get("a"), 1e-9);
    assertEquals(0.15, o.nodeMapCapacity().get("b"), 1e-9);
  }

  @Test
  void capacityCountsOnlyWhatANodeRanWhileMapsWaited() {
    // Five maps, all started before any finished, b's a heartbeat after a's: four on a, one on b.
    // No map waited for a container to free up, so how many ran where is the scheduler's
    // placement, and equal task rates mean equal nodes.
    JobObserver packed = new JobObserver(1);
    for (int i = 0; i < 4; i++) {
      packed.accept(withTotal(map(4000, i, "a", 0.4, 0, AttemptState.RUNNING, 0), 5));
    }
    packed.accept(withTotal(map(4250, 4, "b", 0.4, 0, AttemptState.RUNNING, 250), 5));
    assertEquals(
        packed.nodeMapCapacity().get("a"), packed.nodeMapCapacity().get("b"), 1e-9, "one class");

    // Six maps: the sixth waited until 6 s, while a ran four and b one. Both nodes were full.
    JobObserver filled = new JobObserver(1);
    for (int i = 0; i < 4; i++) {
      filled.accept(withTotal(map(4000, i, "a", 0.4, 0, AttemptState.RUNNING, 0), 6));
    }
    filled.accept(withTotal(map(4000, 4, "b", 0.4, 0, AttemptState.RUNNING, 0), 6));
    filled.accept(withTotal(map(5000, 4, "b", 1.0, 1, AttemptState.SUCCEEDED, 0), 6));
    filled.accept(withTotal(map(9000, 5, "b", 0.4, 1, AttemptState.RUNNING, 6000), 6));
    assertEquals(
        4.0,
        filled.nodeMapCapacity(4000).get("a") / filled.nodeMapCapacity(4000).get("b"),
        1e-9,
        "a ran four maps while maps waited, b one");
  }

  private static StatusReport withTotal(StatusReport r, int totalMaps) {
    return ImmutableStatusReport.builder().from(r).totalMaps(totalMaps).build();
  }

  @Test
  void capacityAsOfAnEarlierTimeIgnoresLaterReports() {
    JobObserver o = new JobObserver(1);
    o.accept(map(4000, 0, "a", 0.4, 0, AttemptState.RUNNING, 0));
    o.accept(map(4000, 1, "b", 0.4, 0, AttemptState.RUNNING, 0));
    // Later node b slows down, as when reducer JVMs start beside its map.
    o.accept(map(10000, 0, "a", 1.0, 0, AttemptState.SUCCEEDED, 0));
    o.accept(map(10000, 1, "b", 0.5, 0, AttemptState.RUNNING, 0));
    assertEquals(0.15, o.nodeMapCapacity(4000).get("b"), 1e-9);
    assertEquals(0.15, o.nodeMapCapacity(4000).get("a"), 1e-9);
    assertEquals(0.1, o.nodeMapCapacity().get("a"), 1e-9, "a succeeded after 10 s");
    assertEquals(0.075, o.nodeMapCapacity().get("b"), 1e-9, "b read 75% of its input in 10 s");
    assertTrue(o.nodeMapCapacity(3999).isEmpty(), "no map had reported by then");
  }

  @Test
  void mapsHeldAtTwoThirdsWhileMergingDoNotMakeANodeLookSlow() {
    // From a recorded 16 MB Wordcount run: the fast node's four maps end together; two have
    // succeeded and the
    // other two last reported 2/3 (merging spills) when the first reducer launched. Each slow node
    // ran one map.
    JobObserver o = new JobObserver(1);
    o.accept(map(26_400, 0, "fast", 1.0, 1, AttemptState.SUCCEEDED, 0));
    o.accept(map(28_600, 1, "fast", 1.0, 3, AttemptState.SUCCEEDED, 0));
    o.accept(map(26_500, 2, "fast", 2 / 3.0, 1, AttemptState.RUNNING, 0));
    o.accept(map(26_700, 3, "fast", 2 / 3.0, 1, AttemptState.RUNNING, 0));
    o.accept(map(28_300, 4, "slow", 1.0, 2, AttemptState.SUCCEEDED, 0));
    o.accept(
        Reports.reduce(29_300, "r0", 0, "slow")
            .mapsCompleted(3)
            .totalMaps(100)
            .launchTimeMs(29_300)
            .build());
    double ratio = o.nodeSpeeds().get("fast") / o.nodeSpeeds().get("slow");
    // Four slots against one at equal per-map rates; summing the stale progress read 3.3.
    assertEquals(4.0, ratio, 0.2);
  }

  @Test
  void aNodesSpeedIsFixedByItsFirstMapProgressOnceAReducerHasStarted() {
    JobObserver o = new JobObserver(1);
    o.accept(map(4000, 0, "a", 0.4, 0, AttemptState.RUNNING, 0));
    assertEquals(
        0.15, o.nodeSpeeds().get("a"), 1e-9, "before any reducer, the speed is the capacity");
    o.accept(reduce(5000, "r0", 0, "a", 0, 0, 0, AttemptState.RUNNING)); // launched at 1000
    o.accept(map(6000, 1, "b", 0.6, 0, AttemptState.RUNNING, 0));
    o.accept(map(10000, 0, "a", 0.5, 0, AttemptState.RUNNING, 0));
    o.accept(map(10000, 1, "b", 0.7, 0, AttemptState.RUNNING, 0));
    assertEquals(0.075, o.nodeMapCapacity().get("a"), 1e-9);
    assertEquals(
        0.15,
        o.nodeSpeeds().get("a"),
        1e-9,
        "a had no report by the reducer's launch: its first one");
    assertEquals(
        0.15, o.nodeSpeeds().get("b"), 1e-9, "b's first report came after the launch: that one");
    // Small maps report progress 0 until they end; the first report with progress counts, not the
    // first one.
    o.accept(map(5000, 2, "c", 0.0, 0, AttemptState.RUNNING, 0));
    o.accept(map(8000, 2, "c", 1.0, 1, AttemptState.SUCCEEDED, 0));
    o.accept(map(20000, 3, "c", 0.2, 1, AttemptState.RUNNING, 8000));
    assertEquals(0.125, o.nodeSpeeds().get("c"), 1e-9, "c's map took 8 s");
  }

  @Test
  void aNodeKeepsItsSpeedWhenTheMapItWasMeasuredByIsKilled() {
    JobObserver o = new JobObserver(1);
    o.accept(map(4000, 0, "fast", 0.4, 0, AttemptState.RUNNING, 0));
    o.accept(map(4000, 1, "slow", 0.05, 0, AttemptState.RUNNING, 0));
    o.accept(reduce(5000, "r0", 0, "slow", 0, 0, 0, AttemptState.RUNNING)); // launched at 1000
    double slow = o.nodeSpeeds().get("slow");
    // The speculator's copy of map 1 on the fast node wins; the slow node's attempt is killed and
    // the slow node has run no map that succeeded.
    o.accept(
        Reports.map(30000, "m1_copy", 1, "fast")
            .state(AttemptState.SUCCEEDED)
            .progress(1.0)
            .mapsCompleted(2)
            .totalMaps(100)
            .launchTimeMs(20000)
            .build());
    o.accept(map(30500, 1, "slow", 0.3, 2, AttemptState.KILLED, 0));
    assertFalse(o.nodeMapCapacity().containsKey("slow"), "no live map measures it now");
    assertEquals(slow, o.nodeSpeeds().get("slow"), 1e-12, "but it was measured while it ran");
  }

  @Test
  void inconsistentReportsAreRejected() {
    JobObserver o = new JobObserver(2);
    o.accept(reduce(1000, "r0", 0, "n1", 0, 0, 0, AttemptState.RUNNING));
    assertThrows(
        IllegalArgumentException.class,
        () -> o.accept(reduce(2000, "r0", 0, "n2", 0, 0, 0, AttemptState.RUNNING)),
        "moved node");
    assertThrows(
        IllegalArgumentException.class,
        () -> o.accept(reduce(2000, "r9", 5, "n2", 0, 0, 0, AttemptState.RUNNING)),
        "index beyond N");
    assertThrows(
        IllegalArgumentException.class,
        () -> Reports.map(1, "x", 0, "n").progress(1.5).totalMaps(10).build());
    assertThrows(
        IllegalArgumentException.class,
        () -> Reports.reduce(1, "x", 0, "n").progress(0.1).mapsCopied(11).totalMaps(10).build());
  }

  @Test
  void phaseProgressFollowsHadoopsThirds() {
    StatusReport s =
        Reports.reduce(1, "r", 0, "n")
            .phase(TaskPhase.REDUCE)
            .progress(0.8)
            .mapsCopied(100)
            .mapsCompleted(100)
            .totalMaps(100)
            .build();
    assertEquals(1.0, ReducerMetrics.shuffleProgress(s));
    assertEquals(1.0, ReducerMetrics.sortProgress(s));
    assertEquals(0.4, ReducerMetrics.reduceProgress(s), 1e-9);
  }
}
