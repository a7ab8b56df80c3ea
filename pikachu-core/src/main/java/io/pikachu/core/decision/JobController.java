package io.pikachu.core.decision;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.classify.NodeClassifier;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.ClassMeasurer;
import io.pikachu.core.decision.estimate.EvenEstimator;
import io.pikachu.core.decision.estimate.PartitionRatioEstimator;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.stabilise.Stabilisation;
import io.pikachu.core.decision.stabilise.StabilisationDetector;
import io.pikachu.core.decision.timing.Fire;
import io.pikachu.core.decision.timing.Poll;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The controller of one job: ingests status reports, and on {@link #poll(long)} decides, once, the
 * partition ratios and the bin map. Thread-safe, so the adapter may feed reports from the AM's
 * event thread and poll from a timer. Polling is cheap enough to follow every report, but once a
 * second is plenty.
 *
 * <p>When to decide is the estimator's {@link io.pikachu.core.decision.timing.DecisionTiming}: an
 * ordered list of named triggers tried at every poll. The decision records which rules fired.
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
    if (job.firstReducerMs().isEmpty()) {
      return null;
    }
    Map<String, Double> speeds = job.nodeSpeeds();
    NodeClasses classes = classifier.classify(job.nodes(), speeds, job.nodeMapRates());
    Poll poll =
        new Poll(
            now,
            job,
            classes,
            speeds,
            metrics,
            detector,
            new Poll.Settings(
                config.maxWaitMs(), config.afterMapsWaitMs(), config.nodeClasses().isPresent()));
    Optional<Fire> fire = config.estimator().timing().check(poll);
    return fire.map(f -> decide(poll, f)).orElse(null);
  }

  private Decision decide(Poll poll, Fire fire) {
    List<String> notes = new ArrayList<>(poll.classes().notes());
    notes.addAll(fire.notes());
    List<ClassMeasurement> measured =
        measurer.measure(
            job, poll.classes(), poll.speeds(), fire.window(), fire.efficiency(), notes);
    PartitionRatioEstimator estimator =
        fire.nothingToBalance() ? new EvenEstimator() : config.estimator().create(config.fixedP());
    Ratios ratios = estimator.estimate(measured, notes);
    List<String> rules = new ArrayList<>();
    rules.add(fire.rule());
    rules.addAll(ratios.rules());
    BinDecision bins =
        BinDecision.of(
            job.numReducers(),
            poll.live(),
            poll.classes(),
            ratios,
            config.binsPerReducer(),
            config.deadband(),
            notes,
            rules);
    Stabilisation st = fire.stabilisation();
    return new Decision(
        Decision.FORMAT_VERSION,
        config.estimator().configValue(),
        fire.reason(),
        poll.now(),
        poll.t1(),
        st == null ? null : boxed(st.tsMs()),
        st == null ? null : boxed(st.twMs()),
        fire.window().map(w -> w[0]).orElse(null),
        fire.window().map(w -> w[1]).orElse(null),
        st == null ? 0 : st.waveMaps(),
        job.mapsCompletedAt(poll.now()),
        job.totalMaps(),
        config.binsPerReducer(),
        config.deadband(),
        !bins.allocation().isEven(),
        ratios.reference(),
        measured.stream().map(m -> m.withP(ratios.p().get(m.name()))).toList(),
        bins.reducerClasses(),
        bins.allocation().counts(),
        notes,
        rules);
  }

  private static Long boxed(OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }
}
