package io.pikachu.sim.calib;

import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the Pikachu plugin a measured run ran with could do, as far as the run's files tell: a
 * replay must run the rules the run ran, not today's, or it predicts a different job.
 */
public final class RunPlugin {
  /**
   * When rule {@code map-copy-by-node-speed} (the AM's map estimates by node speed) came to main
   * (09e1ebd): a run on a cluster started before it ran Hadoop's estimates alone.
   */
  static final long MAP_COPIES_BY_NODE_SPEED_SINCE_MS =
      Instant.parse("2026-11-27T08:06:17Z").toEpochMilli();

  private static final Pattern JOB_ID = Pattern.compile("job_(\\d+)_\\d+");

  private final boolean binsByBytes;
  private final boolean mapCopiesByNodeSpeed;

  RunPlugin(boolean binsByBytes, boolean mapCopiesByNodeSpeed) {
    this.binsByBytes = binsByBytes;
    this.mapCopiesByNodeSpeed = mapCopiesByNodeSpeed;
  }

  /**
   * @param recordedBytes whether the run's decision record has the field {@code reducerBytes},
   *     which came with issue 43's byte rule
   * @param jobId the run's job id, {@code job_<cluster start ms>_<n>}: the cluster's start says
   *     which rules its plugin had
   */
  static RunPlugin of(boolean recordedBytes, String jobId) {
    return new RunPlugin(recordedBytes, mapCopiesByNodeSpeed(jobId));
  }

  /**
   * Whether a job with Pikachu on a cluster started when {@code jobId} says had the AM's map
   * estimates by node speed: every Pikachu since 2026-11-27 has, none before.
   */
  public static boolean mapCopiesByNodeSpeed(String jobId) {
    Matcher m = JOB_ID.matcher(jobId);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "job id '" + jobId + "' is not Hadoop's job_<cluster start>_<number>");
    }
    return Long.parseLong(m.group(1)) >= MAP_COPIES_BY_NODE_SPEED_SINCE_MS;
  }

  /**
   * Whether its controller could give bins out by bytes; false for runs recorded before the byte
   * rule (the suite's of 2026-11-24/25), which a replay must run by bin counts as they ran.
   */
  public boolean binsByBytes() {
    return binsByBytes;
  }

  /** Whether its AM judged map copies by measured node speed (since 2026-11-27). */
  public boolean mapCopiesByNodeSpeed() {
    return mapCopiesByNodeSpeed;
  }
}
