package io.pikachu.sim.model;

import java.util.Locale;

/**
 * What one application costs, per task and per byte, in reference core-seconds. Fitted per
 * application from measured runs ({@code io.pikachu.sim.calib}); nothing here is taken from the
 * paper's figures.
 */
public final class AppProfile {
  private final String name;
  private final double mapStartCoreS;
  private final double mapCpuPerMb;
  private final double mapOutputRatio;
  private final double mapSpillCpuPerMb;
  private final double reduceStartCoreS;
  private final double shuffleCpuPerMb;
  private final double sortCpuPerMb;
  private final double reduceCpuPerMb;
  private final double reducerMaxCores;

  /**
   * @param mapStartCoreS a map task's JVM start and set-up, before it reads input
   * @param mapCpuPerMb reading and mapping one MB of input (and collecting its output)
   * @param mapOutputRatio map output bytes (after any combiner) per input byte
   * @param mapSpillCpuPerMb sorting, spilling and merging one MB of map output
   * @param reduceStartCoreS a reduce task's JVM start and set-up
   * @param shuffleCpuPerMb a reducer's CPU per MB copied (fetch, decompress, in-memory merge)
   * @param sortCpuPerMb the final merge, per MB held
   * @param reduceCpuPerMb the user's reduce function and output, per MB held
   * @param reducerMaxCores the most cores a reducer can use at once (fetcher and merger threads)
   */
  public AppProfile(
      String name,
      double mapStartCoreS,
      double mapCpuPerMb,
      double mapOutputRatio,
      double mapSpillCpuPerMb,
      double reduceStartCoreS,
      double shuffleCpuPerMb,
      double sortCpuPerMb,
      double reduceCpuPerMb,
      double reducerMaxCores) {
    double[] all = {
      mapStartCoreS,
      mapCpuPerMb,
      mapOutputRatio,
      mapSpillCpuPerMb,
      reduceStartCoreS,
      shuffleCpuPerMb,
      sortCpuPerMb,
      reduceCpuPerMb
    };
    for (double v : all) {
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException(name + ": costs must be finite and >= 0");
      }
    }
    if (!(reducerMaxCores > 0)) {
      throw new IllegalArgumentException(name + ": a reducer must be able to use some CPU");
    }
    this.name = name;
    this.mapStartCoreS = mapStartCoreS;
    this.mapCpuPerMb = mapCpuPerMb;
    this.mapOutputRatio = mapOutputRatio;
    this.mapSpillCpuPerMb = mapSpillCpuPerMb;
    this.reduceStartCoreS = reduceStartCoreS;
    this.shuffleCpuPerMb = shuffleCpuPerMb;
    this.sortCpuPerMb = sortCpuPerMb;
    this.reduceCpuPerMb = reduceCpuPerMb;
    this.reducerMaxCores = reducerMaxCores;
  }

  public String name() {
    return name;
  }

  public double mapStartCoreS() {
    return mapStartCoreS;
  }

  public double mapCpuPerMb() {
    return mapCpuPerMb;
  }

  public double mapOutputRatio() {
    return mapOutputRatio;
  }

  public double mapSpillCpuPerMb() {
    return mapSpillCpuPerMb;
  }

  public double reduceStartCoreS() {
    return reduceStartCoreS;
  }

  public double shuffleCpuPerMb() {
    return shuffleCpuPerMb;
  }

  public double sortCpuPerMb() {
    return sortCpuPerMb;
  }

  public double reduceCpuPerMb() {
    return reduceCpuPerMb;
  }

  public double reducerMaxCores() {
    return reducerMaxCores;
  }

  /** The same application with its JVM start costs replaced (a different cluster's JVMs). */
  public AppProfile withStartCosts(double mapStart, double reduceStart) {
    return new AppProfile(
        name,
        mapStart,
        mapCpuPerMb,
        mapOutputRatio,
        mapSpillCpuPerMb,
        reduceStart,
        shuffleCpuPerMb,
        sortCpuPerMb,
        reduceCpuPerMb,
        reducerMaxCores);
  }

  /** The same application with reducers able to use up to {@code cores} cores. */
  public AppProfile withReducerMaxCores(double cores) {
    return new AppProfile(
        name,
        mapStartCoreS,
        mapCpuPerMb,
        mapOutputRatio,
        mapSpillCpuPerMb,
        reduceStartCoreS,
        shuffleCpuPerMb,
        sortCpuPerMb,
        reduceCpuPerMb,
        cores);
  }

  /** Costs as one CSV-friendly line. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s: map start %.2f core-s, map %.3f core-s/MB, output x%.3f, spill %.3f core-s/MB;"
            + " reduce start %.2f core-s, shuffle %.3f, sort %.3f, reduce %.3f core-s/MB,"
            + " reducer up to %.2f cores",
        name,
        mapStartCoreS,
        mapCpuPerMb,
        mapOutputRatio,
        mapSpillCpuPerMb,
        reduceStartCoreS,
        shuffleCpuPerMb,
        sortCpuPerMb,
        reduceCpuPerMb,
        reducerMaxCores);
  }

  @Override
  public String toString() {
    return describe();
  }
}
