package io.pikachu.am;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.pikachu.core.config.PikachuKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.v2.api.records.JobId;
import org.apache.hadoop.mapreduce.v2.api.records.Phase;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.api.records.TaskId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.job.Task;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.apache.hadoop.mapreduce.v2.util.MRBuilderUtils;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.event.Event;
import org.apache.hadoop.yarn.event.EventHandler;
import org.apache.hadoop.yarn.util.Clock;

/**
 * A mocked MR application master around one job: the AppContext, job, tasks and attempts the plugin
 * reads, a clock the test moves, and every event the plugin sends to the AM's dispatcher.
 */
final class AmFixture {

  final ApplicationId appId = ApplicationId.newInstance(1_700_000_000_000L, 7);
  final JobId jobId = MRBuilderUtils.newJobId(appId, 7);
  final TestClock clock = new TestClock();
  final List<Event> events = new ArrayList<>();
  final AppContext context = mock(AppContext.class);
  final Job job = mock(Job.class);
  private final Map<TaskId, Task> tasks = new java.util.concurrent.ConcurrentHashMap<>();

  AmFixture(int amAttempt, int totalMaps) {
    clock.setTime(1_000_000L);
    when(context.getClock()).thenReturn(clock);
    when(context.getApplicationID()).thenReturn(appId);
    when(context.getApplicationAttemptId())
        .thenReturn(ApplicationAttemptId.newInstance(appId, amAttempt));
    when(context.getAllJobs()).thenReturn(Map.of(jobId, job));
    when(context.getJob(jobId)).thenReturn(job);
    @SuppressWarnings("unchecked")
    EventHandler<Event> handler = mock(EventHandler.class);
    org.mockito.Mockito.doAnswer(
            inv -> {
              synchronized (events) {
                events.add(inv.getArgument(0));
              }
              return null;
            })
        .when(handler)
        .handle(any());
    when(context.getEventHandler()).thenReturn(handler);
    when(job.getID()).thenReturn(jobId);
    when(job.getName()).thenReturn("fixture-job");
    when(job.getTotalMaps()).thenReturn(totalMaps);
    when(job.getTask(any())).thenAnswer(inv -> tasks.get(inv.getArgument(0)));
    when(job.getTasks(any()))
        .thenAnswer(
            inv ->
                tasks.entrySet().stream()
                    .filter(e -> e.getKey().getTaskType() == inv.getArgument(0))
                    .collect(
                        java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
  }

  /**
   * A job configuration with virtual bins and the controller on, its staging directory under {@code
   * dir}.
   */
  static Configuration pikachuConf(java.nio.file.Path dir, int reducers) {
    Configuration c = new Configuration(false);
    io.pikachu.store.VirtualBinsConfig.enable(c);
    c.setBoolean(io.pikachu.core.config.PikachuKeys.CONTROLLER_ENABLED.name(), true);
    c.setInt(org.apache.hadoop.mapreduce.MRJobConfig.NUM_REDUCES, reducers);
    c.set(
        org.apache.hadoop.mapreduce.MRJobConfig.MAPREDUCE_JOB_DIR,
        dir.resolve("staging").toUri().toString());
    c.set("fs.defaultFS", "file:///");
    // where the default node profile goes: never the machine's /tmp
    c.set(
        org.apache.hadoop.mapreduce.MRJobConfig.MR_AM_STAGING_DIR,
        dir.resolve("am-staging").toString());
    // ticks are driven by the tests
    c.setLong(PikachuKeys.INTERVAL_MS.name(), 3_600_000L);
    return c;
  }

  /** The bin-map store the job's layout names, as its reducers find it; null without bins. */
  static io.pikachu.store.FsBinMapStore binMapStore(Configuration conf, int reducers)
      throws java.io.IOException {
    java.util.Optional<io.pikachu.core.partitioning.JobLayout> layout =
        io.pikachu.store.JobLayoutStore.forJob(conf).read();
    return layout.isPresent() && layout.get().bins()
        ? io.pikachu.store.FsBinMapStore.forLayout(conf, layout.get(), reducers)
        : null;
  }

  void completedMaps(int n) {
    when(job.getCompletedMaps()).thenReturn(n);
  }

  /** Registers an attempt running on {@code host:port}, launched at {@code launchMs}. */
  TaskAttempt attempt(TaskType type, int index, int attemptNo, String node, long launchMs) {
    TaskId taskId = MRBuilderUtils.newTaskId(jobId, index, type);
    TaskAttemptId id = MRBuilderUtils.newTaskAttemptId(taskId, attemptNo);
    // A task is stubbed once, before other threads (the default speculator's background thread)
    // can see it: stubbing a mock that another thread calls at the same time confuses Mockito.
    Task task = tasks.get(taskId);
    if (task == null) {
      Task created = mock(Task.class);
      Map<TaskAttemptId, TaskAttempt> attempts = new java.util.concurrent.ConcurrentHashMap<>();
      when(created.getAttempts()).thenReturn(attempts);
      when(created.getAttempt(org.mockito.ArgumentMatchers.any()))
          .thenAnswer(inv -> attempts.get(inv.getArgument(0)));
      tasks.put(taskId, created);
      task = created;
    }
    TaskAttempt a = mock(TaskAttempt.class);
    when(a.getID()).thenReturn(id);
    String[] hp = node.split(":");
    when(a.getNodeId()).thenReturn(NodeId.newInstance(hp[0], Integer.parseInt(hp[1])));
    when(a.getLaunchTime()).thenReturn(launchMs);
    when(a.getState()).thenReturn(TaskAttemptState.RUNNING);
    task.getAttempts().put(id, a);
    return a;
  }

  static TaskAttemptStatus status(
      TaskAttempt a, Phase phase, float progress, String stateString, long cpuMs) {
    TaskAttemptStatus s = new TaskAttemptStatus();
    s.id = a.getID();
    s.phase = phase;
    s.progress = progress;
    s.stateString = stateString;
    s.taskState = TaskAttemptState.RUNNING;
    Counters counters = new Counters();
    counters.findCounter(TaskCounter.CPU_MILLISECONDS).setValue(cpuMs);
    s.counters = counters;
    return s;
  }

  @SuppressWarnings("unchecked")
  <T extends Event> List<T> events(Class<T> type) {
    synchronized (events) {
      return events.stream().filter(type::isInstance).map(e -> (T) e).toList();
    }
  }

  /** The AM's clock, moved by the test. */
  static final class TestClock implements Clock {
    private volatile long now;

    @Override
    public long getTime() {
      return now;
    }

    void setTime(long t) {
      now = t;
    }
  }
}
