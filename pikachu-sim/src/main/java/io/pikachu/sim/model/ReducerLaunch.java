package io.pikachu.sim.model;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * When a job's first reducers launched, measured from its tasks: the seconds from the end of the
 * map that met slow start ({@link Platform#slowStart()}) to the first reducer's launch. Hadoop's AM
 * asks the resource manager for reducers only once slow start is met, on its next heartbeat, and
 * receives them a heartbeat after the resource manager placed them; a map taking a freed container
 * had its request waiting there already. On the embedded cluster the reducers came a median 3.05 s
 * after that map (225 runs of 2026-11-25, 10th percentile 2.6 s, 90th 3.6 s), a map on a freed slot
 * 0.9-1.6 s after the map before it (results/simulator/2026-11-30-reducer-launch).
 */
public final class ReducerLaunch {

  private ReducerLaunch() {}

  /**
   * How many of a job's maps must end before its reducers are scheduled ({@code
   * mapreduce.job.reduce.slowstart.completedmaps}; at least the first): the map the delay is
   * measured from is the one the simulation schedules the reducers at.
   */
  public static int slowStartMaps(double slowStart, int maps) {
    return Math.max(1, (int) Math.ceil(slowStart * maps - 1e-9));
  }

  /**
   * @param mapEnds each succeeded map's end, seconds
   * @param reducerStarts each reducer attempt's launch, seconds
   * @param slowStart the share of maps done before reducers are scheduled
   * @return the delay (0 where the reducers came before that map: a slow start below {@code
   *     slowStart}), or empty when the job has no map or no reducer
   */
  public static OptionalDouble delayAfterSlowStart(
      double[] mapEnds, double[] reducerStarts, double slowStart) {
    if (reducerStarts.length == 0 || mapEnds.length == 0) {
      return OptionalDouble.empty();
    }
    double[] ends = mapEnds.clone();
    Arrays.sort(ends);
    double metSlowStart = ends[slowStartMaps(slowStart, ends.length) - 1];
    double firstReducer = Arrays.stream(reducerStarts).min().getAsDouble();
    return OptionalDouble.of(Math.max(0, firstReducer - metSlowStart));
  }
}
