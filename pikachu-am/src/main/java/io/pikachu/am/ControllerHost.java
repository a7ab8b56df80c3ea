package io.pikachu.am;

import io.pikachu.core.binmap.BinMapFormatException;
import java.security.PrivilegedExceptionAction;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.api.records.JobId;
import org.apache.hadoop.mapreduce.v2.api.records.JobState;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobCounterUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobDiagnosticsUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobEventType;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pikachu's controller inside an MR application master, whichever AM plugin hosts it (the
 * speculator, or the preemption policy where the AM builds no speculator): the job's settings,
 * their failure, the {@link ControllerSession} and the timer that polls it, as the user the AM runs
 * for.
 */
final class ControllerHost {
  private static final Logger LOG = LoggerFactory.getLogger(ControllerHost.class);

  /** Longest wait for the AM to start the job before failing it anyway. */
  private static final long START_WAIT_SECONDS = 60;

  private final AppContext context;
  private final AdapterSettings settings;
  private final String configError;
  private final ControllerSession session;
  private final ControllerMetrics metrics;
  private volatile boolean failed;
  private volatile ScheduledExecutorService timer;
  private volatile UserGroupInformation ugi;

  /** An early tick is queued and has not started yet: later requests join it. */
  private final AtomicBoolean earlyTickQueued = new AtomicBoolean();

  private final AtomicBoolean stopped = new AtomicBoolean();

  ControllerHost(Configuration conf, AppContext context) {
    this.context = context;
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
            context.getApplicationID() == null ? "" : context.getApplicationID().toString(),
            () ->
                session == null
                    ? Optional.empty()
                    : session.published().map(p -> p.record().counters()));
  }

  /** The job's settings; null when they are bad (the job then fails at {@link #start}). */
  AdapterSettings settings() {
    return settings;
  }

  /** The running session, or null when the controller is off for this job. */
  ControllerSession session() {
    return session;
  }

  /**
   * Fails the job on a bad setting, counts unknown keys, and starts the session and its timer,
   * which also runs {@code beforeTick} before each poll of the controller. Called once the AM has
   * created the job.
   */
  void start(Runnable beforeTick) {
    if (configError != null) {
      failJobs(configError);
      return;
    }
    countUnknownKeys();
    metrics.register();
    if (session == null) {
      LOG.info("Pikachu controller off for this job: {}", settings.inactiveReason());
      return;
    }
    Map<JobId, Job> jobs = context.getAllJobs();
    if (jobs == null || jobs.size() != 1) {
      failJobs("Pikachu: expected one job in this AM, found " + (jobs == null ? 0 : jobs.size()));
      return;
    }
    try {
      session.start(jobs.values().iterator().next());
      ugi = UserGroupInformation.getCurrentUser();
    } catch (Exception e) {
      LOG.error("Pikachu controller could not start", e);
      failJobs("Pikachu controller could not start: " + e);
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
    timer.scheduleWithFixedDelay(
        () -> {
          try {
            beforeTick.run();
          } catch (RuntimeException e) {
            // an exception would cancel the timer, and with it every later decision
            LOG.warn("Pikachu: reading the attempts' reports failed; retrying at the next tick", e);
          }
          tick();
        },
        interval,
        interval,
        TimeUnit.MILLISECONDS);
    LOG.info(
        "Pikachu controller started: estimator={} reducers={} binsPerReducer={} interval={}ms",
        settings.controller().estimator().configValue(),
        settings.reducers(),
        settings.controller().binsPerReducer(),
        interval);
  }

  /** Hands the controller one attempt status; a reducer waiting for the decision gets it sooner. */
  void onStatus(TaskAttemptStatus status, long timeMs) {
    metrics.onStatus(status);
    if (session == null) {
      return;
    }
    try {
      if (session.onStatus(status, timeMs)) {
        tickEarly();
      }
    } catch (RuntimeException e) {
      // a report the controller cannot take must not take the AM's event thread down
      LOG.warn("Pikachu: dropped a status report of {}", status.id, e);
    }
  }

  /**
   * Stops the timer, then records what the job measured (node profile) and closes the trace; once,
   * whoever calls first.
   */
  void stop() throws InterruptedException {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    ScheduledExecutorService t = timer;
    if (t != null) {
      t.shutdownNow();
      t.awaitTermination(10, TimeUnit.SECONDS);
    }
    if (session != null) {
      try {
        session.stop();
      } catch (Exception e) {
        LOG.warn("Pikachu: closing the status trace failed", e);
      }
    }
    metrics.unregister();
  }

  ControllerMetrics metrics() {
    return metrics;
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
   * due to: ..."), and the AM unregisters as FAILED without a retry. Throwing from the plugin's
   * constructor would instead kill the AM before it registers with the RM: YARN would retry it and
   * the client would only learn that the AM container exited. The failure waits until the job has
   * started: the AM's services (the RM client among them) start after the plugin, and a job that
   * ends before they run makes the AM exit without unregistering.
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
