package io.pikachu.core.decision.estimate;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.value.Nullable;
import io.pikachu.core.value.WideValueType;
import java.util.List;
import org.immutables.value.Value;

/**
 * One node class in a decision: what was measured over the decision window, and the partition ratio
 * it got. Null means "not measured" (e.g. a class without reducers has no shuffle rate), and for
 * {@code p}, not estimated (yet, or at all). Written as is into the decision record.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code name}: class name
 *   <li>{@code nodes}: its nodes
 *   <li>{@code speed}: mean map throughput of its nodes (map work per second): the class's node
 *       speed, by which classes are ranked
 *   <li>{@code mapRate}: mean per-task map progress rate of its nodes (per second), Tarazu's
 *       measure
 *   <li>{@code reducers}: indexes of the reducers whose live attempt runs on its nodes
 *   <li>{@code reducerCapacity}: mean over its reducers of their node's speed
 *       (JobObserver#nodeSpeeds: map throughput before the reducers competed) divided by the
 *       reducers on that node: the CPU a reducer can expect once its shuffle is done
 *   <li>{@code shuffleRate}: median over its reducers of maps copied per second in the window
 *   <li>{@code cpuCatchUp}: median over reducers of the peak CPU utilisation until catching up (U
 *       at T_s)
 *   <li>{@code cpuSteady}: median reducer CPU utilisation from catching up (or T_s) to the window
 *       end (U at T_w)
 *   <li>{@code efficiency}: E_c = median of cpuSteady / cpuCatchUp over caught-up reducers, at most
 *       1; null when the class did not catch up (an overloaded class runs at its capacity: E = 1)
 *   <li>{@code caughtUp}: whether at least half of its reducers had caught up with the completed
 *       maps at the window end or at some report inside the window
 *   <li>{@code p}: the partition ratio relative to the reference class
 *   <li>{@code binShare}: median over its reducers of the bins each owned under the map in force in
 *       the window, over the even map's share; null (as in records written before it) means 1
 *   <li>{@code cpuOfFairShare}: median over its reducers of their CPU utilisation in the window
 *       over an even share of their node's CPU among the maps it runs at once and its reducers (the
 *       node's CPU: its map throughput times the CPU-seconds of one of its maps). A reducer short
 *       of CPU while the maps run gets at least that share, so below 1 its copy was bound by
 *       something else (its link, the map hosts', a disk); null where a node's map CPU is unknown
 *   <li>{@code nodeShare}: the mean over its reducers of their node's speed divided by the reducers
 *       on that node, where that is more than {@code reducerCapacity}: the CPU one reducer was seen
 *       to use capped it (rule reducer-cpu-ceiling, {@link ReducerCpuCeiling}); null otherwise
 * </ul>
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@WideValueType
@Value.Immutable
@JsonSerialize(as = ImmutableClassMeasurement.class)
@JsonDeserialize(as = ImmutableClassMeasurement.class)
public abstract class ClassMeasurement {

  public abstract String name();

  public abstract List<String> nodes();

  @Nullable
  public abstract Double speed();

  @Nullable
  public abstract Double mapRate();

  public abstract List<Integer> reducers();

  @Nullable
  public abstract Double reducerCapacity();

  @Nullable
  public abstract Double shuffleRate();

  @Nullable
  public abstract Double cpuCatchUp();

  @Nullable
  public abstract Double cpuSteady();

  @Nullable
  public abstract Double efficiency();

  public abstract boolean caughtUp();

  @Nullable
  public abstract Double p();

  @Nullable
  public abstract Double binShare();

  @Nullable
  public abstract Double cpuOfFairShare();

  /** Set by {@link #withNodeShare(Double)} where the ceiling applied. */
  @Nullable
  public abstract Double nodeShare();

  /** This class with {@code share} as its uncapped node share (null: the ceiling did not apply). */
  public ClassMeasurement withNodeShare(@Nullable Double share) {
    return ImmutableClassMeasurement.copyOf(this).withNodeShare(share);
  }

  /** A class's measurement built field by field. */
  public static ImmutableClassMeasurement.Builder builder() {
    return ImmutableClassMeasurement.builder();
  }

  /** This class with partition ratio {@code ratio} (null: none). */
  public ClassMeasurement withP(@Nullable Double ratio) {
    return ImmutableClassMeasurement.copyOf(this).withP(ratio);
  }

  /** Whether this class's nodes are known to be slower than {@code other}'s. */
  public boolean slowerThan(ClassMeasurement other) {
    return speed() != null && other.speed() != null && speed() < other.speed();
  }

  public boolean hasReducers() {
    return !reducers().isEmpty();
  }

  /**
   * E used in equation 2.1: the measured efficiency, or 1 for a class that runs at its capacity.
   */
  public double effectiveEfficiency() {
    return efficiency() == null ? 1.0 : efficiency();
  }

  /**
   * S_c of equation 2.1: the shuffle rate in maps' worth of the even share, so that classes
   * measured under a map that gives them unequal shares compare as under the even map (null if the
   * shuffle rate is unknown).
   */
  public Double workRate() {
    return shuffleRate() == null ? null : shuffleRate() * (binShare() == null ? 1.0 : binShare());
  }

  /**
   * S_c / E_c: the work rate the class could sustain if it were given the work (null if S_c is
   * unknown).
   */
  public Double potentialRate() {
    return shuffleRate() == null ? null : workRate() / effectiveEfficiency();
  }
}
