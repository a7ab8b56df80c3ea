package io.pikachu.core.decision;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.classify.NodeClassifier;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.ClassMeasurer;
import io.pikachu.core.decision.estimate.Estimates;
import io.pikachu.core.decision.estimate.Estimates.Estimate;
import io.pikachu.core.decision.estimate.EvenEstimator;
import io.pikachu.core.decision.estimate.PartitionRatioEstimator;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import io.pikachu.core.decision.stabilise.Stabilisation;
import io.pikachu.core.decision.stabilise.StabilisationDetector;
import io.pikachu.core.decision.timing.Fire;
import io.pikachu.core.decision.timing.Poll;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.profile.Speeds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The controller of one job: ingests status reports, and on {@link #poll(long)} decides the
 * partition ratios and the bin map. A one-shot estimator decides once, finally. The two-stage
 * controller decides a provisional map when the reducers are placed, and then once more, finally:
 * it confirms the provisional map, or corrects it where the measured ratios disagree beyond the
 * dead band. Thread-safe, so the adapter may feed reports from the AM's event thread and poll from
 * a timer. Polling is cheap enough to follow every report, but once a second is plenty.
 *
 * <p>When to decide is each estimate's {@link io.pikachu.core.decision.timing.DecisionTiming}: an
 * ordered list of named triggers tried at every poll. Each decision records which rules fired.
 */
public final class JobController {

  static final String CONFIRMED_RULE = "provisional-confirmed";
  static final String CORRECTED_RULE = "provisional-corrected";
  static final String PROFILE_RULE = "node-speed-from-profile";
  static final String PROFILE_WAIT_RULE = "correction-waits-for-profiled-nodes";

  private final ControllerConfig config;
  private final Slicing slicing;
  private final JobObserver job;
  private final NodeClassifier classifier;
  private final StabilisationDetector detector;
  private final ClassMeasurer measurer;
  private final ReducerMetrics metrics;
  private final List<Decision> decisions = new ArrayList<>();

  /** Relative node speeds earlier jobs measured (the node profile); empty without one. */
  private Map<String, Double> profiled = Collections.emptyMap();

  /**
   * The reports were recorded while the reducers fetched by the even map, whatever this controller
   * decides: an open-loop replay of a one-shot run's trace, whose windows must be measured as
   * recorded.
   */
  private final boolean recordedUnderEvenMap;

  /**
   * @param slicing how the job's partitions are cut into bins, which decides how a map may change
   */
  public JobController(ControllerConfig config, int numReducers, Slicing slicing) {
    this(config, numReducers, slicing, false);
  }

  /** A controller for an open-loop replay of reports recorded under the even map. */
  public static JobController replayingEvenMapReports(
      ControllerConfig config, int numReducers, Slicing slicing) {
    return new JobController(config, numReducers, slicing, true);
  }

  private JobController(
      ControllerConfig config, int numReducers, Slicing slicing, boolean recordedUnderEvenMap) {
    this.recordedUnderEvenMap = recordedUnderEvenMap;
    this.config = config;
    this.slicing = slicing;
    this.job = new JobObserver(numReducers);
    this.metrics = new ReducerMetrics(config.caughtUpTolerance());
    this.classifier =
        new NodeClassifier(config.nodeClasses(), config.maxClasses(), config.minSpeedRatio());
    this.detector = new StabilisationDetector(metrics, config.waveMaps());
    this.measurer = new ClassMeasurer(metrics);
  }

  /**
   * A controller for a restarted AM: the job keeps the versions its earlier attempt published. A
   * provisional map is made final at once: the measurements it would be corrected by are gone with
   * the earlier AM.
   *
   * @throws IllegalStateException if the earlier record does not fit this job
   */
  public static JobController resume(
      ControllerConfig config, int numReducers, Slicing slicing, DecisionRecord previous) {
    Decision last = previous.last();
    if (last.numReducers() != numReducers || last.binsPerReducer() != config.binsPerReducer()) {
      throw new IllegalStateException(
          "the published Pikachu decision is for "
              + last.numReducers()
              + " reducers with "
              + last.binsPerReducer()
              + " bins each, but this job has "
              + numReducers
              + " reducers with "
              + config.binsPerReducer()
              + " bins each ("
              + PikachuKeys.BINS_PER_REDUCER.name()
              + ")");
    }
    JobController c = new JobController(config, numReducers, slicing);
    c.decisions.addAll(previous.versions());
    if (!last.isFinal()) {
      c.decisions.add(
          confirmed(
              last, "the AM restarted before the provisional map could be measured; it is final"));
    }
    return c;
  }

  /**
   * Rule {@value #PROFILE_RULE}: what earlier jobs measured of the nodes (the node profile's fresh
   * relative speeds) stands for a node's speed until this job measures it, so that the provisional
   * map can be decided as soon as the reducers are placed, before any map has finished.
   */
  public synchronized JobController withProfile(Map<String, Double> relativeSpeeds) {
    this.profiled = new TreeMap<>(relativeSpeeds);
    return this;
  }

  /** The node speeds this job measured itself, in its units: what the node profile learns. */
  public synchronized Map<String, Double> measuredNodeSpeeds() {
    return job.nodeSpeeds();
  }

  /**
   * The job's nodes grouped by the speeds it measured, as the controller groups them (rule {@value
   * NodeSpeedMapEstimates#RULE} judges map copies by them).
   */
  public synchronized NodeClasses measuredNodeClasses() {
    Map<String, Double> speeds = job.nodeSpeeds();
    return classifier.classify(speeds.keySet(), speeds, Collections.<String, Double>emptyMap());
  }

  /** The maps that succeeded on each node: how much each measured speed rests on. */
  public synchronized Map<String, Integer> measuredNodeMaps() {
    return job.succeededMaps();
  }

  /**
   * Reports after the final decision are dropped: nothing can change it, and the AM need not hold
   * them.
   */
  public synchronized void onReport(StatusReport report) {
    if (!isFinal()) {
      job.accept(report);
    }
  }

  /** The version in force, once there is one. */
  public synchronized Optional<Decision> decision() {
    return decisions.isEmpty()
        ? Optional.empty()
        : Optional.of(decisions.get(decisions.size() - 1));
  }

  /** Every version decided so far, oldest first. */
  public synchronized Optional<DecisionRecord> record() {
    return decisions.isEmpty() ? Optional.empty() : Optional.of(DecisionRecord.of(decisions));
  }

  public synchronized boolean isFinal() {
    return !decisions.isEmpty() && decisions.get(decisions.size() - 1).isFinal();
  }

  /** Decides if the time has come; returns the version in force, once there is one. */
  public synchronized Optional<Decision> poll(long nowMs) {
    if (!isFinal() && job.firstReducerMs().isPresent()) {
      Estimate estimate =
          decisions.isEmpty()
              ? Estimates.first(config.estimator())
              : Estimates.correction(config.estimator()).get();
      decide(estimate, nowMs).ifPresent(decisions::add);
    }
    return decision();
  }

  private Optional<Decision> decide(Estimate estimate, long now) {
    List<String> priorNotes = new ArrayList<>();
    List<String> priorRules = new ArrayList<>();
    Map<String, Double> speeds =
        decisions.isEmpty()
            ? job.nodeSpeeds()
            : PublishedSpeeds.fill(
                job.nodeSpeeds(), job.nodes(), inForce().classes(), priorNotes, priorRules);
    if (!profiled.isEmpty()) {
      Map<String, Double> filled = Speeds.fill(speeds, job.nodes(), profiled);
      if (filled.size() > speeds.size()) {
        Set<String> fromProfile = new TreeSet<>(filled.keySet());
        fromProfile.removeAll(speeds.keySet());
        priorRules.add(PROFILE_RULE);
        priorNotes.add(
            "node(s) this job has not measured yet take their speed from the node profile: "
                + fromProfile);
        speeds = filled;
      }
    }
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
    if (!decisions.isEmpty()) {
      Set<String> unconfirmed = profiledOnly(poll);
      if (!unconfirmed.isEmpty()) {
        if (now < poll.deadline()) {
          return Optional.empty();
        }
        priorNotes.add(
            "the correction could wait no longer for this job's own measurement of "
                + unconfirmed
                + ", whose speed is still the node profile's");
      }
    }
    return estimate
        .timing()
        .check(poll)
        .map(fire -> decide(estimate, poll, fire, priorNotes, priorRules));
  }

  /**
   * Rule {@value #PROFILE_WAIT_RULE}: the nodes hosting reducers whose speed still comes from the
   * node profile alone. The correction waits for this job's own measurement of them (up to {@code
   * pikachu.stabilisation.max-wait-ms} after the first reducer), because it is the only evidence
   * against a stale profile: decided before, it would keep the profile's ranking of those nodes.
   */
  private Set<String> profiledOnly(Poll poll) {
    Set<String> unconfirmed = new TreeSet<>();
    Map<String, Double> own = job.nodeSpeeds();
    poll.live()
        .values()
        .forEach(
            r -> {
              if (profiled.containsKey(r.node()) && !own.containsKey(r.node())) {
                unconfirmed.add(r.node());
              }
            });
    return unconfirmed;
  }

  private Decision inForce() {
    return decisions.get(decisions.size() - 1);
  }

  private Decision decide(
      Estimate estimate, Poll poll, Fire fire, List<String> priorNotes, List<String> priorRules) {
    List<String> notes = new ArrayList<>(poll.classes().notes());
    notes.addAll(priorNotes);
    notes.addAll(fire.notes());
    BinAllocation even = BinAllocation.even(config.binsPerReducer(), job.numReducers());
    Decision published = decisions.isEmpty() ? null : inForce();
    BinAllocation inForce = published == null ? even : published.allocation();
    List<ClassMeasurement> measured =
        measurer.measure(
            job,
            poll.classes(),
            poll.speeds(),
            fire.window(),
            fire.efficiency(),
            recordedUnderEvenMap ? even : inForce,
            notes);
    PartitionRatioEstimator estimator =
        fire.nothingToBalance() ? new EvenEstimator() : estimate.create(config.fixedP());
    Ratios ratios = estimator.estimate(measured, notes);
    List<String> rules = new ArrayList<>();
    rules.add(fire.rule());
    rules.addAll(priorRules);
    rules.addAll(ratios.rules());
    Optional<Ratios> evidence =
        published == null
            ? Optional.of(ratios)
            : CorrectionEvidence.of(ratios, measured, published.classes(), notes, rules);
    Ratios used = evidence.orElseGet(() -> CorrectionEvidence.publishedRatios(published));
    BinDecision bins =
        BinDecision.of(
            job.numReducers(),
            poll.live(),
            poll.classes(),
            used,
            config.binsPerReducer(),
            config.deadband(),
            notes,
            rules);
    List<ClassMeasurement> withP =
        measured.stream().map(m -> m.withP(used.p().get(m.name()))).collect(Collectors.toList());
    DecisionStage stage;
    BinAllocation allocation = inForce.rebalanced(bins.counts(), slicing.keepsOrder());
    if (published == null) {
      boolean correctable =
          Estimates.correction(config.estimator()).isPresent() && !fire.nothingToBalance();
      stage = correctable ? DecisionStage.PROVISIONAL : DecisionStage.FINAL;
    } else if (!evidence.isPresent()) {
      stage = DecisionStage.CONFIRMED;
      rules.add(CONFIRMED_RULE);
      allocation = inForce;
    } else {
      List<ClassMeasurement> measuredP =
          measured.stream()
              .map(m -> m.withP(ratios.p().get(m.name())))
              .collect(Collectors.toList());
      CorrectionEvidence.Disagreement disagreement =
          CorrectionEvidence.disagreement(published.classes(), measuredP);
      boolean corrected = disagreement.factor() > 1.0 + config.deadband();
      stage = corrected ? DecisionStage.CORRECTED : DecisionStage.CONFIRMED;
      rules.add(corrected ? CORRECTED_RULE : CONFIRMED_RULE);
      if (!disagreement.leftOut().isEmpty()) {
        notes.add(
            "class(es) "
                + disagreement.leftOut()
                + " have no measured estimate, so nothing here contradicts their provisional ratio;"
                + " they are left out of the comparison");
      }
      notes.add(
          String.format(
              java.util.Locale.ROOT,
              "measured ratios differ from the provisional ones by a factor of up to %.3f, %s the"
                  + " dead band of %s: %s",
              disagreement.factor(),
              corrected ? "outside" : "within",
              config.deadband(),
              corrected ? "corrected" : "the provisional map is final"));
      if (!corrected) {
        allocation = inForce;
      }
    }
    Stabilisation st = fire.stabilisation();
    return Decision.of(
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
        !allocation.isEven(),
        used.reference(),
        withP,
        bins.reducerClasses(),
        allocation.counts(),
        allocation.ownerRuns(),
        decisions.size() + 1,
        stage,
        notes,
        rules);
  }

  /** {@code from}'s bin map as the final version: it changes no bin. */
  private static Decision confirmed(Decision from, String note) {
    List<String> notes = new ArrayList<>(from.notes());
    notes.add(note);
    List<String> rules = new ArrayList<>(from.rules());
    rules.add(CONFIRMED_RULE);
    return Decision.of(
        from.estimator(),
        from.reason(),
        from.decidedAtMs(),
        from.firstReducerMs(),
        from.tsMs(),
        from.twMs(),
        from.windowStartMs(),
        from.windowEndMs(),
        from.waveMaps(),
        from.mapsCompleted(),
        from.totalMaps(),
        from.binsPerReducer(),
        from.deadband(),
        from.rebalanced(),
        from.referenceClass(),
        from.classes(),
        from.reducerClasses(),
        from.reducerBins(),
        from.owners(),
        from.version() + 1,
        DecisionStage.CONFIRMED,
        notes,
        rules);
  }

  private static Long boxed(OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }
}
