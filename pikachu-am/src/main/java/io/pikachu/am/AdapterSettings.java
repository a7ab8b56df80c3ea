package io.pikachu.am;

import io.pikachu.core.config.ConfigException;
import io.pikachu.core.config.Key;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.ControllerConfig;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.value.Nullable;
import io.pikachu.core.value.ValueType;
import io.pikachu.store.VirtualBinsConfig;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.immutables.value.Value;

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
 *   <li>{@code optedOut}: {@code pikachu.enabled=false}: the AM writes no layout and reads nothing
 *       else of Pikachu's
 *   <li>{@code rebalancing}: whether the job's configuration allows bins, and how they are cut, as
 *       the AM reads it (mount points resolved); null when opted out
 *   <li>{@code reducers}: the job's reducers
 *   <li>{@code intervalMs}: how often the controller is polled
 *   <li>{@code decisionDir}: where a copy of the decision record goes, if anywhere
 *   <li>{@code traceDir}: where status reports are recorded, if anywhere
 *   <li>{@code profile}: whether the job reads and adds to the node profile
 *   <li>{@code speculateMaps}: whether the plugin may launch speculative map attempts
 *   <li>{@code mapsByNodeSpeed}: whether map speculation uses measured node speeds
 *   <li>{@code speculateReduces}: whether the plugin may launch speculative reduce attempts
 *   <li>{@code unknownKeys}: warnings of names in Pikachu's namespace that are no key, ignored
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class AdapterSettings {

  public abstract boolean active();

  @Nullable
  public abstract String inactiveReason();

  @Nullable
  public abstract ControllerConfig controller();

  @Value.Default
  public boolean optedOut() {
    return false;
  }

  @Nullable
  public abstract Rebalancing rebalancing();

  /** How the partitions are cut, when the configuration allows bins. */
  @Nullable
  public Slicing slicing() {
    return rebalancing() instanceof Rebalancing.Enabled
        ? ((Rebalancing.Enabled) rebalancing()).slicing()
        : null;
  }

  public abstract int reducers();

  public abstract long intervalMs();

  public abstract Optional<Path> decisionDir();

  public abstract Optional<Path> traceDir();

  @Value.Default
  public boolean profile() {
    return false;
  }

  public abstract boolean speculateMaps();

  public abstract boolean speculateReduces();

  @Value.Default
  public boolean mapsByNodeSpeed() {
    return false;
  }

  public abstract List<String> unknownKeys();

  /**
   * @throws IllegalArgumentException (a {@link ConfigException} for Pikachu's own keys) naming the
   *     bad key
   */
  public static AdapterSettings from(Configuration conf) {
    int reducers = conf.getInt(MRJobConfig.NUM_REDUCES, 1);
    ImmutableAdapterSettings.Builder settings =
        ImmutableAdapterSettings.builder()
            .reducers(reducers)
            .intervalMs(PikachuKeys.INTERVAL_MS.defaultValue());
    if (VirtualBinsConfig.optedOut(conf)) {
      // exact stock behaviour: not even Pikachu's own speculation switches are read
      return settings
          .active(false)
          .optedOut(true)
          .inactiveReason(PikachuKeys.ENABLED.name() + "=false")
          .speculateMaps(true)
          .speculateReduces(true)
          .build();
    }
    // The task side's own check: values of Pikachu's keys, and warnings of unknown ones.
    settings.unknownKeys(VirtualBinsConfig.validateJob(conf));
    settings
        .speculateMaps(
            PikachuKeys.SPECULATIVE_MAPS
                .find(conf::get)
                .orElse(conf.getBoolean(MRJobConfig.MAP_SPECULATIVE, false)))
        .speculateReduces(
            PikachuKeys.SPECULATIVE_REDUCES
                .find(conf::get)
                .orElse(conf.getBoolean(MRJobConfig.REDUCE_SPECULATIVE, false)));
    Rebalancing rebalancing = VirtualBinsConfig.rebalancing(conf, true);
    settings.rebalancing(rebalancing);
    String off = null;
    if (rebalancing instanceof Rebalancing.SteppedAside) {
      off =
          "Pikachu steps aside for this job: " + ((Rebalancing.SteppedAside) rebalancing).detail();
    } else if (!PikachuKeys.CONTROLLER_ENABLED.get(conf::get)) {
      off = PikachuKeys.CONTROLLER_ENABLED.name() + " is not true";
    }
    if (off != null) {
      return settings.active(false).inactiveReason(off).build();
    }
    return settings
        .active(true)
        .controller(ControllerConfig.from(conf::get))
        .intervalMs(PikachuKeys.INTERVAL_MS.get(conf::get))
        .decisionDir(path(conf, PikachuKeys.DECISION_DIR))
        .traceDir(path(conf, PikachuKeys.TRACE_DIR))
        .profile(PikachuKeys.PROFILE_ENABLED.get(conf::get))
        .mapsByNodeSpeed(PikachuKeys.SPECULATIVE_MAPS_BY_NODE_SPEED.get(conf::get))
        .build();
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
