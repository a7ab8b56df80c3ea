package io.pikachu.am;

import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.api.records.TaskId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.Job;
import org.apache.hadoop.mapreduce.v2.app.job.Task;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.apache.hadoop.mapreduce.v2.app.speculate.LegacyTaskRuntimeEstimator;
import org.apache.hadoop.mapreduce.v2.app.speculate.TaskRuntimeEstimator;
import org.apache.hadoop.yarn.api.records.NodeId;

/**
 * The job's configured {@link TaskRuntimeEstimator} (Hadoop's {@code
 * mapreduce.job.task.runtime.estimator.class}), with map estimates by measured node speed where the
 * controller has found classes of nodes ({@link NodeSpeedMapEstimates}): a new map attempt is
 * expected to take what the fastest class's maps took, and an attempt on a slower node that has not
 * yet reported progress what its class's speed implies. Everything else, and every estimate on one
 * class of nodes, is the configured estimator's, so Hadoop's speculator decides as it always does.
 */
final class NodeSpeedRuntimeEstimator implements TaskRuntimeEstimator {

  /** How often the finished maps are read again: the speculator asks for every task each scan. */
  private static final long REFRESH_MS = 1_000;

  private final TaskRuntimeEstimator delegate;
  private volatile AppContext context;
  private volatile Supplier<Optional<NodeClasses>> classes = Optional::empty;
  private volatile Optional<NodeSpeedMapEstimates> estimates = Optional.empty();
  private volatile boolean refreshed;
  private volatile long refreshedAt;

  NodeSpeedRuntimeEstimator(TaskRuntimeEstimator delegate) {
    this.delegate = delegate;
  }

  /** The estimator Hadoop's {@code DefaultSpeculator} would build for {@code conf}, wrapped. */
  static NodeSpeedRuntimeEstimator wrapping(Configuration conf, AppContext context) {
    Class<? extends TaskRuntimeEstimator> type =
        conf.getClass(
            MRJobConfig.MR_AM_TASK_ESTIMATOR,
            LegacyTaskRuntimeEstimator.class,
            TaskRuntimeEstimator.class);
    TaskRuntimeEstimator configured;
    try {
      configured = type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          MRJobConfig.MR_AM_TASK_ESTIMATOR + ": cannot create " + type.getName(), e);
    }
    NodeSpeedRuntimeEstimator wrapped = new NodeSpeedRuntimeEstimator(configured);
    wrapped.contextualize(conf, context);
    return wrapped;
  }

  /** Where the node classes come from: the controller's measurement, once it runs. */
  void useClasses(Supplier<Optional<NodeClasses>> source) {
    this.classes = source;
  }

  @Override
  public void contextualize(Configuration conf, AppContext context) {
    this.context = context;
    delegate.contextualize(conf, context);
  }

  @Override
  public void enrollAttempt(TaskAttemptStatus status, long timestamp) {
    delegate.enrollAttempt(status, timestamp);
  }

  @Override
  public long attemptEnrolledTime(TaskAttemptId attemptID) {
    return delegate.attemptEnrolledTime(attemptID);
  }

  @Override
  public void updateAttempt(TaskAttemptStatus status, long timestamp) {
    delegate.updateAttempt(status, timestamp);
  }

  @Override
  public long thresholdRuntime(TaskId id) {
    return delegate.thresholdRuntime(id);
  }

  @Override
  public long estimatedRuntime(TaskAttemptId id) {
    long own = delegate.estimatedRuntime(id);
    if (own > 0 || id.getTaskId().getTaskType() != TaskType.MAP) {
      return own;
    }
    Optional<NodeSpeedMapEstimates> e = current();
    Optional<String> node = node(id);
    if (!e.isPresent() || !node.isPresent()) {
      return own;
    }
    OptionalLong bySpeed = e.get().runtimeOn(node.get());
    return bySpeed.isPresent() ? bySpeed.getAsLong() : own;
  }

  @Override
  public long estimatedNewAttemptRuntime(TaskId id) {
    if (id.getTaskType() == TaskType.MAP) {
      Optional<NodeSpeedMapEstimates> e = current();
      if (e.isPresent()) {
        return e.get().newAttemptMs();
      }
    }
    return delegate.estimatedNewAttemptRuntime(id);
  }

  @Override
  public long runtimeEstimateVariance(TaskAttemptId id) {
    return delegate.runtimeEstimateVariance(id);
  }

  @Override
  public boolean hasStagnatedProgress(TaskAttemptId id, long timeStamp) {
    return delegate.hasStagnatedProgress(id, timeStamp);
  }

  /** The estimates now, empty on one class of nodes or before the fastest class finished a map. */
  Optional<NodeSpeedMapEstimates> current() {
    AppContext c = context;
    if (c == null) {
      return Optional.empty();
    }
    long now = c.getClock().getTime();
    if (!refreshed || now - refreshedAt >= REFRESH_MS || now < refreshedAt) {
      Optional<NodeClasses> nodes = classes.get();
      estimates =
          nodes.isPresent()
              ? NodeSpeedMapEstimates.of(nodes.get(), finishedMapMs(c))
              : Optional.<NodeSpeedMapEstimates>empty();
      refreshedAt = now;
      refreshed = true;
    }
    return estimates;
  }

  private static Map<String, List<Long>> finishedMapMs(AppContext context) {
    Map<String, List<Long>> byNode = new HashMap<>();
    Map<?, Job> jobs = context.getAllJobs();
    if (jobs == null) {
      return byNode;
    }
    for (Job job : jobs.values()) {
      for (Task task : job.getTasks(TaskType.MAP).values()) {
        for (TaskAttempt a : task.getAttempts().values()) {
          NodeId node = a.getNodeId();
          long launch = a.getLaunchTime();
          long finish = a.getFinishTime();
          if (a.getState() == TaskAttemptState.SUCCEEDED
              && node != null
              && launch > 0
              && finish > launch) {
            byNode.computeIfAbsent(node.toString(), n -> new ArrayList<>()).add(finish - launch);
          }
        }
      }
    }
    return byNode;
  }

  private Optional<String> node(TaskAttemptId id) {
    Job job = context.getJob(id.getTaskId().getJobId());
    Task task = job == null ? null : job.getTask(id.getTaskId());
    TaskAttempt attempt = task == null ? null : task.getAttempt(id);
    NodeId node = attempt == null ? null : attempt.getNodeId();
    return node == null ? Optional.<String>empty() : Optional.of(node.toString());
  }
}
