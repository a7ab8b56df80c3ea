package io.pikachu.am;

import io.pikachu.core.config.ConfigException;
import io.pikachu.core.config.Key;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.ControllerConfig;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.store.VirtualBinsConfig;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Everything the AM plugin reads from the job configuration, validated at once, so that a bad value
 * fails the job before any task runs with a message naming the key. Job clients may call {@link
 * #from} before submitting to get the same check on the client side.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code active}: whether the controller runs for this job
 *   <li>{@code inactiveReason}: why it does not, when it does not (for the AM log)
 *   <li>{@code controller}: the controller's configuration (null when inactive)
 *   <li>{@code slicing}: how the job's partitions are cut into bins, which decides how bin maps may
 *       change (null when inactive)
 *   <li>{@code reducers}: the job's reducers
 *   <li>{@code intervalMs}: how often the controller is polled
 *   <li>{@code decisionDir}: where a copy of the decision record goes, if anywhere
 *   <li>{@code traceDir}: where status reports are recorded, if anywhere
 *   <li>{@code speculateMaps}: whether the plugin may launch speculative map attempts
 *   <li>{@code speculateReduces}: whether the plugin may launch speculative reduce attempts
 * </ul>
 */
public final class AdapterSettings {
  private final boolean active;
  private final String inactiveReason;
  private final ControllerConfig controller;
  private final Slicing slicing;
  private final int reducers;
  private final long intervalMs;
  private final Optional<Path> decisionDir;
  private final Optional<Path> traceDir;
  private final boolean speculateMaps;
  private final boolean speculateReduces;

  public AdapterSettings(
      boolean active,
      String inactiveReason,
      ControllerConfig controller,
      Slicing slicing,
      int reducers,
      long intervalMs,
      Optional<Path> decisionDir,
      Optional<Path> traceDir,
      boolean speculateMaps,
      boolean speculateReduces) {
    this.active = active;
    this.inactiveReason = inactiveReason;
    this.controller = controller;
    this.slicing = slicing;
    this.reducers = reducers;
    this.intervalMs = intervalMs;
    this.decisionDir = decisionDir;
    this.traceDir = traceDir;
    this.speculateMaps = speculateMaps;
    this.speculateReduces = speculateReduces;
  }

  public boolean active() {
    return active;
  }

  public String inactiveReason() {
    return inactiveReason;
  }

  public ControllerConfig controller() {
    return controller;
  }

  public Slicing slicing() {
    return slicing;
  }

  public int reducers() {
    return reducers;
  }

  public long intervalMs() {
    return intervalMs;
  }

  public Optional<Path> decisionDir() {
    return decisionDir;
  }

  public Optional<Path> traceDir() {
    return traceDir;
  }

  public boolean speculateMaps() {
    return speculateMaps;
  }

  public boolean speculateReduces() {
    return speculateReduces;
  }

  /**
   * @throws IllegalArgumentException (a {@link ConfigException} for Pikachu's own keys) naming the
   *     bad key
   */
  public static AdapterSettings from(Configuration conf) {
    if (VirtualBinsConfig.optedOut(conf)) {
      // exact stock behaviour: not even Pikachu's own speculation switches are read
      return new AdapterSettings(
          false,
          PikachuKeys.ENABLED.name() + "=false",
          null,
          null,
          conf.getInt(MRJobConfig.NUM_REDUCES, 1),
          PikachuKeys.INTERVAL_MS.defaultValue(),
          Optional.empty(),
          Optional.empty(),
          true,
          true);
    }
    // The partitioner's own check: bins keys, bins per reducer, poll and wait intervals.
    VirtualBinsConfig.validateJob(conf);
    boolean speculateMaps =
        PikachuKeys.SPECULATIVE_MAPS
            .find(conf::get)
            .orElse(conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, false));
    boolean speculateReduces =
        PikachuKeys.SPECULATIVE_REDUCES
            .find(conf::get)
            .orElse(conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, false));
    boolean controllerOn = PikachuKeys.CONTROLLER_ENABLED.get(conf::get);
    int reducers = conf.getInt(MRJobConfig.NUM_REDUCES, 1);
    String off = null;
    if (!controllerOn) {
      off = PikachuKeys.CONTROLLER_ENABLED.name() + " is not true";
    } else if (!VirtualBinsConfig.isEnabled(conf)) {
      off =
          PikachuKeys.CONTROLLER_ENABLED.name()
              + "=true but the job does not use virtual bins ("
              + PikachuKeys.MAP_OUTPUT_COLLECTOR
              + " is not Pikachu's collector): nothing can be rebalanced";
    } else if (reducers < 1) {
      off = "the job has no reducers";
    } else if (VirtualBinsConfig.rebalancing(conf) instanceof Rebalancing.SteppedAside) {
      off =
          "Pikachu steps aside for this job: "
              + ((Rebalancing.SteppedAside) VirtualBinsConfig.rebalancing(conf)).detail();
    }
    if (off != null) {
      return new AdapterSettings(
          false,
          off,
          null,
          null,
          reducers,
          PikachuKeys.INTERVAL_MS.defaultValue(),
          Optional.empty(),
          Optional.empty(),
          speculateMaps,
          speculateReduces);
    }
    ControllerConfig controller = ControllerConfig.from(conf::get);
    return new AdapterSettings(
        true,
        null,
        controller,
        ((Rebalancing.Enabled) VirtualBinsConfig.rebalancing(conf)).slicing(),
        reducers,
        PikachuKeys.INTERVAL_MS.get(conf::get),
        path(conf, PikachuKeys.DECISION_DIR),
        path(conf, PikachuKeys.TRACE_DIR),
        speculateMaps,
        speculateReduces);
  }

  private static Optional<Path> path(Configuration conf, Key<String> key) {
    return key.find(conf::get)
        .map(
            v -> {
              try {
                return new Path(v);
              } catch (IllegalArgumentException e) {
                throw new ConfigException(key.name(), v, "not a valid path: " + e.getMessage());
              }
            });
  }
}
