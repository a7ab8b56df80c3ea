package io.pikachu.it;

import io.pikachu.am.PikachuSpeculator;
import io.pikachu.core.config.PikachuKeys;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.speculate.Speculator;
import org.apache.hadoop.mapreduce.v2.app.speculate.SpeculatorEvent;

/**
 * A speculator for the fault tests: Pikachu's, which also launches one speculative attempt of the
 * reducer named by {@value #REDUCER} as soon as that reducer reports having dropped a bin, so that
 * a speculative attempt starts after a bin-map change whenever the test needs one. Hadoop's own
 * speculation cannot be made to start one at a chosen moment.
 *
 * <p>It runs Pikachu's speculator with the AM's controller off: the fault tests publish the bin
 * maps themselves, and a second publisher, the AM deciding its own map from the measured nodes,
 * would race them (it published a map in which reducer 1 gains and sealed it final as the maps
 * ended, so reducer 1 never dropped a bin and no speculative attempt came). Reducers still wait for
 * the test's final map: they read {@code pikachu.controller.enabled} from the job's configuration.
 */
public class SpeculateReducerOnce extends PikachuSpeculator {
  static final String REDUCER = "it.speculate.reducer";

  private final int reducer;
  private boolean launched;

  public SpeculateReducerOnce(Configuration conf, AppContext context) {
    super(withoutController(conf), context);
    this.reducer = conf.getInt(REDUCER, -1);
  }

  private static Configuration withoutController(Configuration job) {
    Configuration am = new Configuration(job);
    am.setBoolean(PikachuKeys.CONTROLLER_ENABLED.name(), false);
    return am;
  }

  @Override
  public void handle(SpeculatorEvent event) {
    super.handle(event);
    if (launched || event.getType() != Speculator.EventType.ATTEMPT_STATUS_UPDATE) {
      return;
    }
    var status = event.getReportedStatus();
    if (status == null
        || status.id == null
        || status.id.getTaskId().getTaskType() != TaskType.REDUCE
        || status.id.getTaskId().getId() != reducer
        || status.counters == null) {
      return;
    }
    var dropped =
        status.counters.findCounter(
            io.pikachu.store.PikachuCounter.GROUP,
            io.pikachu.store.PikachuCounter.BINS_DROPPED.name());
    if (dropped.getValue() > 0) {
      launched = true;
      addSpeculativeAttempt(status.id.getTaskId());
    }
  }
}
