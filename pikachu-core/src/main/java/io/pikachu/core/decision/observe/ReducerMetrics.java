package io.pikachu.core.decision.observe;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What the controller derives from one reducer attempt's reports: shuffle rate, CPU utilisation and
 * whether its shuffle has caught up with the completed maps.
 */
public final class ReducerMetrics {

  private final double caughtUpTolerance;

  /**
   * @param caughtUpTolerance allowed lag as a fraction of the completed maps (at least one map is
   *     always allowed)
   */
  public ReducerMetrics(double caughtUpTolerance) {
    this.caughtUpTolerance = caughtUpTolerance;
  }

  /**
   * Caught up: the reducer lags the completed maps by at most max(1, tolerance x completed). One
   * map of slack because a map that completed a moment before the report cannot have been fetched
   * yet.
   */
  public boolean caughtUp(StatusReport s) {
    int completed = s.mapsCompleted();
    return completed > 0 && s.shuffleLag() <= Math.max(1.0, caughtUpTolerance * completed);
  }

  /**
   * Caught up while maps were still running: once every map is done, catching up only means the
   * shuffle ended.
   */
  public boolean caughtUpWhileMapsRun(StatusReport s) {
    return s.mapsCompleted() < s.totalMaps() && caughtUp(s);
  }

  /**
   * The first report at or before {@code untilMs} at which the reducer had caught up while maps
   * were running.
   */
  public OptionalLong catchUpMs(AttemptHistory r, long untilMs) {
    for (StatusReport s : r.samples().headMap(untilMs, true).values()) {
      if (caughtUpWhileMapsRun(s)) {
        return OptionalLong.of(s.timeMs());
      }
    }
    return OptionalLong.empty();
  }

  /**
   * Whether some report in [fromMs, toMs] shows the reducer caught up while maps were still
   * running. Maps finish in bursts (a fast node ends several at once), so a reducer that keeps pace
   * can still lag by a few maps at any one report, the last one included; one caught-up report in
   * the window shows it had spare capacity there.
   */
  public boolean caughtUpWithin(AttemptHistory r, long fromMs, long toMs) {
    for (StatusReport s : r.samples().subMap(fromMs, true, toMs, true).values()) {
      if (caughtUpWhileMapsRun(s)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Maps copied per second between the reports at or before {@code fromMs} and at or before {@code
   * toMs}; for a reducer with no report at or before {@code fromMs}, from its launch (or its first
   * report if the launch time is unknown).
   */
  public OptionalDouble shuffleRate(AttemptHistory r, long fromMs, long toMs) {
    Optional<StatusReport> end = r.atOrBefore(toMs);
    if (!end.isPresent()) {
      return OptionalDouble.empty();
    }
    StatusReport b = end.get();
    Optional<StatusReport> start = r.atOrBefore(fromMs);
    // A reducer that started inside the window had copied nothing at launch. Measuring from its
    // first report
    // instead would miss what it copied before that report, all of it for a reducer whose JVM was
    // slow to
    // start while the maps finished.
    if (!start.isPresent() && r.hasLaunchTime() && b.timeMs() > r.startMs()) {
      return OptionalDouble.of(b.mapsCopied() * 1000.0 / (b.timeMs() - r.startMs()));
    }
    StatusReport a = start.orElse(r.first());
    if (b.timeMs() > a.timeMs()) {
      return OptionalDouble.of(
          (b.mapsCopied() - a.mapsCopied()) * 1000.0 / (b.timeMs() - a.timeMs()));
    }
    return OptionalDouble.empty();
  }

  /**
   * CPU utilisation (CPU seconds per wall second; above 1 for a multi-threaded reducer) between the
   * reports at or before the two times. {@code fromMs} before the first report means "since
   * launch", when the launch time is known (CPU time is 0 at launch).
   */
  public OptionalDouble cpuUtilisation(AttemptHistory r, long fromMs, long toMs) {
    Optional<StatusReport> end = r.atOrBefore(toMs);
    if (!end.isPresent()) {
      return OptionalDouble.empty();
    }
    StatusReport b = end.get();
    Optional<StatusReport> start = r.atOrBefore(fromMs);
    long t0;
    long cpu0;
    if (start.isPresent()) {
      t0 = start.get().timeMs();
      cpu0 = start.get().cpuMs();
    } else if (r.hasLaunchTime()) {
      t0 = r.startMs();
      cpu0 = 0;
    } else {
      t0 = r.first().timeMs();
      cpu0 = r.first().cpuMs();
    }
    if (b.timeMs() <= t0 || b.cpuMs() < cpu0) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of((double) (b.cpuMs() - cpu0) / (b.timeMs() - t0));
  }

  /**
   * The highest CPU utilisation of any report interval from launch (or the first report) up to
   * {@code untilMs}: what the reducer can get when it has work, i.e. U at T_s. The peak rather than
   * the average, because the interval in which a reducer catches up is already partly idle. The
   * first interval also holds the JVM's start-up, which can only raise the peak; docs/controller.md
   * discusses it.
   */
  public OptionalDouble peakCpuUtilisation(AttemptHistory r, long untilMs) {
    double peak = -1;
    long prevT = r.hasLaunchTime() ? r.startMs() : Long.MIN_VALUE;
    long prevCpu = 0;
    for (StatusReport s : r.samples().headMap(untilMs, true).values()) {
      if (prevT != Long.MIN_VALUE && s.timeMs() > prevT && s.cpuMs() >= prevCpu) {
        peak = Math.max(peak, (double) (s.cpuMs() - prevCpu) / (s.timeMs() - prevT));
      }
      prevT = s.timeMs();
      prevCpu = s.cpuMs();
    }
    return peak < 0 ? OptionalDouble.empty() : OptionalDouble.of(peak);
  }

  /** Shuffle progress in [0,1]: map outputs copied over all maps. */
  public static double shuffleProgress(StatusReport s) {
    return s.totalMaps() == 0 ? 0.0 : (double) s.mapsCopied() / s.totalMaps();
  }

  /**
   * Sort progress in [0,1], from Hadoop's reduce progress (one third each for shuffle, sort and
   * reduce).
   */
  public static double sortProgress(StatusReport s) {
    return clamp(3 * s.progress() - 1);
  }

  /** Reduce-function progress in [0,1], from Hadoop's reduce progress. */
  public static double reduceProgress(StatusReport s) {
    return clamp(3 * s.progress() - 2);
  }

  private static double clamp(double x) {
    return Math.max(0.0, Math.min(1.0, x));
  }
}
