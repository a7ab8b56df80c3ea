package io.pikachu.am;

import io.pikachu.core.decision.ControllerConfig;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.JobController;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.decision.trace.TraceHeader;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.v2.api.records.JobId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskId;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.job.Task;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobCounterUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller of one job inside the AM: feeds it the job's status reports, polls it, and
 * publishes its one decision (or, in a restarted AM, re-publishes the decision of an earlier
 * attempt). {@link #onStatus} runs on the AM's event thread, {@link #tick} on the plugin's timer
 * thread.
 *
 * <p>Over 300 lines on purpose: the AM's life around one controller (start, restart, reports,
 * ticks, publishing, the end) stays together; the decisions are core's.
 */
final class ControllerSession {

  private static final Logger LOG = LoggerFactory.getLogger(ControllerSession.class);

  private final AdapterSettings settings;
  private final Configuration conf;
  private final AppContext context;

  /**
   * Attempts last seen running: Hadoop tells the speculator nothing when one fails or is killed.
   */
  private final Map<TaskAttemptId, StatusReport> live = new ConcurrentHashMap<>();

  /** Attempts whose launch has been reported. */
  private final Set<TaskAttemptId> launchReported = new HashSet<>();

  /** Maps completed as seen at each tick, to date the launch reports. */
  private final NavigableMap<Long, Integer> completedMapsAt = new TreeMap<>();

  /**
   * Held while the controller is fed or polled, so that the trace records reports and the decision
   * in the order the controller saw them (the event thread feeds, the timer thread polls).
   */
  private final Object feedLock = new Object();

  private volatile JobController controller;
  private volatile TraceRecorder recorder;
  private JobId jobId;
  private DecisionPublisher publisher;
  private boolean resumed;
  private JobStartKnowledge knowledge;

  /**
   * The job runs without bins (its layout says stock): the controller only measures, for the node
   * profile, and decides nothing.
   */
  private volatile boolean observeOnly;

  /**
   * The versions published so far; the last one's map is in the store. Written by the timer thread,
   * read by the event thread too.
   */
  private volatile DecisionPublisher.Published published;

  ControllerSession(AdapterSettings settings, Configuration conf, AppContext context) {
    this.settings = settings;
    this.conf = conf;
    this.context = context;
    this.controller =
        new JobController(settings.controller(), settings.reducers(), settings.slicing());
  }

  /** The job's nodes grouped by the speeds the controller measured of them. */
  Optional<NodeClasses> nodeClasses() {
    return Optional.of(controller.measuredNodeClasses());
  }

  /**
   * Establishes the job's layout ({@link LayoutKeeper}); with bins, resumes an earlier attempt's
   * decision if there is one. Opens the trace. Called once, before ticks.
   *
   * @return the job's layout
   */
  synchronized JobLayout start(Job job) throws IOException {
    jobId = job.getID();
    int attempt = amAttempt(context);
    knowledge = new JobStartKnowledge(conf, settings.controller(), settings.profile());
    Map<String, Double> profiled = knowledge.profiledSpeeds(context.getClock().getTime());
    JobLayout layout =
        LayoutKeeper.establish(
            conf,
            jobId.toString(),
            attempt,
            settings.controller().binsPerReducer(),
            () -> knowledge.decide((Rebalancing.Enabled) settings.rebalancing(), profiled));
    if (layout.bins()) {
      startDeciding(layout, attempt, profiled);
    } else {
      observeOnly = true;
      LOG.info(
          "Pikachu: no bins for this job, decided before any task ran: {}. Maps write the stock"
              + " partitions and reducers run the stock shuffle (counter {}); the AM only measures"
              + " the nodes for the node profile",
          layout.steppedAside().get().detail(),
          layout.steppedAside().get().why().counterName());
    }
    if (!profiled.isEmpty()) {
      JobCounterUpdateEvent counted = new JobCounterUpdateEvent(jobId);
      counted.addCounterUpdate(DecisionCounter.PROFILED_NODES, profiled.size());
      context.getEventHandler().handle(counted);
    }
    openTrace(job, attempt, profiled);
    return layout;
  }

  /**
   * The controller of a job with bins: cut as its layout says (an earlier attempt's bins per
   * reducer, whatever this attempt's configuration says), resuming what an earlier attempt decided.
   */
  private void startDeciding(JobLayout layout, int attempt, Map<String, Double> profiled)
      throws IOException {
    ControllerConfig config = settings.controller().forBinsPerReducer(layout.binsPerReducer());
    Slicing slicing = layout.enabled().get().slicing();
    controller = new JobController(config, settings.reducers(), slicing);
    publisher =
        new DecisionPublisher(
            conf, jobId.toString(), settings.reducers(), layout, settings.decisionDir());
    publisher.prepare();
    Optional<DecisionRecord> previous = Optional.empty();
    try {
      previous = publisher.previous();
    } catch (IOException e) {
      LOG.warn(
          "Pikachu: ignoring the unreadable decision record of an earlier AM attempt; deciding anew",
          e);
    }
    if (previous.isPresent()) {
      try {
        controller = JobController.resume(config, settings.reducers(), slicing, previous.get());
        resumed = true;
        LOG.info(
            "Pikachu: AM attempt {} keeps the {} bin map version(s) published by an earlier"
                + " attempt in {}",
            attempt,
            previous.get().versions().size(),
            publisher.stagingRecord());
      } catch (IllegalStateException e) {
        LOG.warn(
            "Pikachu: the earlier decision does not fit this job ({}); deciding anew",
            e.getMessage());
      }
    }
    LOG.info("Pikachu: this job's map outputs are cut into bins: {}", layout);
    if (!profiled.isEmpty()) {
      controller.withProfile(profiled);
    }
  }

  private void openTrace(Job job, int attempt, Map<String, Double> profiled) {
    if (!settings.traceDir().isPresent()) {
      return;
    }
    Path file = new Path(settings.traceDir().get(), jobId + "-am" + attempt + ".jsonl");
    try {
      recorder =
          TraceRecorder.open(
              conf,
              file,
              TraceHeader.of(
                      settings.reducers(),
                      "recorded by the Pikachu AM plugin: job "
                          + jobId
                          + " ("
                          + job.getName()
                          + "), AM attempt "
                          + attempt,
                      new TreeMap<>(conf.getValByRegex("^pikachu\\.")),
                      settings.slicing())
                  .withProfile(profiled));
      LOG.info("Pikachu: recording status reports to {}", file);
    } catch (IOException | LinkageError e) {
      // A trace is for diagnosis: the job and its decision do not depend on it.
      LOG.warn(
          "Pikachu: cannot record status reports to {}; the job runs without a trace", file, e);
    }
  }

  /** Whether the job runs without bins, the controller only measuring. */
  boolean observeOnly() {
    return observeOnly;
  }

  /**
   * Feeds one of Hadoop's status reports to the controller.
   *
   * @return whether it shows a reducer that has copied every map while the bin map is not final
   *     yet: its final merge now waits for the decision, so the caller should poll the controller
   *     at once rather than at the next tick
   */
  boolean onStatus(TaskAttemptStatus status, long timeMs) {
    if (status == null || status.id == null) {
      return false;
    }
    Job job = context.getJob(status.id.getTaskId().getJobId());
    Optional<StatusReport> report = StatusTranslator.translate(status, timeMs, job);
    if (!report.isPresent()) {
      return false;
    }
    StatusReport r = report.get();
    if (r.state() == AttemptState.RUNNING) {
      live.put(status.id, r);
    } else {
      live.remove(status.id);
    }
    feed(r);
    return !observeOnly
        && r.type() == TaskType.REDUCE
        && r.state() == AttemptState.RUNNING
        && r.copiedEveryMap()
        && !finalPublished();
  }

  /**
   * Polls the controller and publishes each version it decides; a version whose publishing fails is
   * retried at the next tick.
   */
  void tick(long nowMs) throws IOException {
    reportLaunchedAttempts(nowMs);
    reportEndedAttempts(nowMs);
    try {
      if (!observeOnly && !finalPublished()) {
        poll(nowMs);
        Optional<DecisionRecord> record = controller.record();
        int done = published == null ? 0 : published.record().versions().size();
        if (record.isPresent() && record.get().versions().size() > done) {
          publish(record.get());
        }
      }
    } finally {
      TraceRecorder rec = recorder;
      if (rec != null) {
        rec.drain();
      }
    }
  }

  synchronized void stop() throws IOException {
    if (knowledge != null) {
      synchronized (feedLock) {
        knowledge.record(
            jobId.toString(),
            controller.measuredNodeSpeeds(),
            controller.measuredNodeMaps(),
            context.getClock().getTime());
      }
    }
    TraceRecorder rec = recorder;
    recorder = null;
    if (rec != null) {
      rec.close();
    }
  }

  private boolean finalPublished() {
    DecisionPublisher.Published p = published;
    return p != null && p.binMap().isFinal();
  }

  Optional<DecisionPublisher.Published> published() {
    return Optional.ofNullable(published);
  }

  JobController controller() {
    return controller;
  }

  private void feed(StatusReport r) {
    synchronized (feedLock) {
      controller.onReport(r);
      TraceRecorder rec = recorder;
      if (rec != null) {
        rec.add(r);
      }
    }
  }

  /** Polls the controller; the trace marks every new version where the controller decided it. */
  private void poll(long nowMs) {
    synchronized (feedLock) {
      Optional<Decision> before = controller.decision();
      Optional<Decision> after = controller.poll(nowMs);
      TraceRecorder rec = recorder;
      if (rec != null && after.isPresent() && !after.equals(before)) {
        rec.decided(nowMs);
      }
    }
  }

  /**
   * Reports each attempt at its launch, before its first status update. Reducers: so that the
   * controller learns where a reducer runs without waiting for that update, which on a slow node
   * can come after all maps finished. Maps: so that a map whose JVM has not reported yet is known
   * to run, not to wait for a container; taken for a waiting map, it made the maps that had
   * reported look like a full node's, and two identical NodeManagers two classes.
   */
  private void reportLaunchedAttempts(long nowMs) {
    Job job = context.getJob(jobId);
    if (job == null || finalPublished()) {
      return;
    }
    completedMapsAt.put(nowMs, job.getCompletedMaps());
    for (org.apache.hadoop.mapreduce.v2.api.records.TaskType type :
        org.apache.hadoop.mapreduce.v2.api.records.TaskType.values()) {
      Map<TaskId, Task> tasks = job.getTasks(type);
      if (tasks == null) {
        continue;
      }
      for (Task task : tasks.values()) {
        for (TaskAttempt attempt : task.getAttempts().values()) {
          if (launchReported.contains(attempt.getID())) {
            continue;
          }
          Map.Entry<Long, Integer> before = completedMapsAt.floorEntry(attempt.getLaunchTime());
          StatusTranslator.launched(
                  attempt, before == null ? 0 : before.getValue(), job.getTotalMaps())
              .ifPresent(
                  r -> {
                    launchReported.add(attempt.getID());
                    feed(r);
                  });
        }
      }
    }
  }

  private void reportEndedAttempts(long nowMs) {
    for (Map.Entry<TaskAttemptId, StatusReport> e : live.entrySet()) {
      Job job = context.getJob(e.getKey().getTaskId().getJobId());
      Task task = job == null ? null : job.getTask(e.getKey().getTaskId());
      TaskAttempt attempt = task == null ? null : task.getAttempt(e.getKey());
      if (attempt == null) {
        continue;
      }
      AttemptState state = StatusTranslator.state(attempt.getState());
      if (state.isDead()) {
        feed(StatusTranslator.ended(e.getValue(), state, nowMs));
      }
      if (state != AttemptState.RUNNING) {
        live.remove(e.getKey());
      }
    }
  }

  private void publish(DecisionRecord record) throws IOException {
    DecisionPublisher.Published p = publisher.publish(record);
    published = p;
    Decision d = p.record().last();
    String where =
        "record "
            + publisher.stagingRecord()
            + publisher.decisionCopy().map(c -> " and " + c).orElse("")
            + ", bin map "
            + p.binMap()
            + " in "
            + publisher.binMapDir();
    LOG.info(
        "{} ({}{})", d.summaryLine(), resumed ? "kept from an earlier AM attempt; " : "", where);
    if (!p.applied()) {
      LOG.warn(
          "Pikachu: v{} was not applied: a reducer sealed {} before this AM published it",
          d.version(),
          p.binMap());
    }
    if (p.binMap().isFinal()) {
      addCounters(p.record());
    }
  }

  private void addCounters(DecisionRecord record) {
    List<String> unknown = new ArrayList<>();
    Map<DecisionCounter, Long> values = DecisionCounter.fromDecision(record.counters(), unknown);
    if (!unknown.isEmpty()) {
      LOG.warn(
          "Pikachu: no job counter for decision value(s) {}; they are in the decision record",
          unknown);
    }
    JobCounterUpdateEvent event = new JobCounterUpdateEvent(jobId);
    values.forEach(event::addCounterUpdate);
    context.getEventHandler().handle(event);
  }

  static int amAttempt(AppContext context) {
    return context.getApplicationAttemptId() == null
        ? 1
        : context.getApplicationAttemptId().getAttemptId();
  }
}
