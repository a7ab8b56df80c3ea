package io.pikachu.sim.engine;

import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the AM's speculator expects a map attempt to take, as Hadoop 3.3-3.5 estimate it: {@code
 * LegacyTaskRuntimeEstimator}'s elapsed / max(1e-4, progress) once the attempt has a status (a real
 * one, or the one {@code DefaultSpeculator} simulates for an attempt silent for 9 s), a new attempt
 * the mean of the finished maps; and, in a job whose AM runs Pikachu's plugin, {@code
 * NodeSpeedRuntimeEstimator}'s estimates by node speed (core's {@link NodeSpeedMapEstimates}) where
 * the controller has found classes of nodes. Both change which maps are copied while their JVM is
 * still starting on a starved node (results/simulator/2026-11-29-jvm-start-and-speculation/).
 */
final class MapRuntimeEstimates {
  /** DefaultSpeculator's wait before it simulates a status for an attempt that sent none. */
  static final double HEARTBEAT_WAIT_S = 9.0;

  /** LegacyTaskRuntimeEstimator's floor on progress in elapsed / progress. */
  static final double MIN_PROGRESS = 1e-4;

  private final Map<String, List<Long>> finishedMs = new HashMap<String, List<Long>>();
  private double finishedSum;
  private int finished;

  void finished(String node, double seconds) {
    finishedMs.computeIfAbsent(node, k -> new ArrayList<Long>()).add(Math.round(seconds * 1000));
    finishedSum += seconds;
    finished++;
  }

  boolean anyFinished() {
    return finished > 0;
  }

  /** Pikachu's estimates by node speed for these classes, empty as its plugin leaves them. */
  Optional<NodeSpeedMapEstimates> byNodeSpeed(NodeClasses classes) {
    return NodeSpeedMapEstimates.of(classes, finishedMs);
  }

  /** A new attempt's run time, seconds. */
  double newAttempt(Optional<NodeSpeedMapEstimates> bySpeed) {
    return bySpeed.isPresent() ? bySpeed.get().newAttemptMs() / 1000.0 : finishedSum / finished;
  }

  /**
   * A running map's run time, seconds, from its launch, as the AM sees it: by the progress of its
   * status reports once the first came, at progress 0 once the speculator has waited 9 s for one,
   * before that by node speed if Pikachu's plugin gives one, else NaN (not copied yet).
   */
  double runtime(Attempt a, double now, Optional<NodeSpeedMapEstimates> bySpeed) {
    double elapsed = now - a.launch;
    if (a.stage != Attempt.Stage.START && now >= a.firstReportAt) {
      return elapsed / Math.max(MIN_PROGRESS, a.progress());
    }
    if (elapsed >= HEARTBEAT_WAIT_S) {
      return elapsed / MIN_PROGRESS; // the status DefaultSpeculator simulates, at progress 0
    }
    if (bySpeed.isPresent()) {
      OptionalLong onNode = bySpeed.get().runtimeOn(a.node.spec.name());
      if (onNode.isPresent()) {
        return onNode.getAsLong() / 1000.0;
      }
    }
    return Double.NaN;
  }
}
