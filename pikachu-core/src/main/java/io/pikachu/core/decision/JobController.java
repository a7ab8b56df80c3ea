package io.pikachu.core.decision;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.ByteAllocator;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.classify.NodeClassifier;
import io.pikachu.core.decision.estimate.ClassMeasurement;
import io.pikachu.core.decision.estimate.ClassMeasurer;
import io.pikachu.core.decision.estimate.Estimates;
import io.pikachu.core.decision.estimate.Estimates.Estimate;
import io.pikachu.core.decision.estimate.EvenEstimator;
import io.pikachu.core.decision.estimate.MergeBeyondMemory;
import io.pikachu.core.decision.estimate.PartitionRatioEstimator;
import io.pikachu.core.decision.estimate.Ratios;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import io.pikachu.core.decision.stabilise.Stabilisation;
import io.pikachu.core.decision.stabilise.StabilisationDetector;
import io.pikachu.core.decision.timing.DecisionReason;
import io.pikachu.core.decision.timing.Fire;
import io.pikachu.core.decision.timing.Poll;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.profile.Speeds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
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
 *
 * <p>Over 300 lines on purpose: the poll, the decision and its record stay together; what the bins'
 * bytes say is {@code ByteShares}', which stage a version is {@code Staging}'s.
 */
public final class JobController {

  static final String CONFIRMED_RULE = "provisional-confirmed";
  static final String CORRECTED_RULE = "provisional-corrected";
  static final String PROFILE_RULE = "node-speed-from-profile";
  static final String PROFILE_WAIT_RULE = "correction-waits-for-profiled-nodes";
  static final String SIZES_WAIT_RULE = "correction-waits-for-bin-sizes";

  private final ControllerConfig config;
  private final Slicing slicing;
  private final JobObserver job;
  private final NodeClassifier classifier;
  private final StabilisationDetector detector;
  private final ClassMeasurer measurer;
  private final ReducerMetrics metrics;
  private final List<Decision> decisions = new ArrayList<>();

  /** Rule {@value ByteAllocator#RULE}: the bins' sizes and the allocation they ask for. */
  private final ByteShares bytes;

  /** Which stage each version is, and what it publishes. */
  private final Staging staging;

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
    this.bytes = new ByteShares(config, numReducers, slicing);
    this.staging = new Staging(config, bytes);
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
      bytes.onReport(report);
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
        boolean waitedLongest = now >= poll.deadline();
        if (!waitedLongest && !poll.allMapsDone().isPresent()) {
          return Optional.empty();
        }
        priorNotes.add(
            waitedLongest
                ? "the correction could wait no longer for this job's own measurement of "
                    + unconfirmed
                    + ", whose speed is still the node profile's"
                : "every map has finished, so no map of this job can measure "
                    + unconfirmed
                    + " any more: their speed stays the node profile's");
      }
    }
    if (!decisions.isEmpty()
        && inForce().reason() == DecisionReason.SINGLE_CLASS
        && !bytes.known(job.totalMaps()).isPresent()) {
      // on one class only the bins' bytes can justify a correction: wait for them, while waiting
      // costs no reducer anything
      if (now < poll.deadline() && !poll.reducerWaitingForDecision().isPresent()) {
        return Optional.empty();
      }
      priorRules.add(SIZES_WAIT_RULE);
      priorNotes.add(
          "the bins' sizes were not known in time (every bin seen from a quarter of the maps)");
    }
    return estimate
        .timing()
        .check(poll)
        .flatMap(fire -> decide(estimate, poll, fire, priorNotes, priorRules));
  }

  /**
   * Rule {@value #PROFILE_WAIT_RULE}: the nodes hosting reducers whose speed still comes from the
   * node profile alone. The correction waits for this job's own measurement of them (up to {@code
   * pikachu.stabilisation.max-wait-ms} after the first reducer, and no longer than the last map: a
   * node that finished none, its maps all copied away or it has no map slot, can no longer be
   * measured, and reducers that fetched all their bins wait for the final map), because it is the
   * only evidence against a stale profile: decided before, it would keep the profile's ranking of
   * those nodes.
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

  /** The version this poll decides, or none while the correction waits for the bins' sizes. */
  private Optional<Decision> decide(
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
    Ratios byCapacity = estimator.estimate(measured, notes);
    Ratios ratios =
        MergeBeyondMemory.apply(
            byCapacity,
            measured,
            mergeBuffers(poll),
            bytes.totalBytes(job.totalMaps()).orElse(0L),
            notes);
    if (published != null
        && ratios != byCapacity
        && !bytes.known(job.totalMaps()).isPresent()
        && !differs(published, measured, byCapacity)
        && canWaitForSizes(published, poll)) {
      // Only the job's bytes call for this correction: it waits for the bins' sizes, as a
      // correction by bytes does, and then moves bins once for both.
      return Optional.empty();
    }
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
    Optional<long[]> binBytes = bytes.known(job.totalMaps());
    Staging.Staged staged =
        published == null
            ? staging.first(
                fire, bytes.target(inForce, bins, binBytes, finishedShare(), false, notes, rules))
            : evidence.isPresent() || binBytes.isPresent()
                ? staging.correction(
                    published,
                    evidence.isPresent() ? measured : Collections.emptyList(),
                    ratios,
                    inForce,
                    bins,
                    binBytes,
                    finishedShare(),
                    notes,
                    rules)
                : Staging.Staged.confirmed(inForce, rules);
    if (published != null
        && !binBytes.isPresent()
        && sizesAwaited(published, staged, poll, notes, rules)) {
      return Optional.empty();
    }
    Stabilisation st = fire.stabilisation();
    return Optional.of(
        Decision.builder()
            .estimator(config.estimator().configValue())
            .reason(fire.reason())
            .decidedAtMs(poll.now())
            .firstReducerMs(poll.t1())
            .tsMs(st == null ? null : boxed(st.tsMs()))
            .twMs(st == null ? null : boxed(st.twMs()))
            .windowStartMs(fire.window().map(w -> w[0]).orElse(null))
            .windowEndMs(fire.window().map(w -> w[1]).orElse(null))
            .waveMaps(st == null ? 0 : st.waveMaps())
            .mapsCompleted(job.mapsCompletedAt(poll.now()))
            .totalMaps(job.totalMaps())
            .binsPerReducer(config.binsPerReducer())
            .deadband(config.deadband())
            .rebalanced(!staged.allocation.isEven())
            .referenceClass(used.reference())
            .classes(
                measured.stream()
                    .map(m -> m.withP(used.p().get(m.name())))
                    .collect(Collectors.toList()))
            .reducerClasses(bins.reducerClasses())
            .reducerBins(staged.allocation.counts())
            .reducerBytes(
                binBytes
                    .map(b -> boxed(ByteAllocator.loads(staged.allocation, b)))
                    .orElse(Collections.emptyList()))
            .owners(staged.allocation.ownerRuns())
            .version(decisions.size() + 1)
            .stage(staged.stage)
            .notes(notes)
            .rules(rules)
            .build());
  }

  /** Whether the bins' sizes arrive, to correct {@code published} by. */
  private boolean sizesArrive(Decision published) {
    return config.bytesWait()
        && bytes.arriving()
        && published.reason() != DecisionReason.SINGLE_CLASS;
  }

  /**
   * Whether a correction of {@code published} may wait for the bins' sizes: they arrive, and
   * waiting costs no reducer anything yet (none has copied every map, and the maps did not end
   * {@code pikachu.stabilisation.after-maps-wait-ms} ago).
   */
  private boolean canWaitForSizes(Decision published, Poll poll) {
    return sizesArrive(published)
        && !poll.reducerWaitingForDecision().isPresent()
        && !poll.waitedAfterMaps();
  }

  /** Whether {@code ratios} differ from those of {@code published} beyond the dead band. */
  private boolean differs(Decision published, List<ClassMeasurement> measured, Ratios ratios) {
    List<ClassMeasurement> withP =
        measured.stream().map(m -> m.withP(ratios.p().get(m.name()))).collect(Collectors.toList());
    return CorrectionEvidence.disagreement(published.classes(), withP).factor()
        > 1.0 + config.deadband();
  }

  /** Each live reducer's in-memory merge buffer, where its latest report gave one. */
  private static Map<Integer, Long> mergeBuffers(Poll poll) {
    Map<Integer, Long> out = new HashMap<>();
    poll.live()
        .forEach(
            (r, attempt) -> {
              long b = attempt.last().mergeBufferBytes();
              if (b > 0) {
                out.put(r, b);
              }
            });
    return out;
  }

  /**
   * Rule {@value #SIZES_WAIT_RULE} on several node classes (key {@code
   * pikachu.allocation.bytes-wait}): the correction is taken when the shuffle stabilises, which on
   * the paper's scale is a tenth of the maps, before every bin has been seen from a quarter of
   * them. Where the measured ratios alone would keep the provisional map, publishing it then would
   * make it final by counts and leave the bins' bytes no say. So that correction waits for the
   * sizes while waiting costs no reducer anything: the map in force is the one it would confirm,
   * and no reducer has copied every map (its final merge would then wait), nor have all maps
   * finished {@code pikachu.stabilisation.after-maps-wait-ms} ago. A correction the measured ratios
   * call for is not held back: a map known to be wrong costs every map that finishes under it.
   *
   * @return whether to wait; else {@code notes} and {@code rules} say why the sizes were not used
   */
  private boolean sizesAwaited(
      Decision published,
      Staging.Staged staged,
      Poll poll,
      List<String> notes,
      List<String> rules) {
    if (!sizesArrive(published)) {
      return false;
    }
    if (staged.stage != DecisionStage.CONFIRMED) {
      notes.add(
          "the bins' sizes were not known yet (every bin seen from a quarter of the maps); the"
              + " measured ratios call for a correction now, so it goes by counts");
      return false;
    }
    if (canWaitForSizes(published, poll)) {
      return true;
    }
    Optional<Integer> waiting = poll.reducerWaitingForDecision();
    rules.add(SIZES_WAIT_RULE);
    notes.add(
        (waiting.isPresent()
                ? "reducer " + waiting.get() + " had copied every map and waited for the decision"
                : "all maps had finished "
                    + config.afterMapsWaitMs()
                    + " ms ago ("
                    + PikachuKeys.AFTER_MAPS_WAIT_MS.name()
                    + ")")
            + " before the bins' sizes were known (every bin seen from a quarter of the maps);"
            + " confirmed by counts");
    return false;
  }

  /** {@code from}'s bin map as the final version: it changes no bin. */
  private static Decision confirmed(Decision from, String note) {
    List<String> notes = new ArrayList<>(from.notes());
    notes.add(note);
    List<String> rules = new ArrayList<>(from.rules());
    rules.add(CONFIRMED_RULE);
    return Decision.builder()
        .from(from)
        .version(from.version() + 1)
        .stage(DecisionStage.CONFIRMED)
        .notes(notes)
        .rules(rules)
        .build();
  }

  /** The share of the job's maps finished: what a moved bin's gainer fetches again. */
  private double finishedShare() {
    return (double) job.mapsCompletedAt(job.latestMs()) / Math.max(1, job.totalMaps());
  }

  private static List<Long> boxed(long[] values) {
    List<Long> out = new ArrayList<>(values.length);
    for (long v : values) {
      out.add(v);
    }
    return out;
  }

  private static Long boxed(OptionalLong v) {
    return v.isPresent() ? v.getAsLong() : null;
  }
}
