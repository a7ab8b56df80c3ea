package io.pikachu.sim.model;

/**
 * How the framework around the tasks behaves: scheduling delays, report and poll intervals, slow
 * start, speculation and memory. Each default is Hadoop 3's or Pikachu's default, or a delay
 * typical of a YARN cluster; calibration replaces the delays with fitted or measured ones.
 * Immutable; build with {@link #builder} (every setter named after its field).
 */
public final class Platform {
  private final double amStartS;
  private final double containerDelayS;
  private final double reducerLaunchDelayS;
  private final double jobEndS;
  private final double reportIntervalS;
  private final double controllerIntervalS;
  private final double binMapPollS;
  private final double finalPollS;
  private final double slowStart;
  private final boolean mapSpeculation;
  private final boolean mapProgressWhileRunning;
  private final double mergeMemoryShare;
  private final double binsFixedCoreS;
  private final double binsPerMbFactor;

  private Platform(Builder b) {
    double[] nonNegative = {
      b.amStartS,
      b.containerDelayS,
      b.reducerLaunchDelayS,
      b.jobEndS,
      b.mergeMemoryShare,
      b.binsFixedCoreS,
      b.binsPerMbFactor
    };
    for (double v : nonNegative) {
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException("platform delays and costs must be finite and >= 0");
      }
    }
    if (!(b.reportIntervalS > 0)
        || !(b.controllerIntervalS > 0)
        || !(b.binMapPollS > 0)
        || !(b.finalPollS > 0)) {
      throw new IllegalArgumentException("report and poll intervals must be positive");
    }
    if (!(b.slowStart >= 0 && b.slowStart <= 1)) {
      throw new IllegalArgumentException("slow start is a share of the maps, in [0, 1]");
    }
    this.amStartS = b.amStartS;
    this.containerDelayS = b.containerDelayS;
    this.reducerLaunchDelayS = b.reducerLaunchDelayS;
    this.jobEndS = b.jobEndS;
    this.reportIntervalS = b.reportIntervalS;
    this.controllerIntervalS = b.controllerIntervalS;
    this.binMapPollS = b.binMapPollS;
    this.finalPollS = b.finalPollS;
    this.slowStart = b.slowStart;
    this.mapSpeculation = b.mapSpeculation;
    this.mapProgressWhileRunning = b.mapProgressWhileRunning;
    this.mergeMemoryShare = b.mergeMemoryShare;
    this.binsFixedCoreS = b.binsFixedCoreS;
    this.binsPerMbFactor = b.binsPerMbFactor;
  }

  /** Hadoop's and Pikachu's defaults, with delays typical of a YARN cluster. */
  public static Platform defaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .amStartS(amStartS)
        .containerDelayS(containerDelayS)
        .reducerLaunchDelayS(reducerLaunchDelayS)
        .jobEndS(jobEndS)
        .reportIntervalS(reportIntervalS)
        .controllerIntervalS(controllerIntervalS)
        .binMapPollS(binMapPollS)
        .finalPollS(finalPollS)
        .slowStart(slowStart)
        .mapSpeculation(mapSpeculation)
        .mapProgressWhileRunning(mapProgressWhileRunning)
        .mergeMemoryShare(mergeMemoryShare)
        .binsFixedCoreS(binsFixedCoreS)
        .binsPerMbFactor(binsPerMbFactor);
  }

  /**
   * This platform with the AM's start, the container delay and the first reducers' launch delay
   * given (fitted or measured).
   */
  public Platform withDelays(double amStart, double containerDelay, double reducerLaunchDelay) {
    return toBuilder()
        .amStartS(amStart)
        .containerDelayS(containerDelay)
        .reducerLaunchDelayS(reducerLaunchDelay)
        .build();
  }

  /**
   * This platform with a reducer's post-shuffle work, when the job runs with virtual bins, {@code
   * fixedCoreS} plus {@code perMbFactor} times its work without them.
   */
  public Platform withBinsPostShuffle(double fixedCoreS, double perMbFactor) {
    return toBuilder().binsFixedCoreS(fixedCoreS).binsPerMbFactor(perMbFactor).build();
  }

  public double amStartS() {
    return amStartS;
  }

  public double containerDelayS() {
    return containerDelayS;
  }

  public double reducerLaunchDelayS() {
    return reducerLaunchDelayS;
  }

  public double jobEndS() {
    return jobEndS;
  }

  public double reportIntervalS() {
    return reportIntervalS;
  }

  public double controllerIntervalS() {
    return controllerIntervalS;
  }

  public double binMapPollS() {
    return binMapPollS;
  }

  public double finalPollS() {
    return finalPollS;
  }

  public double slowStart() {
    return slowStart;
  }

  public boolean mapSpeculation() {
    return mapSpeculation;
  }

  /**
   * Whether a running map's status reports to the AM carry its progress (the default), or 0 until
   * it ends. Small maps on the embedded and the multi-process cluster were recorded reporting 0
   * until they ended (every map of the traces under results/ and pikachu-core's test traces), so
   * the AM first measured a node by a map that had finished; a replay of such a cluster's history
   * that reports progress measures a one-slot node by one map in flight instead.
   */
  public boolean mapProgressWhileRunning() {
    return mapProgressWhileRunning;
  }

  public double mergeMemoryShare() {
    return mergeMemoryShare;
  }

  public double binsFixedCoreS() {
    return binsFixedCoreS;
  }

  public double binsPerMbFactor() {
    return binsPerMbFactor;
  }

  /** Builder of {@link Platform}, starting from the defaults each setter names. */
  public static final class Builder {
    private double amStartS = 2.4;
    private double containerDelayS = 1.5;
    private double reducerLaunchDelayS = 3.0;
    private double jobEndS = 0.1;
    private double reportIntervalS = 3.0;
    private double controllerIntervalS = 1.0;
    private double binMapPollS = 1.0;
    private double finalPollS = 0.2;
    private double slowStart = 0.05;
    private boolean mapSpeculation = true;
    private boolean mapProgressWhileRunning = true;
    private double mergeMemoryShare = 0.46;
    private double binsFixedCoreS = 0;
    private double binsPerMbFactor = 1;

    private Builder() {}

    /** From the job's launch to the first task's launch (default 2.4 s). */
    public Builder amStartS(double v) {
      amStartS = v;
      return this;
    }

    /** From a slot freeing to the next task's launch there (default 1.5 s). */
    public Builder containerDelayS(double v) {
      containerDelayS = v;
      return this;
    }

    /**
     * From the end of the map that met slow start to the first reducers' launch ({@link
     * ReducerLaunch}; default 3.0 s, the embedded cluster's measured median). Reducers of a later
     * wave take a freed slot after {@link #containerDelayS}, as their requests were waiting.
     */
    public Builder reducerLaunchDelayS(double v) {
      reducerLaunchDelayS = v;
      return this;
    }

    /** From the last task's end to the job's end (default 0.1 s). */
    public Builder jobEndS(double v) {
      jobEndS = v;
      return this;
    }

    /** Tasks' status reports to the AM (Hadoop: 3 s). */
    public Builder reportIntervalS(double v) {
      reportIntervalS = v;
      return this;
    }

    /** The AM plugin's poll of the controller ({@code pikachu.controller.interval.ms}: 1 s). */
    public Builder controllerIntervalS(double v) {
      controllerIntervalS = v;
      return this;
    }

    /**
     * How often a reducer looks for a new bin map ({@code pikachu.binmap.poll.interval.ms}: 1 s).
     */
    public Builder binMapPollS(double v) {
      binMapPollS = v;
      return this;
    }

    /** How often a reducer waiting for the final map looks for it (default 0.2 s). */
    public Builder finalPollS(double v) {
      finalPollS = v;
      return this;
    }

    /**
     * Share of maps completed before reducers are scheduled ({@code
     * mapreduce.job.reduce.slowstart.completedmaps}: 0.05).
     */
    public Builder slowStart(double v) {
      slowStart = v;
      return this;
    }

    /** Hadoop's speculative map attempts (default on). */
    public Builder mapProgressWhileRunning(boolean v) {
      mapProgressWhileRunning = v;
      return this;
    }

    public Builder mapSpeculation(boolean v) {
      mapSpeculation = v;
      return this;
    }

    /**
     * Share of a reducer's memory its in-memory merge may hold; data beyond it is merged on disk
     * once more ({@code mapreduce.reduce.shuffle.input.buffer.percent} 0.70 times {@code
     * mapreduce.reduce.shuffle.merge.percent} 0.66: 0.46).
     */
    public Builder mergeMemoryShare(double v) {
      mergeMemoryShare = v;
      return this;
    }

    /**
     * With virtual bins, the core-seconds each reducer's post-shuffle work (final merge and reduce)
     * costs beside its work per MB: a segment per bin and map to merge, a fetch per bin; 0
     * (default): not modelled.
     */
    public Builder binsFixedCoreS(double v) {
      binsFixedCoreS = v;
      return this;
    }

    /**
     * With virtual bins, a reducer's post-shuffle work per MB over its work per MB without them
     * (default 1).
     */
    public Builder binsPerMbFactor(double v) {
      binsPerMbFactor = v;
      return this;
    }

    public Platform build() {
      return new Platform(this);
    }
  }
}
