package io.pikachu.core.decision.stabilise;

import java.util.List;
import java.util.OptionalLong;

/**
 * What the detector found so far.
 *
 * @param tsMs T_s: when the first class's reducers had caught up with the completed maps, if yet
 * @param caughtUpAtTs the classes that had caught up at T_s
 * @param waveMaps maps per wave
 * @param twTargetMaps completed maps that mark T_w (completed maps at T_s plus one wave), or 0
 *     before T_s
 * @param twMs T_w: when the job had completed {@code twTargetMaps} maps, if yet
 */
public record Stabilisation(
    OptionalLong tsMs,
    List<String> caughtUpAtTs,
    int waveMaps,
    int twTargetMaps,
    OptionalLong twMs) {

  public Stabilisation {
    caughtUpAtTs = List.copyOf(caughtUpAtTs);
  }
}
