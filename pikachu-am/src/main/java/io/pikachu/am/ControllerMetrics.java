package io.pikachu.am;

import io.pikachu.store.PikachuCounter;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsException;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pikachu's controller as a metrics2 source of the MR AM ({@value #NAME}, context {@code pikachu}):
 * the decision (bin-map versions published, rebalanced, P of the fastest class, bins moved,
 * corrected) and what the tasks report in their Pikachu counters (bytes fetched again for gained
 * bins, bytes of dropped bins, tasks that stepped aside, by reason). The AM's metrics system
 * (prefix {@code mrappmaster}) publishes it to the sinks an admin configures in
 * hadoop-metrics2.properties, and as the JMX bean {@code
 * Hadoop:service=MRAppMaster,name=PikachuController} on the AM's {@code /jmx} page.
 */
final class ControllerMetrics implements MetricsSource {
  static final String NAME = "PikachuController";
  private static final Logger LOG = LoggerFactory.getLogger(ControllerMetrics.class);

  /** The decision's gauges: metric name, {@code DecisionRecord.counters()} name, description. */
  private static final String[][] DECISION_GAUGES = {
    {"BinMapVersions", "BIN_MAP_VERSIONS", "bin-map versions published"},
    {"Rebalanced", "REBALANCED", "1 once the bin map moved bins, else 0"},
    {"PFastestMilli", "P_FASTEST_MILLI", "partition ratio P of the fastest class, x1000"},
    {"BinsMoved", "BINS_MOVED", "bins moved between reducers"},
    {"Corrected", "CORRECTED", "1 once the measured ratios corrected the provisional map"},
  };

  /** The tasks' counters summed over attempts: metric name, Pikachu counter, description. */
  private static final String[][] TASK_COUNTERS = {
    {"BytesReshuffled", "BYTES_RESHUFFLED", "bytes fetched again for gained bins, all reducers"},
    {"BytesDropped", "BYTES_DROPPED", "bytes of dropped bins freed, all reducers"},
    {"TasksSteppedAside", "STEPPED_ASIDE", "tasks that ran as stock"},
  };

  private final String appId;
  private final Supplier<Optional<Map<String, Long>>> decision;

  /**
   * Each attempt's latest value of each Pikachu task counter: a report carries the totals so far.
   */
  private final Map<TaskAttemptId, Map<String, Long>> taskCounters = new ConcurrentHashMap<>();

  private volatile boolean registered;

  /**
   * @param decision the decision's counters once the controller published a bin map ({@code
   *     DecisionRecord.counters()}), empty before
   */
  ControllerMetrics(String appId, Supplier<Optional<Map<String, Long>>> decision) {
    this.appId = appId;
    this.decision = decision;
  }

  /** Takes the Pikachu counters of an attempt's report. */
  void onStatus(TaskAttemptStatus status) {
    if (status == null || status.id == null || status.counters == null) {
      return;
    }
    CounterGroup group = status.counters.getGroup(PikachuCounter.GROUP);
    if (group.size() == 0) {
      return;
    }
    Map<String, Long> values = new TreeMap<>();
    for (Counter c : group) {
      values.put(c.getName(), c.getValue());
    }
    taskCounters.put(status.id, values);
  }

  /** The sum over attempts of one task counter. */
  long sum(String counter) {
    long total = 0;
    for (Map<String, Long> values : taskCounters.values()) {
      total += values.getOrDefault(counter, 0L);
    }
    return total;
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder r =
        collector
            .addRecord(NAME)
            .setContext("pikachu")
            .tag(Interns.info("ApplicationId", "the application of this AM"), appId);
    Map<String, Long> d = decision.get().orElse(java.util.Collections.emptyMap());
    for (String[] gauge : DECISION_GAUGES) {
      r.addGauge(Interns.info(gauge[0], gauge[2]), d.getOrDefault(gauge[1], 0L));
    }
    for (String[] counter : TASK_COUNTERS) {
      r.addCounter(Interns.info(counter[0], counter[2]), sum(counter[1]));
    }
    Map<String, Long> byReason = new TreeMap<>();
    for (Map<String, Long> values : taskCounters.values()) {
      values.forEach(
          (name, v) -> {
            if (name.startsWith("STEPPED_ASIDE_")) {
              byReason.merge(name, v, Long::sum);
            }
          });
    }
    byReason.forEach(
        (name, v) ->
            r.addCounter(
                Interns.info(
                    "TasksSteppedAside" + name.substring("STEPPED_ASIDE".length()),
                    "tasks that ran as stock for " + name.substring("STEPPED_ASIDE_".length())),
                v));
  }

  /**
   * Registers with the AM's metrics system; a second registration in one JVM (tests) is skipped.
   */
  void register() {
    try {
      MetricsSystem ms = DefaultMetricsSystem.instance();
      ms.register(NAME, "Pikachu's controller in this MapReduce AM", this);
      registered = true;
    } catch (MetricsException e) {
      LOG.debug("Pikachu: no metrics source: {}", e.getMessage());
    }
  }

  void unregister() {
    if (registered) {
      registered = false;
      DefaultMetricsSystem.instance().unregisterSource(NAME);
    }
  }
}
