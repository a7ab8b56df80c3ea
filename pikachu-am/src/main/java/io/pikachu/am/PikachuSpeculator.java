package io.pikachu.am;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import io.pikachu.store.PikachuVersion;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.api.records.TaskId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobCounterUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.speculate.DefaultSpeculator;
import org.apache.hadoop.mapreduce.v2.app.speculate.Speculator;
import org.apache.hadoop.mapreduce.v2.app.speculate.SpeculatorEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pikachu's application-master plugin: Hadoop's {@link DefaultSpeculator}, plus the controller that
 * decides the job's bin map. Installed with {@code yarn.app.mapreduce.am.job.speculator.class}; the
 * AM then passes it every task attempt status report, which is all the controller needs, without
 * replacing the AM.
 *
 * <p>Speculation stays Hadoop's: every event also goes to the default speculator, and Hadoop's
 * per-type keys and caps still decide which attempt types it may speculate on and how often. Where
 * the controller has found classes of nodes, the default speculator's map estimates come from the
 * measured node speeds ({@link NodeSpeedRuntimeEstimator}, rule {@value
 * NodeSpeedMapEstimates#RULE}). On top, {@value AdapterKeys#SPECULATIVE_MAPS} and {@value
 * AdapterKeys#SPECULATIVE_REDUCES} can forbid a type, for jobs that must enable one of Hadoop's
 * keys only so that the AM builds a speculator at all.
 *
 * <p>The controller runs only for jobs with virtual bins and {@code
 * pikachu.controller.enabled=true}; for other jobs this class behaves exactly as the default
 * speculator. A bad setting fails the job when the AM starts, before any task runs, with
 * diagnostics naming the key. Where the AM builds no speculator (both speculation keys off), {@link
 * PikachuPreemptionPolicy} hosts the controller instead.
 */
public class PikachuSpeculator extends DefaultSpeculator {

  private static final Logger LOG = LoggerFactory.getLogger(PikachuSpeculator.class);

  private final AppContext context;
  private final NodeSpeedRuntimeEstimator estimator;
  private final ControllerHost host;

  public PikachuSpeculator(Configuration conf, AppContext context) {
    this(conf, context, NodeSpeedRuntimeEstimator.wrapping(conf, context));
  }

  private PikachuSpeculator(
      Configuration conf, AppContext context, NodeSpeedRuntimeEstimator estimator) {
    super(conf, context, estimator, context.getClock());
    LOG.info(PikachuVersion.banner("AM plugin (speculator)"));
    this.context = context;
    this.estimator = estimator;
    this.host = new ControllerHost(conf, context);
    ControllerSession session = host.session();
    if (session != null && host.settings().mapsByNodeSpeed()) {
      estimator.useClasses(session::nodeClasses);
    }
  }

  @Override
  protected void serviceStart() throws Exception {
    super.serviceStart();
    host.start(() -> {});
  }

  @Override
  protected void serviceStop() throws Exception {
    host.stop();
    super.serviceStop();
  }

  @Override
  public void handle(SpeculatorEvent event) {
    super.handle(event);
    if (event.getType() == Speculator.EventType.ATTEMPT_STATUS_UPDATE) {
      host.onStatus(event.getReportedStatus(), event.getTimestamp());
    }
  }

  @Override
  protected void addSpeculativeAttempt(TaskId taskID) {
    AdapterSettings settings = host.settings();
    boolean allowed =
        taskID.getTaskType() == TaskType.MAP
            ? settings == null || settings.speculateMaps()
            : settings == null || settings.speculateReduces();
    if (!allowed) {
      LOG.info(
          "Pikachu: not launching a speculative attempt of {}: {}=false",
          taskID,
          taskID.getTaskType() == TaskType.MAP
              ? PikachuKeys.SPECULATIVE_MAPS.name()
              : PikachuKeys.SPECULATIVE_REDUCES.name());
      return;
    }
    if (taskID.getTaskType() == TaskType.MAP) {
      Optional<NodeSpeedMapEstimates> bySpeed = estimator.current();
      if (bySpeed.isPresent()) {
        LOG.info(
            "Pikachu: copying map {} (rule {}: a map takes about {} ms on the fastest class {})",
            taskID,
            NodeSpeedMapEstimates.RULE,
            bySpeed.get().newAttemptMs(),
            bySpeed.get().fastestClass());
        JobCounterUpdateEvent counted = new JobCounterUpdateEvent(taskID.getJobId());
        counted.addCounterUpdate(DecisionCounter.MAP_COPIES_BY_NODE_SPEED, 1);
        context.getEventHandler().handle(counted);
      }
    }
    super.addSpeculativeAttempt(taskID);
  }

  /** For tests: the running session, or null when the controller is off. */
  ControllerSession session() {
    return host.session();
  }
}
