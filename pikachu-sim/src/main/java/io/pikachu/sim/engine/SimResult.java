package io.pikachu.sim.engine;

import io.pikachu.benchmodel.Method;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What one simulated job did: its times, every attempt, and the controller's decisions. */
public final class SimResult {
  private final Method method;
  private final double jobSeconds;
  private final double lastMapFinish;
  private final double firstReducerStart;
  private final List<TaskRecord> tasks;
  private final DecisionRecord decisions;
  private final List<double[]> publishedAt;
  private final long events;

  SimResult(
      Method method,
      double jobSeconds,
      double lastMapFinish,
      double firstReducerStart,
      List<TaskRecord> tasks,
      DecisionRecord decisions,
      List<double[]> publishedAt,
      long events) {
    this.method = method;
    this.jobSeconds = jobSeconds;
    this.lastMapFinish = lastMapFinish;
    this.firstReducerStart = firstReducerStart;
    this.tasks = Collections.unmodifiableList(new ArrayList<TaskRecord>(tasks));
    this.decisions = decisions;
    this.publishedAt = publishedAt;
    this.events = events;
  }

  public Method method() {
    return method;
  }

  /** From the job's launch to its end. */
  public double jobSeconds() {
    return jobSeconds;
  }

  /** The map phase: from the launch to the last map's end (T2). */
  public double mapPhaseSeconds() {
    return lastMapFinish;
  }

  /** The reduce tail: from the last map's end to the job's end. */
  public double reduceTailSeconds() {
    return jobSeconds - lastMapFinish;
  }

  /** T1: the first reducer's launch. */
  public double firstReducerStart() {
    return firstReducerStart;
  }

  public List<TaskRecord> tasks() {
    return tasks;
  }

  /** Successful reducers. */
  public List<TaskRecord> reducers() {
    List<TaskRecord> r = new ArrayList<TaskRecord>();
    for (TaskRecord t : tasks) {
      if (t.reduce() && t.succeeded()) {
        r.add(t);
      }
    }
    return r;
  }

  /** The controller's versions; null for stock. */
  public DecisionRecord decisions() {
    return decisions;
  }

  /** Simulated seconds at which each version was decided, as {@code [version, seconds]}. */
  public List<double[]> publishedAt() {
    return publishedAt;
  }

  public long events() {
    return events;
  }

  /** MB copied by all reducers, re-copied bins included. */
  public double shuffledMb() {
    double s = 0;
    for (TaskRecord t : tasks) {
      if (t.reduce()) {
        s += t.shuffleMb();
      }
    }
    return s;
  }

  public double refetchedMb() {
    double s = 0;
    for (TaskRecord t : tasks) {
      if (t.reduce()) {
        s += t.refetchedMb();
      }
    }
    return s;
  }

  /**
   * P of the fastest class in the version in force at the end, as the controller computed it; 1 for
   * stock, NaN when the fastest class got no P (then it ran with P = 1).
   */
  public double controllerP() {
    if (decisions == null) {
      return 1.0;
    }
    Decision d = decisions.last();
    if (!d.fastestClass().isPresent()) {
      return 1.0;
    }
    ClassMeasurement c = d.fastestClass().get();
    return c.p() == null ? 1.0 : c.p();
  }

  /**
   * The partition ratio the final bin map applies: the mean bins of a reducer in the fastest node
   * class over those of a reducer in the slowest class that hosts reducers (1 for stock, or when
   * every reducer is in one class).
   */
  public double appliedBinRatio() {
    if (decisions == null) {
      return 1.0;
    }
    Decision d = decisions.last();
    Map<String, double[]> bins = new LinkedHashMap<String, double[]>();
    for (int r = 0; r < d.reducerBins().size(); r++) {
      String c = d.reducerClasses().get(r);
      double[] s = bins.get(c);
      if (s == null) {
        s = new double[2];
        bins.put(c, s);
      }
      s[0] += d.reducerBins().get(r);
      s[1]++;
    }
    double fastest = Double.NaN;
    double slowest = Double.NaN;
    for (ClassMeasurement c : d.classes()) {
      double[] s = bins.get(c.name());
      if (s == null) {
        continue;
      }
      if (Double.isNaN(fastest)) {
        fastest = s[0] / s[1];
      }
      slowest = s[0] / s[1];
    }
    return Double.isNaN(fastest) ? 1.0 : fastest / slowest;
  }

  /**
   * The partition ratio the job ran with, by hardware class: the mean data a reducer on the {@code
   * fast} class merged over that of a reducer on the {@code slow} class (bins weighed by their
   * data, so skew counts).
   */
  public double appliedRatio(String fast, String slow) {
    double f = meanHeld(fast);
    double s = meanHeld(slow);
    return s > 0 ? f / s : Double.NaN;
  }

  private double meanHeld(String label) {
    double sum = 0;
    int n = 0;
    for (TaskRecord t : reducers()) {
      if (t.nodeLabel().equals(label)) {
        sum += t.heldMb();
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /**
   * Fig. 2.2's stages for the reducers of each hardware class, in seconds: map-only (launch to T1),
   * map-shuffle (T1 to T2), shuffle-only (T2 to the class's mean end of shuffle, at least 0) and
   * user-reduce (to the class's mean reducer end).
   */
  public Map<String, double[]> stagesByLabel() {
    Map<String, double[]> sums = new LinkedHashMap<String, double[]>();
    for (TaskRecord t : reducers()) {
      double[] s = sums.get(t.nodeLabel());
      if (s == null) {
        s = new double[3];
        sums.put(t.nodeLabel(), s);
      }
      s[0] += t.sortDone();
      s[1] += t.finish();
      s[2]++;
    }
    Map<String, double[]> stages = new LinkedHashMap<String, double[]>();
    for (Map.Entry<String, double[]> e : sums.entrySet()) {
      double shuffleEnd = Math.max(lastMapFinish, e.getValue()[0] / e.getValue()[2]);
      double end = Math.max(shuffleEnd, e.getValue()[1] / e.getValue()[2]);
      stages.put(
          e.getKey(),
          new double[] {
            firstReducerStart,
            lastMapFinish - firstReducerStart,
            shuffleEnd - lastMapFinish,
            end - shuffleEnd
          });
    }
    return stages;
  }
}
