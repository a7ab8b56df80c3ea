package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pikachu.store.PikachuCounter;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.junit.jupiter.api.Test;

/** What the AM's metrics system reads of Pikachu's controller. */
class ControllerMetricsTest {
  private final AmFixture am = new AmFixture(1, 4);

  private static TaskAttemptStatus report(TaskAttempt a, Map<String, Long> pikachuCounters) {
    TaskAttemptStatus s = new TaskAttemptStatus();
    s.id = a.getID();
    Counters c = new Counters();
    pikachuCounters.forEach((k, v) -> c.findCounter(PikachuCounter.GROUP, k).setValue(v));
    s.counters = c;
    return s;
  }

  private static Map<String, Number> metrics(ControllerMetrics source) {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    source.getMetrics(collector, true);
    MetricsRecord record = collector.getRecords().get(0);
    assertEquals(ControllerMetrics.NAME, record.name());
    assertEquals("pikachu", record.context());
    Map<String, Number> values = new HashMap<>();
    for (AbstractMetric m : record.metrics()) {
      values.put(m.name(), m.value());
    }
    return values;
  }

  @Test
  void theDecisionAndTheTasksCountersAreRead() {
    Map<String, Long> decision = new HashMap<>();
    ControllerMetrics source =
        new ControllerMetrics(
            "application_1_7", () -> decision.isEmpty() ? Optional.empty() : Optional.of(decision));
    assertEquals(0, metrics(source).get("BinMapVersions").intValue(), "nothing published yet");

    TaskAttempt r0 = am.attempt(TaskType.REDUCE, 0, 0, "fast:1", 1_000L);
    TaskAttempt r1 = am.attempt(TaskType.REDUCE, 1, 0, "slow:1", 1_000L);
    source.onStatus(report(r0, Map.of("BYTES_RESHUFFLED", 100L, "BYTES_DROPPED", 0L)));
    source.onStatus(report(r0, Map.of("BYTES_RESHUFFLED", 250L, "BYTES_DROPPED", 0L)));
    source.onStatus(report(r1, Map.of("BYTES_RESHUFFLED", 0L, "BYTES_DROPPED", 40L)));
    decision.put("BIN_MAP_VERSIONS", 2L);
    decision.put("REBALANCED", 1L);
    decision.put("P_FASTEST_MILLI", 3000L);
    Map<String, Number> m = metrics(source);
    assertEquals(250L, m.get("BytesReshuffled").longValue(), "a report holds the totals so far");
    assertEquals(40L, m.get("BytesDropped").longValue());
    assertEquals(2L, m.get("BinMapVersions").longValue());
    assertEquals(1L, m.get("Rebalanced").longValue());
    assertEquals(3000L, m.get("PFastestMilli").longValue());
  }

  @Test
  void stepAsidesAreCountedByReason() {
    ControllerMetrics source = new ControllerMetrics("application_1_7", Optional::empty);
    for (int i = 0; i < 3; i++) {
      TaskAttempt r = am.attempt(TaskType.REDUCE, i, 0, "fast:1", 1_000L);
      source.onStatus(report(r, Map.of("STEPPED_ASIDE", 1L, "STEPPED_ASIDE_SPECULATION_OFF", 1L)));
    }
    Map<String, Number> m = metrics(source);
    assertEquals(3L, m.get("TasksSteppedAside").longValue());
    assertEquals(3L, m.get("TasksSteppedAside_SPECULATION_OFF").longValue());
  }
}
