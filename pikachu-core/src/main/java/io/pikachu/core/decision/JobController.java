package io.pikachu.core.decision;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.bins.BinAllocation;
import io.pikachu.core.decision.bins.BinAllocator;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.classify.NodeClassifier;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.ClassMeasurer;
import io.pikachu.core.decision.estimate.EvenEstimator;
import io.pikachu.core.decision.estimate.FixedEstimator;
import io.pikachu.core.decision.estimate.PartitionRatioEstimator;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.estimate.ShuffleRateEstimator;
import io.pikachu.core.decision.estimate.TarazuEstimator;
import io.pikachu.core.decision.observe.AttemptHistory;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.stabilise.Stabilisation;
import io.pikachu.core.decision.stabilise.StabilisationDetector;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The controller of one job: ingests status reports, and on {@link #poll(long)} decides, once, the
 * partition ratios and the bin map. Thread-safe, so the adapter may feed reports from the AM's
 * event thread and poll from a timer. Polling is cheap enough to follow every report, but once a
 * second is plenty.
 *
 * <p>When to decide depends on the estimator: even, tarazu and fixed decide once every reducer has
 * started; shuffle-rate and pikachu wait for T_w (one wave of maps after T_s), with fallbacks when
 * all maps finish first or the wait of {@link ControllerKeys#MAX_WAIT_MS} from the first reducer's
 * start runs out.
 */
public final class JobController {

  private final ControllerConfig config;
  private final JobObserver job;
  private final NodeClassifier classifier;
  private final StabilisationDetector detector;
  private final ClassMeasurer measurer;
  private final ReducerMetrics metrics;
  private Decision decision;

  public JobController(ControllerConfig config, int numReducers) {
    this.config = config;
    this.job = new JobObserver(numReducers);
    this.metrics = new ReducerMetrics(config.caughtUpTolerance());
    this.classifier =
        new NodeClassifier(config.nodeClasses(), config.maxClasses(), config.minSpeedRatio());
    this.detector = new StabilisationDetector(metrics, config.waveMaps());
    this.measurer = new ClassMeasurer(metrics);
  }

  /**
   * A controller for a restarted AM: the job keeps the decision its earlier attempt published.
   *
   * @throws IllegalStateException if the earlier decision does not fit this job
   */
  public static JobController resume(ControllerConfig config, int numReducers, Decision previous) {
    if (previous.numReducers() != numReducers
        || previous.binsPerReducer() != config.binsPerReducer()) {
      throw new IllegalStateException(
          "the published Pikachu decision is for "
              + previous.numReducers()
              + " reducers with "
              + previous.binsPerReducer()
              + " bins each, but this job has "
              + numReducers
              + " reducers with "
              + config.binsPerReducer()
              + " bins each ("
              + PikachuKeys.BINS_PER_REDUCER.name()
              + ")");
    }
    JobController c = new JobController(config, numReducers);
    c.decision = previous;
    return c;
  }

  /**
   * Reports after the decision are dropped: nothing can change it, and the AM need not hold them.
   */
  public synchronized void onReport(StatusReport report) {
    if (decision == null) {
      job.accept(report);
    }
  }

  public synchronized Optional<Decision> decision() {
    return Optional.ofNullable(decision);
  }

  /** Decides if the time has come; returns the decision once there is one (always the same one). */
  public synchronized Optional<Decision> poll(long nowMs) {
    if (decision == null) {
      decision = tryDecide(nowMs);
    }
    return Optional.ofNullable(decision);
  }

  private Decision tryDecide(long now) {
    OptionalLong firstReducer = job.firstReducerMs();
    if (firstReducer.isEmpty()) {
      return null;
    }
    long t1 = firstReducer.getAsLong();
    long deadline = t1 + config.maxWaitMs();
    Map<String, Double> speeds = job.nodeSpeeds();
    NodeClasses classes = classifier.classify(job.nodes(), speeds, job.nodeMapRates());
    NavigableMap<Integer, AttemptHistory> live = job.liveReducers();
    boolean placed = live.size() == job.numReducers();
    Attempt attempt = new Attempt(now, t1, classes, speeds, new ArrayList<>(classes.notes()));

    if (placed && onOneClass(live, classes, speeds)) {
      attempt.notes.add(
          "every reducer runs on "
              + (onOneNode(live) ? "one node" : "one node class")
              + "; nothing to rebalance");
      return attempt.decide(DecisionReason.SINGLE_CLASS, null, Optional.empty(), false);
    }
    OptionalLong allMapsDone = job.allMapsDoneMs();
    boolean waitedAfterMaps =
        allMapsDone.isPresent() && now >= allMapsDone.getAsLong() + config.afterMapsWaitMs();
    if (!config.estimator().waitsForStabilisation()) {
      if (placed && everyReducerNodeMeasured(live, classes)) {
        return attempt.decide(DecisionReason.REDUCERS_PLACED, null, Optional.empty(), false);
      }
      Optional<Integer> waiting =
          allMapsDone.isPresent() ? reducerWaitingForDecision(live) : Optional.empty();
      if (waitedAfterMaps || waiting.isPresent()) {
        String missing =
            placed
                ? "some reducer's node had no measured map"
                : "only " + live.size() + " of " + job.numReducers() + " reducers had reported";
        attempt.notes.add(
            "all maps finished and "
                + missing
                + (waiting.isPresent()
                    ? " when reducer "
                        + waiting.get()
                        + " had fetched all its bins and was waiting for the decision"
                    : " "
                        + config.afterMapsWaitMs()
                        + " ms later ("
                        + PikachuKeys.AFTER_MAPS_WAIT_MS.name()
                        + ")")
                + "; deciding without them");
        return attempt.decide(DecisionReason.ALL_MAPS_DONE, null, Optional.empty(), false);
      }
      if (now >= deadline) {
        attempt.notes.add(
            "only "
                + live.size()
                + " of "
                + job.numReducers()
                + " reducers started within "
                + config.maxWaitMs()
                + " ms ("
                + PikachuKeys.MAX_WAIT_MS.name()
                + ")");
        return attempt.decide(DecisionReason.TIMEOUT, null, Optional.empty(), false);
      }
      return null;
    }

    Stabilisation st = detector.detect(job, classes);
    if (st.twMs().isPresent()) {
      long ts = st.tsMs().getAsLong();
      attempt.notes.add(
          "T_s when class(es) "
              + st.caughtUpAtTs()
              + " caught up; T_w after "
              + st.waveMaps()
              + " more maps");
      return attempt.decide(
          DecisionReason.STABILISED, st, Optional.of(new long[] {ts, st.twMs().getAsLong()}), true);
    }
    long windowStart = st.tsMs().orElse(t1);
    boolean efficiency = st.tsMs().isPresent();
    String missing =
        st.tsMs().isPresent() ? "T_w (" + st.twTargetMaps() + " completed maps)" : "T_s";
    if (allMapsDone.isPresent() && allMapsDone.getAsLong() <= now) {
      long end = allMapsDone.getAsLong();
      if (!everyReducerMeasured(windowStart, end)) {
        end =
            now; // maps were done before every reducer could be measured: measure the shuffle-only
        // stage
        if (!everyReducerMeasured(windowStart, end) && now < deadline && !waitedAfterMaps) {
          Optional<Integer> waiting = reducerWaitingForDecision(live);
          if (waiting.isEmpty()) {
            return null;
          }
          attempt.notes.add(
              "reducer "
                  + waiting.get()
                  + " had fetched all its bins from every map and "
                  + "was waiting for the decision; not waiting longer for unmeasured reducers");
        }
      }
      attempt.notes.add(
          "all maps finished before "
              + missing
              + " was seen; deciding on the window "
              + "["
              + windowStart
              + ", "
              + end
              + "]"
              + (efficiency ? "" : " with E = 1 for every class"));
      return attempt.decide(
          DecisionReason.ALL_MAPS_DONE, st, Optional.of(new long[] {windowStart, end}), efficiency);
    }
    if (now >= deadline) {
      attempt.notes.add(
          missing
              + " not seen within "
              + config.maxWaitMs()
              + " ms ("
              + PikachuKeys.MAX_WAIT_MS.name()
              + "); deciding on the window ["
              + windowStart
              + ", "
              + now
              + "]"
              + (efficiency ? "" : " with E = 1 for every class"));
      return attempt.decide(
          DecisionReason.TIMEOUT, st, Optional.of(new long[] {windowStart, now}), efficiency);
    }
    return null;
  }

  /**
   * A reducer whose last report shows every map's output copied: its final merge now waits for the
   * decision, so from here on each second of waiting is a second added to the job.
   */
  private static Optional<Integer> reducerWaitingForDecision(Map<Integer, AttemptHistory> live) {
    for (Map.Entry<Integer, AttemptHistory> e : live.entrySet()) {
      StatusReport last = e.getValue().last();
      if (last.totalMaps() > 0 && last.mapsCopied() >= last.totalMaps()) {
        return Optional.of(e.getKey());
      }
    }
    return Optional.empty();
  }

  /** Every reducer has started and has a shuffle rate over the window. */
  private boolean everyReducerMeasured(long start, long end) {
    Map<Integer, AttemptHistory> live = job.liveReducers();
    return live.size() == job.numReducers()
        && live.values().stream().allMatch(r -> metrics.shuffleRate(r, start, end).isPresent());
  }

  /**
   * A reducer's share follows its node's class, so a decision before its node has a measured map
   * would give it the slowest share by default. Admin-given classes need no measurement.
   */
  private boolean everyReducerNodeMeasured(Map<Integer, AttemptHistory> live, NodeClasses classes) {
    return config.nodeClasses().isPresent()
        || live.values().stream()
            .allMatch(r -> classes.classOf(r.node()).map(c -> c.speed() != null).orElse(false));
  }

  private static boolean onOneNode(Map<Integer, AttemptHistory> live) {
    return live.values().stream().map(AttemptHistory::node).distinct().count() <= 1;
  }

  /**
   * Decided early only when no measurement could separate the reducers: one node, or one
   * admin-given class. Measured classes may still split as map speeds come in, so they are not
   * trusted this early.
   */
  private boolean onOneClass(
      Map<Integer, AttemptHistory> live, NodeClasses classes, Map<String, Double> speeds) {
    if (onOneNode(live)) {
      return true;
    }
    return (config.nodeClasses().isPresent() || speedsSettled(speeds))
        && live.values().stream()
                .map(r -> classes.classOf(r.node()).orElseThrow())
                .distinct()
                .count()
            <= 1;
  }

  /**
   * Whether measured classes can no longer change: once a reducer has started, a node's speed is
   * fixed by its first map report ({@link JobObserver#nodeSpeeds()}), so when every node has one,
   * no class can change.
   */
  private boolean speedsSettled(Map<String, Double> speeds) {
    return job.firstReducerMs().isPresent() && speeds.keySet().containsAll(job.nodes());
  }

  private PartitionRatioEstimator estimator(DecisionReason reason) {
    if (reason == DecisionReason.SINGLE_CLASS) {
      return new EvenEstimator();
    }
    switch (config.estimator()) {
      case EVEN:
        return new EvenEstimator();
      case TARAZU:
        return new TarazuEstimator();
      case SHUFFLE_RATE:
        return ShuffleRateEstimator.observedRates();
      case PIKACHU:
        return ShuffleRateEstimator.pikachu();
      case FIXED:
        return new FixedEstimator(config.fixedP().getAsDouble());
      default:
        throw new IllegalStateException("unhandled estimator " + config.estimator());
    }
  }

  /** One attempt at deciding: the state that the decision is built from. */
  private final class Attempt {
    final long now;
    final long t1;
    final NodeClasses classes;
    final Map<String, Double> speeds;
    final List<String> notes;

    Attempt(
        long now, long t1, NodeClasses classes, Map<String, Double> speeds, List<String> notes) {
      this.now = now;
      this.t1 = t1;
      this.classes = classes;
      this.speeds = speeds;
      this.notes = notes;
    }

    Decision decide(
        DecisionReason reason, Stabilisation st, Optional<long[]> window, boolean efficiency) {
      List<ClassMeasurement> measured =
          measurer.measure(job, classes, speeds, window, efficiency, notes);
      Ratios ratios = estimator(reason).estimate(measured, notes);
      int n = job.numReducers();
      NavigableMap<Integer, AttemptHistory> live = job.liveReducers();
      List<String> reducerClasses = new ArrayList<>();
      List<Double> weights = new ArrayList<>();
      Set<String> hosting = new LinkedHashSet<>();
      Set<String> withoutRatio = new LinkedHashSet<>();
      int unplaced = 0;
      for (int r = 0; r < n; r++) {
        AttemptHistory a = live.get(r);
        if (a == null) {
          reducerClasses.add(Decision.UNPLACED);
          weights.add(1.0);
          unplaced++;
          continue;
        }
        String name = classes.classOf(a.node()).orElseThrow().name();
        reducerClasses.add(name);
        hosting.add(name);
        Double p = ratios.p().get(name);
        if (p == null) {
          withoutRatio.add(name);
        }
        weights.add(p == null ? 1.0 : p);
      }
      if (unplaced > 0) {
        notes.add(
            unplaced + " reducer(s) had not started; they get the reference class's share (P = 1)");
      }
      if (!withoutRatio.isEmpty()) {
        notes.add("class(es) " + withoutRatio + " have no estimate; their reducers get P = 1");
      }
      double max =
          hosting.stream().mapToDouble(c -> ratios.p().getOrDefault(c, 1.0)).max().orElse(1.0);
      double min =
          hosting.stream().mapToDouble(c -> ratios.p().getOrDefault(c, 1.0)).min().orElse(1.0);
      boolean outsideDeadband = max / min > 1.0 + config.deadband();
      if (!outsideDeadband && max / min > 1.0) {
        notes.add(
            String.format(
                java.util.Locale.ROOT,
                "ratios differ by a factor of %.3f, within the dead "
                    + "band of %s (%s): bin map left even",
                max / min,
                config.deadband(),
                PikachuKeys.DEADBAND.name()));
      }
      BinAllocation bins =
          outsideDeadband
              ? BinAllocator.allocate(config.binsPerReducer(), weights)
              : BinAllocation.even(config.binsPerReducer(), n);

      List<ClassDecision> classDecisions = new ArrayList<>();
      for (ClassMeasurement m : measured) {
        classDecisions.add(
            new ClassDecision(
                m.name(),
                m.nodes(),
                m.speed(),
                m.mapRate(),
                m.reducers(),
                m.reducerCapacity(),
                m.shuffleRate(),
                m.cpuCatchUp(),
                m.cpuSteady(),
                m.efficiency(),
                m.caughtUp(),
                ratios.p().get(m.name())));
      }
      return new Decision(
          Decision.FORMAT_VERSION,
          config.estimator().configValue(),
          reason,
          now,
          t1,
          st == null ? null : boxed(st.tsMs()),
          st == null ? null : boxed(st.twMs()),
          window.map(w -> w[0]).orElse(null),
          window.map(w -> w[1]).orElse(null),
          st == null ? 0 : st.waveMaps(),
          job.mapsCompletedAt(now),
          job.totalMaps(),
          config.binsPerReducer(),
          config.deadband(),
          !bins.isEven(),
          ratios.reference(),
          classDecisions,
          reducerClasses,
          bins.counts(),
          notes);
    }
  }

  private static Long boxed(OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }
}
