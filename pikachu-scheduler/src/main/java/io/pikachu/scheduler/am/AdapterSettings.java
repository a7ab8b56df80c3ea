package io.pikachu.scheduler.am;

import io.pikachu.partitioner.PikachuKeys;
import io.pikachu.partitioner.VirtualBinsConfig;
import io.pikachu.scheduler.decision.ConfigException;
import io.pikachu.scheduler.decision.ControllerConfig;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Everything the AM plugin reads from the job configuration, validated at once, so that a bad value
 * fails the job before any task runs with a message naming the key. Job clients may call {@link
 * #from} before submitting to get the same check on the client side.
 *
 * @param active whether the controller runs for this job
 * @param inactiveReason why it does not, when it does not (for the AM log)
 * @param controller the controller's configuration (null when inactive)
 * @param reducers the job's reducers
 * @param intervalMs how often the controller is polled
 * @param decisionDir where a copy of the decision record goes, if anywhere
 * @param traceDir where status reports are recorded, if anywhere
 * @param speculateMaps whether the plugin may launch speculative map attempts
 * @param speculateReduces whether the plugin may launch speculative reduce attempts
 */
public record AdapterSettings(
    boolean active,
    String inactiveReason,
    ControllerConfig controller,
    int reducers,
    long intervalMs,
    Optional<Path> decisionDir,
    Optional<Path> traceDir,
    boolean speculateMaps,
    boolean speculateReduces) {

  /**
   * @throws IllegalArgumentException (a {@link ConfigException} for Pikachu's own keys) naming the
   *     bad key
   */
  public static AdapterSettings from(Configuration conf) {
    // The partitioner's own check: bins keys, bins per reducer, poll and wait intervals.
    VirtualBinsConfig.validateJob(conf);
    boolean speculateMaps =
        strictBoolean(
            conf,
            AdapterKeys.SPECULATIVE_MAPS,
            conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, false));
    boolean speculateReduces =
        strictBoolean(
            conf,
            AdapterKeys.SPECULATIVE_REDUCES,
            conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, false));
    boolean controllerOn = strictBoolean(conf, PikachuKeys.CONTROLLER_ENABLED, false);
    int reducers = conf.getInt(MRJobConfig.NUM_REDUCES, 1);
    String off = null;
    if (!controllerOn) {
      off = PikachuKeys.CONTROLLER_ENABLED + " is not true";
    } else if (!VirtualBinsConfig.isEnabled(conf)) {
      off =
          PikachuKeys.CONTROLLER_ENABLED
              + "=true but the job does not use virtual bins ("
              + PikachuKeys.MAP_OUTPUT_COLLECTOR
              + " is not Pikachu's collector): nothing can be rebalanced";
    } else if (reducers < 1) {
      off = "the job has no reducers";
    }
    if (off != null) {
      return new AdapterSettings(
          false,
          off,
          null,
          reducers,
          AdapterKeys.DEFAULT_INTERVAL_MS,
          Optional.empty(),
          Optional.empty(),
          speculateMaps,
          speculateReduces);
    }
    ControllerConfig controller = ControllerConfig.from(conf::get);
    long interval = positiveLong(conf, AdapterKeys.INTERVAL_MS, AdapterKeys.DEFAULT_INTERVAL_MS);
    return new AdapterSettings(
        true,
        null,
        controller,
        reducers,
        interval,
        path(conf, AdapterKeys.DECISION_DIR),
        path(conf, AdapterKeys.TRACE_DIR),
        speculateMaps,
        speculateReduces);
  }

  /**
   * Configuration.getBoolean turns a typo such as "ture" into the default; a typo here must fail
   * instead.
   */
  static boolean strictBoolean(Configuration conf, String key, boolean dflt) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    if (v.equalsIgnoreCase("false")) {
      return false;
    }
    throw new ConfigException(key, v, "must be true or false");
  }

  private static long positiveLong(Configuration conf, String key, long dflt) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return dflt;
    }
    long l;
    try {
      l = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(key, v, "not a whole number");
    }
    if (l < 1) {
      throw new ConfigException(key, v, "must be at least 1");
    }
    return l;
  }

  private static Optional<Path> path(Configuration conf, String key) {
    String v = conf.getTrimmed(key);
    if (v == null || v.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Path(v));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(key, v, "not a valid path: " + e.getMessage());
    }
  }
}
