package io.pikachu.sim.model;

/**
 * How the framework around the tasks behaves: scheduling delays, report and poll intervals, slow
 * start and speculation. The defaults are Hadoop 3's and Pikachu's defaults; the delays are fitted
 * on measured runs like the application costs.
 */
public final class Platform {
  private final double amStartS;
  private final double containerDelayS;
  private final double jobEndS;
  private final double reportIntervalS;
  private final double controllerIntervalS;
  private final double binMapPollS;
  private final double finalPollS;
  private final double slowStart;
  private final boolean mapSpeculation;
  private final double mergeMemoryShare;
  private final double binsReducerCoreS;

  /**
   * @param amStartS from the job's launch to the first task's launch
   * @param containerDelayS from a slot freeing to the next task's launch there
   * @param jobEndS from the last task's end to the job's end
   * @param reportIntervalS tasks' status reports (Hadoop: 3 s)
   * @param controllerIntervalS the AM plugin's poll of the controller ({@code
   *     pikachu.controller.interval.ms})
   * @param binMapPollS how often a reducer looks for a new bin map ({@code
   *     pikachu.binmap.poll.interval.ms})
   * @param finalPollS how often a reducer waiting for the final map looks for it
   * @param slowStart share of maps completed before reducers are scheduled ({@code
   *     mapreduce.job.reduce.slowstart.completedmaps})
   * @param mapSpeculation Hadoop's speculative map attempts
   * @param mergeMemoryShare share of a reducer's memory its in-memory merge may hold; data beyond
   *     it is merged on disk once more
   * @param binsReducerCoreS CPU a reducer spends on virtual bins themselves when the job runs with
   *     them (a fetch per bin, more segments in its final merge), in core-seconds; 0: not modelled
   */
  public Platform(
      double amStartS,
      double containerDelayS,
      double jobEndS,
      double reportIntervalS,
      double controllerIntervalS,
      double binMapPollS,
      double finalPollS,
      double slowStart,
      boolean mapSpeculation,
      double mergeMemoryShare,
      double binsReducerCoreS) {
    this.amStartS = amStartS;
    this.containerDelayS = containerDelayS;
    this.jobEndS = jobEndS;
    this.reportIntervalS = reportIntervalS;
    this.controllerIntervalS = controllerIntervalS;
    this.binMapPollS = binMapPollS;
    this.finalPollS = finalPollS;
    this.slowStart = slowStart;
    this.mapSpeculation = mapSpeculation;
    this.mergeMemoryShare = mergeMemoryShare;
    this.binsReducerCoreS = binsReducerCoreS;
  }

  /** Hadoop's and Pikachu's defaults, with delays typical of a YARN cluster. */
  public static Platform defaults() {
    return new Platform(2.4, 1.5, 0.1, 3.0, 1.0, 1.0, 0.2, 0.05, true, 0.46, 0);
  }

  public Platform withDelays(double amStart, double containerDelay) {
    return new Platform(
        amStart,
        containerDelay,
        jobEndS,
        reportIntervalS,
        controllerIntervalS,
        binMapPollS,
        finalPollS,
        slowStart,
        mapSpeculation,
        mergeMemoryShare,
        binsReducerCoreS);
  }

  public Platform withMapSpeculation(boolean on) {
    return new Platform(
        amStartS,
        containerDelayS,
        jobEndS,
        reportIntervalS,
        controllerIntervalS,
        binMapPollS,
        finalPollS,
        slowStart,
        on,
        mergeMemoryShare,
        binsReducerCoreS);
  }

  public Platform withSlowStart(double share) {
    return new Platform(
        amStartS,
        containerDelayS,
        jobEndS,
        reportIntervalS,
        controllerIntervalS,
        binMapPollS,
        finalPollS,
        share,
        mapSpeculation,
        mergeMemoryShare,
        binsReducerCoreS);
  }

  public double amStartS() {
    return amStartS;
  }

  public double containerDelayS() {
    return containerDelayS;
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

  public double mergeMemoryShare() {
    return mergeMemoryShare;
  }

  /** This platform with virtual bins costing each reducer {@code coreS} core-seconds. */
  public Platform withBinsReducerCpu(double coreS) {
    return new Platform(this, coreS);
  }

  private Platform(Platform base, double binsReducerCoreS) {
    this.amStartS = base.amStartS;
    this.containerDelayS = base.containerDelayS;
    this.jobEndS = base.jobEndS;
    this.reportIntervalS = base.reportIntervalS;
    this.controllerIntervalS = base.controllerIntervalS;
    this.binMapPollS = base.binMapPollS;
    this.finalPollS = base.finalPollS;
    this.slowStart = base.slowStart;
    this.mapSpeculation = base.mapSpeculation;
    this.mergeMemoryShare = base.mergeMemoryShare;
    this.binsReducerCoreS = binsReducerCoreS;
  }

  public double binsReducerCoreS() {
    return binsReducerCoreS;
  }
}
