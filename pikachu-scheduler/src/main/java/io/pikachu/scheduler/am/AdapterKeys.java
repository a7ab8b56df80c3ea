package io.pikachu.scheduler.am;

/**
 * Configuration keys of the AM adapter itself. The controller's keys are in {@link
 * io.pikachu.scheduler.decision.ControllerKeys}, the virtual bins' keys in {@link
 * io.pikachu.partitioner.PikachuKeys}; docs/controller.md ("The AM adapter") describes these.
 */
public final class AdapterKeys {

  /**
   * Hadoop's key that names the AM's speculator class; Pikachu's AM plugin is installed through it.
   */
  public static final String SPECULATOR_CLASS = io.pikachu.partitioner.PikachuKeys.SPECULATOR_CLASS;

  /**
   * Directory (any Hadoop file system) that receives {@code <job id>.decision.json} and outlives
   * the job.
   */
  public static final String DECISION_DIR = "pikachu.decision.dir";

  /**
   * Directory that receives {@code <job id>-am<attempt>.jsonl}: every status report, in TraceFile
   * format.
   */
  public static final String TRACE_DIR = "pikachu.trace.dir";

  /** How often the controller is polled and pending files are written. */
  public static final String INTERVAL_MS = "pikachu.controller.interval.ms";

  public static final long DEFAULT_INTERVAL_MS = 1000;

  /**
   * Speculative map attempts the plugin may launch; default {@code mapreduce.map.speculative}. The
   * AM builds its speculator, and so runs Pikachu, only when one of Hadoop's two speculation keys
   * is true: a job that wants Pikachu without any speculation sets {@code
   * mapreduce.reduce.speculative=true} and both of these keys to false.
   */
  public static final String SPECULATIVE_MAPS = "pikachu.speculative.map";

  /**
   * Speculative reduce attempts the plugin may launch; default {@code
   * mapreduce.reduce.speculative}.
   */
  public static final String SPECULATIVE_REDUCES = "pikachu.speculative.reduce";

  /** Name of the decision record in the job's staging directory ({@code mapreduce.job.dir}). */
  public static final String STAGING_RECORD_NAME = "pikachu-decision.json";

  private AdapterKeys() {}
}
