package io.pikachu.benchsuite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.benchsuite.suite.RunNode;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.Reports;
import io.pikachu.core.decision.observe.StatusReport;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TraceSeriesTest {
  private static final long T0 = 5_000;
  private static final List<RunNode> NODES =
      List.of(
          new RunNode("fast0", "a:1", 1.0, 4, 2, "fast"),
          new RunNode("slow0", "b:1", 0.25, 1, 2, "slow"));

  private static StatusReport reduce(
      long t, String attempt, String node, int copied, long cpuMs, AttemptState state) {
    return Reports.reduce(T0 + t, attempt, 0, node)
        .state(state)
        .progress(0.1)
        .mapsCopied(copied)
        .totalMaps(10)
        .cpuMs(cpuMs)
        .launchTimeMs(T0)
        .build();
  }

  private static StatusReport map(long t, int completed) {
    return Reports.map(T0 + t, "m", 0, "b:1")
        .progress(0.5)
        .mapsCompleted(completed)
        .totalMaps(10)
        .launchTimeMs(T0)
        .build();
  }

  private static final List<StatusReport> REPORTS =
      List.of(
          // Out of order on purpose: the AM can receive reports late.
          reduce(2000, "r0", "a:1", 6, 3000, AttemptState.RUNNING),
          reduce(0, "r0", "a:1", 2, 0, AttemptState.RUNNING),
          reduce(0, "r1", "b:1", 1, 0, AttemptState.RUNNING),
          reduce(2000, "r1", "b:1", 2, 1000, AttemptState.RUNNING),
          reduce(0, "r2", "b:1", 5, 0, AttemptState.RUNNING),
          reduce(1000, "r2", "b:1", 5, 100, AttemptState.KILLED),
          map(0, 3),
          map(1000, 2),
          map(2000, 8));

  private static void assertSeries(List<TraceSeries.Point> actual, double... secondsThenValues) {
    assertEquals(secondsThenValues.length / 2, actual.size(), actual.toString());
    for (int i = 0; i < actual.size(); i++) {
      assertEquals(secondsThenValues[2 * i], actual.get(i).seconds(), 1e-9, actual.toString());
      assertEquals(secondsThenValues[2 * i + 1], actual.get(i).value(), 1e-9, actual.toString());
    }
  }

  @Test
  void shuffleProgressIsTheClassMeanOfCopiedOverTotalMaps() {
    TraceSeries s = TraceSeries.of(REPORTS, NODES);
    assertSeries(s.shuffled().get("fast"), 0, 0.2, 1, 0.2, 2, 0.6);
    // The killed attempt counts until it dies; its copies are lost after.
    assertSeries(s.shuffled().get("slow"), 0, 0.3, 1, 0.1, 2, 0.2);
  }

  @Test
  void cpuIsTheClassMeanOfCpuTimeOverWallTimeBetweenReports() {
    TraceSeries s = TraceSeries.of(REPORTS, NODES);
    assertSeries(s.cpu().get("fast"), 1, 1.5, 2, 1.5);
    assertSeries(s.cpu().get("slow"), 1, (0.5 + 0.1) / 2, 2, 0.5);
  }

  @Test
  void completedMapsNeverGoBackOnAStaleReport() {
    assertSeries(TraceSeries.of(REPORTS, NODES).mapsCompleted(), 0, 0.3, 1, 0.3, 2, 0.8);
  }

  @Test
  void nodesMissingFromNodesCsvAreNamed() {
    TraceSeries s =
        TraceSeries.of(List.of(reduce(0, "r9", "z:9", 1, 0, AttemptState.RUNNING)), NODES);
    assertEquals(Set.of("z:9"), s.unknownNodes());
    assertSeries(s.shuffled().get(TraceSeries.UNKNOWN_CLASS), 0, 0.1);
    assertTrue(TraceSeries.of(List.of(), NODES).isEmpty());
  }
}
