package io.pikachu.am;

import io.pikachu.core.binmap.BinMapFormatException;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.WideJobBins;
import io.pikachu.store.PikachuVersion;
import io.pikachu.store.VirtualBinsConfig;
import java.security.PrivilegedExceptionAction;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.api.records.JobId;
import org.apache.hadoop.mapreduce.v2.api.records.JobState;
import org.apache.hadoop.mapreduce.v2.api.records.TaskId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobCounterUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobDiagnosticsUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobEventType;
import org.apache.hadoop.mapreduce.v2.app.speculate.DefaultSpeculator;
import org.apache.hadoop.mapreduce.v2.app.speculate.Speculator;
import org.apache.hadoop.mapreduce.v2.app.speculate.SpeculatorEvent;
import org.apache.hadoop.security.UserGroupInformation;
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
 * PikachuPreemptionPolicy} runs one of these itself, with copies forbidden, and feeds it.
 *
 * <p>Over 300 lines on purpose: it is Hadoop's whole Speculator interface, every call passed on to
 * the default speculator, beside the controller's hooks.
 */
public class PikachuSpeculator extends DefaultSpeculator {

  private static final Logger LOG = LoggerFactory.getLogger(PikachuSpeculator.class);

  /** Longest wait for the AM to start the job before failing it anyway. */
  private static final long START_WAIT_SECONDS = 60;

  private final AppContext context;
  private final NodeSpeedRuntimeEstimator estimator;
  private final AdapterSettings settings;
  private final String configError;
  private final ControllerSession session;
  private volatile boolean failed;
  private volatile ScheduledExecutorService timer;
  private volatile UserGroupInformation ugi;
  private final Configuration conf;
  private final ControllerMetrics metrics;

  /** The job's layout, once established at start; null when the job opted out or never started. */
  private volatile JobLayout layout;

  /** An early tick is queued and has not started yet: later requests join it. */
  private final AtomicBoolean earlyTickQueued = new AtomicBoolean();

  public PikachuSpeculator(Configuration conf, AppContext context) {
    this(conf, context, NodeSpeedRuntimeEstimator.wrapping(conf, context));
  }

  private PikachuSpeculator(
      Configuration conf, AppContext context, NodeSpeedRuntimeEstimator estimator) {
    super(conf, context, estimator, context.getClock());
    LOG.info(PikachuVersion.banner("AM plugin (speculator)"));
    this.conf = conf;
    this.context = context;
    this.estimator = estimator;
    AdapterSettings s = null;
    String error = null;
    try {
      s = AdapterSettings.from(conf);
    } catch (IllegalArgumentException e) {
      error = "Pikachu: bad configuration: " + e.getMessage();
      LOG.error(error, e);
    }
    this.settings = s;
    this.configError = error;
    this.session = s != null && s.active() ? new ControllerSession(s, conf, context) : null;
    this.metrics =
        new ControllerMetrics(
            String.valueOf(context.getApplicationID()),
            () ->
                session == null
                    ? Optional.empty()
                    : session.published().map(p -> p.record().counters()));
    if (session != null && s.mapsByNodeSpeed()) {
      estimator.useClasses(session::nodeClasses);
    }
  }

  @Override
  protected void serviceStart() throws Exception {
    super.serviceStart();
    if (configError != null) {
      failJobs(configError);
      return;
    }
    countUnknownKeys();
    metrics.register();
    if (settings.optedOut()) {
      LOG.info(
          "Pikachu is off for this job ({}): no job layout, so every task runs as stock",
          settings.inactiveReason());
      return;
    }
    if (!VirtualBinsConfig.namesEitherPlugin(conf)) {
      LOG.info("Pikachu is not used by this job: {}", settings.inactiveReason());
      return; // no task of Pikachu's runs, so nothing reads a layout
    }
    Map<JobId, Job> jobs = context.getAllJobs();
    if (jobs == null || jobs.size() != 1) {
      failJobs("Pikachu: expected one job in this AM, found " + (jobs == null ? 0 : jobs.size()));
      return;
    }
    Job job = jobs.values().iterator().next();
    ugi = UserGroupInformation.getCurrentUser();
    try {
      layout =
          session != null
              ? session.start(job)
              : LayoutKeeper.establish(
                  conf,
                  job.getID().toString(),
                  ControllerSession.amAttempt(context),
                  WideJobBins.perReducer(conf::get),
                  settings::rebalancing);
    } catch (Exception e) {
      // The layout's file exists but cannot be followed, or the staging directory every task
      // needs cannot be read: the tasks could not run either.
      LOG.error("Pikachu could not establish the job's layout", e);
      failJobs("Pikachu could not establish the job's layout: " + e);
      return;
    }
    if (session == null) {
      LOG.info("Pikachu controller off for this job: {}", settings.inactiveReason());
      return;
    }
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "Pikachu controller");
              t.setDaemon(true);
              return t;
            });
    long interval = settings.intervalMs();
    timer.scheduleWithFixedDelay(this::tick, interval, interval, TimeUnit.MILLISECONDS);
    LOG.info(
        "Pikachu controller started: estimator={} reducers={} layout={} interval={}ms",
        settings.controller().estimator().configValue(),
        settings.reducers(),
        layout,
        interval);
  }

  @Override
  protected void serviceStop() throws Exception {
    if (timer != null) {
      timer.shutdownNow();
      timer.awaitTermination(10, TimeUnit.SECONDS);
    }
    if (session != null) {
      try {
        session.stop();
      } catch (Exception e) {
        LOG.warn("Pikachu: closing the status trace failed", e);
      }
    }
    removeStoreIfJobEnded();
    metrics.unregister();
    super.serviceStop();
  }

  /**
   * Deletes the job's bin-map directory once the job has ended (succeeded, failed, killed or in
   * error: MRAppMaster then makes this attempt the last), when it lies outside the job's staging
   * directory, which Hadoop deletes itself. A directory a crashed AM left behind is for {@code
   * hadoop jar pikachu-<version>.jar clean}.
   */
  private void removeStoreIfJobEnded() {
    JobLayout l = layout;
    if (l == null || !l.bins()) {
      return;
    }
    Map<JobId, Job> jobs = context.getAllJobs();
    if (jobs == null || jobs.size() != 1 || !ended(jobs.values().iterator().next().getState())) {
      return;
    }
    String jobDir = conf.getTrimmed(MRJobConfig.MAPREDUCE_JOB_DIR, "");
    Path dir = new Path(l.binMapDir());
    if (!jobDir.isEmpty() && isBelow(dir, new Path(jobDir))) {
      return;
    }
    try {
      if (ugi != null) {
        ugi.doAs(
            (PrivilegedExceptionAction<Boolean>) () -> dir.getFileSystem(conf).delete(dir, true));
      } else {
        dir.getFileSystem(conf).delete(dir, true);
      }
      LOG.info("Pikachu: the job has ended; removed its bin-map directory {}", dir);
    } catch (Exception e) {
      LOG.warn(
          "Pikachu: could not remove the bin-map directory {} of the ended job ({}); `hadoop jar"
              + " pikachu-<version>.jar clean` removes it later",
          dir,
          e.toString());
    }
  }

  private static boolean ended(JobState state) {
    return state == JobState.SUCCEEDED
        || state == JobState.FAILED
        || state == JobState.KILLED
        || state == JobState.ERROR;
  }

  /**
   * Whether {@code path} is {@code dir} or below it, compared by path (schemes may be implicit).
   */
  private static boolean isBelow(Path path, Path dir) {
    String p = path.toUri().getPath();
    String d = dir.toUri().getPath();
    return p.equals(d) || p.startsWith(d.endsWith("/") ? d : d + "/");
  }

  @Override
  public void handle(SpeculatorEvent event) {
    super.handle(event);
    if (event.getType() == Speculator.EventType.ATTEMPT_STATUS_UPDATE) {
      metrics.onStatus(event.getReportedStatus());
    }
    if (session != null && event.getType() == Speculator.EventType.ATTEMPT_STATUS_UPDATE) {
      try {
        if (session.onStatus(event.getReportedStatus(), event.getTimestamp())) {
          tickEarly();
        }
      } catch (RuntimeException e) {
        // a report the controller cannot take must not take the AM's event thread down
        LOG.warn("Pikachu: dropped a status report of {}", event.getReportedStatus().id, e);
      }
    }
  }

  @Override
  protected void addSpeculativeAttempt(TaskId taskID) {
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
    return session;
  }

  /**
   * Polls the controller now, on the timer's thread (publishing writes to the file system, which
   * the AM's event thread must not wait for): a reducer's final merge waits for the decision, and
   * the next tick could be a whole interval away.
   */
  private void tickEarly() {
    ScheduledExecutorService t = timer;
    if (t == null || !earlyTickQueued.compareAndSet(false, true)) {
      return;
    }
    try {
      t.execute(
          () -> {
            earlyTickQueued.set(false);
            tick();
          });
    } catch (RejectedExecutionException e) {
      earlyTickQueued.set(false); // stopping: the job is ending
    }
  }

  private void tick() {
    try {
      ugi.doAs(
          (PrivilegedExceptionAction<Void>)
              () -> {
                session.tick(context.getClock().getTime());
                return null;
              });
    } catch (Exception e) {
      Optional<BinMapFormatException> corrupt = corruptBinMap(e);
      if (corrupt.isPresent()) {
        // A final bin map that cannot be read cannot be replaced either (the first seal wins):
        // reducers could not agree on who owns which bin, so the job fails, naming the file.
        if (!failed) {
          failed = true;
          failJobs("Pikachu: " + corrupt.get().getMessage());
        }
        return;
      }
      // retried at the next tick; reducers wait for the final map meanwhile (bounded by their own
      // timeout)
      LOG.warn("Pikachu controller tick failed; retrying", e);
    }
  }

  /** The unknown keys were logged by the settings' check; the counter makes them visible. */
  private void countUnknownKeys() {
    if (settings.unknownKeys().isEmpty()) {
      return;
    }
    Map<JobId, Job> jobs = context.getAllJobs();
    if (jobs == null) {
      return;
    }
    for (JobId id : jobs.keySet()) {
      JobCounterUpdateEvent event = new JobCounterUpdateEvent(id);
      event.addCounterUpdate(DecisionCounter.UNKNOWN_KEYS, settings.unknownKeys().size());
      context.getEventHandler().handle(event);
    }
  }

  private static Optional<BinMapFormatException> corruptBinMap(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof BinMapFormatException) {
        return Optional.of((BinMapFormatException) c);
      }
    }
    return Optional.empty();
  }

  /**
   * Fails the job as an internal error with diagnostics, which the client prints ("Job failed ...
   * due to: ..."), and the AM unregisters as FAILED without a retry. Throwing from the constructor
   * would instead kill the AM before it registers with the RM: YARN would retry it and the client
   * would only learn that the AM container exited. The failure waits until the job has started: the
   * AM's services (the RM client among them) start after this one, and a job that ends before they
   * run makes the AM exit without unregistering.
   */
  private void failJobs(String message) {
    Map<JobId, Job> jobs = context.getAllJobs();
    if (jobs == null || jobs.isEmpty()) {
      throw new IllegalStateException(message);
    }
    Thread t =
        new Thread(
            () -> {
              for (Map.Entry<JobId, Job> e : jobs.entrySet()) {
                awaitStart(e.getValue());
                LOG.error("Failing job {}: {}", e.getKey(), message);
                context
                    .getEventHandler()
                    .handle(new JobDiagnosticsUpdateEvent(e.getKey(), message));
                context
                    .getEventHandler()
                    .handle(new JobEvent(e.getKey(), JobEventType.INTERNAL_ERROR));
              }
            },
            "Pikachu configuration failure");
    t.setDaemon(true);
    t.start();
  }

  private static void awaitStart(Job job) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_WAIT_SECONDS);
    while (System.nanoTime() < deadline) {
      JobState state = job.getState();
      if (state != JobState.NEW && state != JobState.INITED) {
        return;
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
