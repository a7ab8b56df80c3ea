package io.pikachu.am;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.when;

import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.classify.NodeClassifier;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptState;
import org.apache.hadoop.mapreduce.v2.api.records.TaskId;
import org.apache.hadoop.mapreduce.v2.api.records.TaskType;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.job.TaskAttempt;
import org.apache.hadoop.mapreduce.v2.app.job.event.TaskAttemptStatusUpdateEvent.TaskAttemptStatus;
import org.apache.hadoop.mapreduce.v2.app.speculate.TaskRuntimeEstimator;
import org.junit.jupiter.api.Test;

/** Rule map-copy-by-node-speed on the AM side (docs/controller.md, section 4d). */
class NodeSpeedRuntimeEstimatorTest {

  private static final long HADOOPS_MEAN = 25_000;

  private final AmFixture am = new AmFixture(1, 8);

  @Test
  void onMixedNodesACopyIsJudgedByTheFastClassAndASilentSlowAttemptByItsSpeed() {
    NodeSpeedRuntimeEstimator e = estimator(Map.of("fast:1", 4.0, "slow:2", 1.0));
    finished(0, "fast:1", 10_000);
    finished(1, "fast:1", 12_000);
    finished(2, "slow:2", 44_000);
    TaskAttempt onSlow = am.attempt(TaskType.MAP, 3, 0, "slow:2", am.clock.getTime());
    TaskAttempt onFast = am.attempt(TaskType.MAP, 4, 0, "fast:1", am.clock.getTime());

    assertEquals(11_000, e.estimatedNewAttemptRuntime(taskOf(onSlow)));
    long slow = e.estimatedRuntime(onSlow.getID());
    assertTrue(slow > 40_000 && slow < 48_000, "about 4 x 11 s: " + slow);
    assertEquals(-1, e.estimatedRuntime(onFast.getID()), "the fast class: Hadoop's estimate");
    TaskId reduce = am.attempt(TaskType.REDUCE, 0, 0, "fast:1", 1).getID().getTaskId();
    assertEquals(HADOOPS_MEAN, e.estimatedNewAttemptRuntime(reduce), "reducers: Hadoop's");
  }

  @Test
  void anAttemptWithProgressKeepsHadoopsEstimate() {
    NodeSpeedRuntimeEstimator e =
        new NodeSpeedRuntimeEstimator(new FixedEstimator(HADOOPS_MEAN, 30_000));
    e.contextualize(new Configuration(false), am.context);
    e.useClasses(() -> Optional.of(classes(Map.of("fast:1", 4.0, "slow:2", 1.0))));
    finished(0, "fast:1", 10_000);
    TaskAttempt onSlow = am.attempt(TaskType.MAP, 3, 0, "slow:2", am.clock.getTime());
    assertEquals(30_000, e.estimatedRuntime(onSlow.getID()));
  }

  @Test
  void onOneClassOfNodesEveryEstimateIsHadoops() {
    NodeSpeedRuntimeEstimator e = estimator(Map.of("a:1", 1.0, "b:2", 1.1));
    finished(0, "a:1", 10_000);
    TaskAttempt running = am.attempt(TaskType.MAP, 3, 0, "b:2", am.clock.getTime());
    assertEquals(HADOOPS_MEAN, e.estimatedNewAttemptRuntime(taskOf(running)));
    assertEquals(-1, e.estimatedRuntime(running.getID()));
  }

  @Test
  void withoutTheControllersClassesEveryEstimateIsHadoops() {
    NodeSpeedRuntimeEstimator e = new NodeSpeedRuntimeEstimator(new FixedEstimator(HADOOPS_MEAN));
    e.contextualize(new Configuration(false), am.context);
    finished(0, "fast:1", 10_000);
    TaskAttempt onSlow = am.attempt(TaskType.MAP, 3, 0, "slow:2", am.clock.getTime());
    assertEquals(HADOOPS_MEAN, e.estimatedNewAttemptRuntime(taskOf(onSlow)));
    assertEquals(-1, e.estimatedRuntime(onSlow.getID()));
  }

  private NodeSpeedRuntimeEstimator estimator(Map<String, Double> speeds) {
    NodeSpeedRuntimeEstimator e = new NodeSpeedRuntimeEstimator(new FixedEstimator(HADOOPS_MEAN));
    e.contextualize(new Configuration(false), am.context);
    e.useClasses(() -> Optional.of(classes(speeds)));
    return e;
  }

  private static NodeClasses classes(Map<String, Double> speeds) {
    return new NodeClassifier(Optional.empty(), 3, 1.3).classify(speeds.keySet(), speeds, Map.of());
  }

  private void finished(int index, String node, long runMs) {
    long launch = am.clock.getTime() - runMs - 1_000;
    TaskAttempt a = am.attempt(TaskType.MAP, index, 0, node, launch);
    when(a.getState()).thenReturn(TaskAttemptState.SUCCEEDED);
    when(a.getFinishTime()).thenReturn(launch + runMs);
  }

  private static TaskId taskOf(TaskAttempt a) {
    return a.getID().getTaskId();
  }

  /** Hadoop's estimator as a test sees it: one mean for a new attempt, no progress yet. */
  private static final class FixedEstimator implements TaskRuntimeEstimator {
    private final long newAttempt;
    private final long running;

    FixedEstimator(long newAttempt) {
      this(newAttempt, -1);
    }

    FixedEstimator(long newAttempt, long running) {
      this.newAttempt = newAttempt;
      this.running = running;
    }

    @Override
    public void enrollAttempt(TaskAttemptStatus status, long timestamp) {}

    @Override
    public long attemptEnrolledTime(TaskAttemptId attemptID) {
      return 0;
    }

    @Override
    public void updateAttempt(TaskAttemptStatus status, long timestamp) {}

    @Override
    public void contextualize(Configuration conf, AppContext context) {}

    @Override
    public long thresholdRuntime(TaskId id) {
      return Long.MAX_VALUE;
    }

    @Override
    public long estimatedRuntime(TaskAttemptId id) {
      return running;
    }

    @Override
    public long estimatedNewAttemptRuntime(TaskId id) {
      return newAttempt;
    }

    @Override
    public long runtimeEstimateVariance(TaskAttemptId id) {
      return -1;
    }
  }
}
