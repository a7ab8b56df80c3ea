package io.pikachu.advisor;

/** What the advisor says about one job. */
public final class Advice {
  public final String file;
  public final String jobId;
  public final String name;
  public final double measuredSeconds;
  public final double simStockSeconds;
  public final double simPikachuSeconds;
  public final double predictedPikachuSeconds;
  public final double saving;
  public final double p;
  public final double fitError;
  public final String stepAside;
  public final String notes;

  /**
   * The reduce side's measured imbalance: from the first reducer's end to the last one's, as a
   * share of the job's time.
   */
  public final double reducerSpread;

  Advice(
      String file,
      String jobId,
      String name,
      double measuredSeconds,
      double simStockSeconds,
      double simPikachuSeconds,
      double p,
      double fitError,
      String stepAside,
      String notes,
      double reducerSpread) {
    this.reducerSpread = reducerSpread;
    this.file = file;
    this.jobId = jobId;
    this.name = name;
    this.measuredSeconds = measuredSeconds;
    this.simStockSeconds = simStockSeconds;
    this.simPikachuSeconds = simPikachuSeconds;
    this.saving =
        stepAside != null || !(simStockSeconds > 0) ? 0 : 1 - simPikachuSeconds / simStockSeconds;
    this.predictedPikachuSeconds = measuredSeconds * (1 - saving);
    this.p = p;
    this.fitError = fitError;
    this.stepAside = stepAside;
    this.notes = notes;
  }

  static Advice steppedAside(JobHistory job, String reason) {
    return new Advice(
        job.file().getName(),
        job.jobId(),
        job.name(),
        job.jobSeconds(),
        Double.NaN,
        Double.NaN,
        1.0,
        Double.NaN,
        reason,
        "",
        reducerSpread(job));
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
}
