package io.pikachu.core.decision.timing;

import io.pikachu.core.decision.classify.NodeClasses;
import io.pikachu.core.decision.observe.AttemptHistory;
import io.pikachu.core.decision.observe.JobObserver;
import io.pikachu.core.decision.observe.ReducerMetrics;
import io.pikachu.core.decision.stabilise.Stabilisation;
import io.pikachu.core.decision.stabilise.StabilisationDetector;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What the controller knows at one poll, once the first reducer has started: everything a {@link
 * Trigger} looks at to decide whether to decide now.
 */
public final class Poll {

  /** The controller settings that timing depends on. */
  public static final class Settings {
    private final long maxWaitMs;
    private final long afterMapsWaitMs;
    private final boolean adminClasses;

    public Settings(long maxWaitMs, long afterMapsWaitMs, boolean adminClasses) {
      this.maxWaitMs = maxWaitMs;
      this.afterMapsWaitMs = afterMapsWaitMs;
      this.adminClasses = adminClasses;
    }

    public long maxWaitMs() {
      return maxWaitMs;
    }

    public long afterMapsWaitMs() {
      return afterMapsWaitMs;
    }

    /** Whether the admin's class map names the classes. */
    public boolean adminClasses() {
      return adminClasses;
    }
  }

  private final long now;
  private final long t1;
  private final JobObserver job;
  private final NodeClasses classes;
  private final Map<String, Double> speeds;
  private final NavigableMap<Integer, AttemptHistory> live;
  private final ReducerMetrics metrics;
  private final StabilisationDetector detector;
  private final Settings settings;
  private Stabilisation stabilisation;

  public Poll(
      long now,
      JobObserver job,
      NodeClasses classes,
      Map<String, Double> speeds,
      ReducerMetrics metrics,
      StabilisationDetector detector,
      Settings settings) {
    this.now = now;
    this.t1 = job.firstReducerMs().getAsLong();
    this.job = job;
    this.classes = classes;
    this.speeds = speeds;
    this.live = job.liveReducers();
    this.metrics = metrics;
    this.detector = detector;
    this.settings = settings;
  }

  public long now() {
    return now;
  }

  /** T_1: when the first reducer started. */
  public long t1() {
    return t1;
  }

  /** T_1 plus the longest wait for the shuffle to stabilise. */
  public long deadline() {
    return t1 + settings.maxWaitMs();
  }

  public JobObserver job() {
    return job;
  }

  public NodeClasses classes() {
    return classes;
  }

  /** Node speeds, as the classes were formed from ({@link JobObserver#nodeSpeeds()}). */
  public Map<String, Double> speeds() {
    return speeds;
  }

  /** Reducer index to its newest live attempt. */
  public NavigableMap<Integer, AttemptHistory> live() {
    return live;
  }

  public Settings settings() {
    return settings;
  }

  /** Every reducer has a live attempt. */
  public boolean placed() {
    return live.size() == job.numReducers();
  }

  public OptionalLong allMapsDone() {
    return job.allMapsDoneMs();
  }

  /** All maps finished, and {@code afterMapsWaitMs} has passed since. */
  public boolean waitedAfterMaps() {
    OptionalLong done = allMapsDone();
    return done.isPresent() && now >= done.getAsLong() + settings.afterMapsWaitMs();
  }

  /** T_s and T_w as far as seen, computed once per poll. */
  public Stabilisation stabilisation() {
    if (stabilisation == null) {
      stabilisation = detector.detect(job, classes);
    }
    return stabilisation;
  }

  /** Every reducer has started and has a shuffle rate over [start, end]. */
  public boolean everyReducerMeasured(long start, long end) {
    return placed()
        && live.values().stream().allMatch(r -> metrics.shuffleRate(r, start, end).isPresent());
  }

  /**
   * A reducer whose last report shows every map's output copied: its final merge now waits for the
   * decision, so from here on each second of waiting is a second added to the job.
   */
  public Optional<Integer> reducerWaitingForDecision() {
    for (Map.Entry<Integer, AttemptHistory> e : live.entrySet()) {
      if (e.getValue().last().copiedEveryMap()) {
        return Optional.of(e.getKey());
      }
    }
    return Optional.empty();
  }
}
