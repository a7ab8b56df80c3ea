package io.pikachu.core.decision.stabilise;

import io.pikachu.core.value.ValueType;
import java.util.List;
import java.util.OptionalLong;
import org.immutables.value.Value;

/**
 * What the detector found so far.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code tsMs}: T_s: when the first class's reducers had caught up with the completed maps,
 *       if yet
 *   <li>{@code caughtUpAtTs}: the classes that had caught up at T_s
 *   <li>{@code waveMaps}: maps per wave
 *   <li>{@code twTargetMaps}: completed maps that mark T_w (completed maps at T_s plus one wave),
 *       or 0 before T_s
 *   <li>{@code twMs}: T_w: when the job had completed {@code twTargetMaps} maps, if yet
 * </ul>
 */
@ValueType
@Value.Immutable
public abstract class Stabilisation {

  public abstract OptionalLong tsMs();

  public abstract List<String> caughtUpAtTs();

  public abstract int waveMaps();

  public abstract int twTargetMaps();

  public abstract OptionalLong twMs();

  public static Stabilisation of(
      OptionalLong tsMs,
      List<String> caughtUpAtTs,
      int waveMaps,
      int twTargetMaps,
      OptionalLong twMs) {
    return ImmutableStabilisation.of(tsMs, caughtUpAtTs, waveMaps, twTargetMaps, twMs);
  }
}
