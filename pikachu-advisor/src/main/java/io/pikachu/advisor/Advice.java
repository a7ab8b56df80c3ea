package io.pikachu.advisor;

/** What the advisor says about one job. */
public final class Advice {

  /** How the job ran and what is said of it. */
  public enum Kind {
    /** Ran stock: replayed with Pikachu, a predicted saving. */
    STOCK,
    /** Ran under Pikachu with bins: replayed as stock, what it gained. Never a further saving. */
    PIKACHU,
    /** Ran with Pikachu installed, which published no bin map: it ran as stock would. */
    PIKACHU_NO_BINS,
    /** Pikachu would step aside for it: nothing to predict. */
    STEPS_ASIDE
  }

  public final String file;
  public final String jobId;
  public final String name;
  public final Kind kind;
  public final double measuredSeconds;

  /** The measured map phase: from the launch to the last map's end. */
  public final double measuredMapSeconds;

  /** The simulated job as it ran. */
  public final double simAsRanSeconds;

  /** The simulated job the other way: with Pikachu for a stock job, stock for a Pikachu job. */
  public final double simOtherSeconds;

  /** The measured time scaled by the simulated ratio: the job the other way. */
  public final double predictedOtherSeconds;

  /** Its interval ({@link PredictionInterval}). */
  public final double predictedOtherLow;

  public final double predictedOtherHigh;

  /**
   * The map phase and the reduce tail (last map's end to the job's end) the other way, each the
   * measured phase scaled by its own simulated ratio, as the job's time is; NaN unless replayed.
   * Their intervals are not validated (only the job's time is): a breakdown, not a prediction.
   */
  public final double predictedOtherMapSeconds;

  public final double predictedOtherTailSeconds;

  /**
   * For a stock job, 1 - predicted Pikachu time / measured (negative: Pikachu would be slower); for
   * a Pikachu job, what it gained: 1 - measured / predicted stock time. NaN otherwise.
   */
  public final double saving;

  /** The saving's (or gain's) interval, from the predicted time's. */
  public final double savingLow;

  public final double savingHigh;

  public final double p;
  public final double fitError;
  public final String stepAside;
  public final String notes;

  /** Why P was limited (the replayed controller's P was implausible), or null. */
  public final String pLimit;

  /** The nodes as inferred: cores and per-core speed. */
  public final String nodes;

  /** Whether the job's configuration ({@code <job id>_conf.xml}) lay beside its history. */
  public final boolean confFound;

  /**
   * The reduce side's measured imbalance: from the first reducer's end to the last one's, as a
   * share of the job's time.
   */
  public final double reducerSpread;

  /** The history and replay behind it, for a page ({@link HtmlReport}); null unless kept. */
  final JobHistory history;

  final JobReplay.Result replay;

  private Advice(Builder b) {
    this.file = b.file;
    this.jobId = b.jobId;
    this.name = b.name;
    this.kind = b.kind;
    this.measuredSeconds = b.measuredSeconds;
    this.measuredMapSeconds = b.measuredMapSeconds;
    this.simAsRanSeconds = b.simAsRan;
    this.simOtherSeconds = b.simOther;
    this.p = b.p;
    this.fitError = b.fitError;
    this.stepAside = b.stepAside;
    this.notes = b.notes == null ? "" : b.notes;
    this.pLimit = b.pLimit;
    this.nodes = b.nodes == null ? "" : b.nodes;
    this.confFound = b.confFound;
    this.reducerSpread = b.reducerSpread;
    this.history = b.history;
    this.replay = b.history == null ? null : b.replay;
    boolean replayed = (kind == Kind.STOCK || kind == Kind.PIKACHU) && simAsRanSeconds > 0;
    if (replayed) {
      double ratio = simOtherSeconds / simAsRanSeconds;
      predictedOtherSeconds = measuredSeconds * ratio;
      double[] band = PredictionInterval.of(kind == Kind.STOCK).around(predictedOtherSeconds);
      predictedOtherLow = band[0];
      predictedOtherHigh = band[1];
      predictedOtherMapSeconds = scaled(measuredMapSeconds, b.simOtherMap, b.simAsRanMap);
      predictedOtherTailSeconds =
          scaled(
              measuredSeconds - measuredMapSeconds,
              simOtherSeconds - b.simOtherMap,
              simAsRanSeconds - b.simAsRanMap);
      if (kind == Kind.STOCK) {
        saving = 1 - predictedOtherSeconds / measuredSeconds;
        savingLow = 1 - predictedOtherHigh / measuredSeconds;
        savingHigh = 1 - predictedOtherLow / measuredSeconds;
      } else {
        saving = 1 - measuredSeconds / predictedOtherSeconds;
        savingLow = 1 - measuredSeconds / predictedOtherLow;
        savingHigh = 1 - measuredSeconds / predictedOtherHigh;
      }
    } else {
      predictedOtherSeconds = Double.NaN;
      predictedOtherLow = Double.NaN;
      predictedOtherHigh = Double.NaN;
      predictedOtherMapSeconds = Double.NaN;
      predictedOtherTailSeconds = Double.NaN;
      saving = Double.NaN;
      savingLow = Double.NaN;
      savingHigh = Double.NaN;
    }
  }

  /** A measured phase times the simulated ratio of that phase the other way over as it ran. */
  private static double scaled(double measured, double simOther, double simAsRan) {
    return simAsRan > 0 ? measured * simOther / simAsRan : Double.NaN;
  }

  static Builder builder(JobHistory job, Kind kind) {
    Builder b = new Builder();
    b.file = job.file().getName();
    b.jobId = job.jobId();
    b.name = job.name();
    b.kind = kind;
    b.measuredSeconds = job.jobSeconds();
    b.measuredMapSeconds = job.mapPhaseSeconds();
    b.confFound = job.conf() != null;
    b.reducerSpread = reducerSpread(job);
    return b;
  }

  /** Whether the job was replayed (a saving or a gain with its interval). */
  public boolean replayed() {
    return !Double.isNaN(saving);
  }

  /** The predicted Pikachu time of a stock job (NaN for others). */
  public double predictedPikachuSeconds() {
    return kind == Kind.STOCK ? predictedOtherSeconds : Double.NaN;
  }

  /** From the first successful reducer's end to the last one's, over the job's time. */
  static double reducerSpread(JobHistory job) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (JobHistory.Attempt a : job.successful(true)) {
      first = Math.min(first, a.finish);
      last = Math.max(last, a.finish);
    }
    return first > last || job.jobSeconds() <= 0 ? 0 : (last - first) / 1000.0 / job.jobSeconds();
  }

  /** Builder of {@link Advice}. */
  static final class Builder {
    private String file;
    private String jobId;
    private String name;
    private Kind kind;
    private double measuredSeconds;
    private double measuredMapSeconds;
    private double simAsRanMap = Double.NaN;
    private double simOtherMap = Double.NaN;
    private double simAsRan = Double.NaN;
    private double simOther = Double.NaN;
    private double p = 1;
    private double fitError = Double.NaN;
    private String stepAside;
    private String notes;
    private String pLimit;
    private String nodes;
    private boolean confFound;
    private double reducerSpread;
    private JobHistory history;
    private JobReplay.Result replay;

    Builder replay(JobReplay.Result r) {
      replay = r;
      simAsRan = r.asRan.jobSeconds();
      simOther = r.otherWay.jobSeconds();
      simAsRanMap = r.asRan.mapPhaseSeconds();
      simOtherMap = r.otherWay.mapPhaseSeconds();
      p = r.p;
      fitError = r.fitError;
      notes = r.notes;
      pLimit = r.pLimit;
      nodes = r.nodes;
      return this;
    }

    Builder stepAside(String v) {
      stepAside = v;
      return this;
    }

    Builder notes(String v) {
      notes = v;
      return this;
    }

    /** Keeps the history and replay for a page. */
    Builder detail(JobHistory h) {
      history = h;
      return this;
    }

    Advice build() {
      return new Advice(this);
    }
  }
}
