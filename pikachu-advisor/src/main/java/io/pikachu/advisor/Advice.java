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
      String notes) {
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
        "");
  }
}
