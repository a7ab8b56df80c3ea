package io.pikachu.sim.model;

import java.util.Locale;

/**
 * What one application costs, per task and per byte, in reference core-seconds. Fitted per
 * application from measured runs ({@code io.pikachu.sim.calib}); nothing here is taken from the
 * paper's figures. Immutable; build with {@link #builder} (every setter named after its field).
 */
public final class AppProfile {
  /** The most cores a reducer uses unless told otherwise: the paper saw a reducer at 120%. */
  public static final double PAPER_REDUCER_CORES = 1.2;

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

  private AppProfile(Builder b) {
    double[] all = {
      b.mapStartCoreS,
      b.mapCpuPerMb,
      b.mapOutputRatio,
      b.mapSpillCpuPerMb,
      b.reduceStartCoreS,
      b.shuffleCpuPerMb,
      b.sortCpuPerMb,
      b.reduceCpuPerMb
    };
    for (double v : all) {
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException(b.name + ": costs must be finite and >= 0");
      }
    }
    if (!(b.reducerMaxCores > 0)) {
      throw new IllegalArgumentException(b.name + ": a reducer must be able to use some CPU");
    }
    this.name = b.name;
    this.mapStartCoreS = b.mapStartCoreS;
    this.mapCpuPerMb = b.mapCpuPerMb;
    this.mapOutputRatio = b.mapOutputRatio;
    this.mapSpillCpuPerMb = b.mapSpillCpuPerMb;
    this.reduceStartCoreS = b.reduceStartCoreS;
    this.shuffleCpuPerMb = b.shuffleCpuPerMb;
    this.sortCpuPerMb = b.sortCpuPerMb;
    this.reduceCpuPerMb = b.reduceCpuPerMb;
    this.reducerMaxCores = b.reducerMaxCores;
  }

  /** An application that costs nothing until told, its reducers up to 1.2 cores. */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  public Builder toBuilder() {
    return new Builder(name)
        .mapStartCoreS(mapStartCoreS)
        .mapCpuPerMb(mapCpuPerMb)
        .mapOutputRatio(mapOutputRatio)
        .mapSpillCpuPerMb(mapSpillCpuPerMb)
        .reduceStartCoreS(reduceStartCoreS)
        .shuffleCpuPerMb(shuffleCpuPerMb)
        .sortCpuPerMb(sortCpuPerMb)
        .reduceCpuPerMb(reduceCpuPerMb)
        .reducerMaxCores(reducerMaxCores);
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

  /** The same application with reducers able to use up to {@code cores} cores. */
  public AppProfile withReducerMaxCores(double cores) {
    return toBuilder().reducerMaxCores(cores).build();
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

  /** Builder of {@link AppProfile}. */
  public static final class Builder {
    private final String name;
    private double mapStartCoreS;
    private double mapCpuPerMb;
    private double mapOutputRatio;
    private double mapSpillCpuPerMb;
    private double reduceStartCoreS;
    private double shuffleCpuPerMb;
    private double sortCpuPerMb;
    private double reduceCpuPerMb;
    private double reducerMaxCores = PAPER_REDUCER_CORES;

    private Builder(String name) {
      this.name = name;
    }

    /** A map task's JVM start and set-up, before it reads input. */
    public Builder mapStartCoreS(double v) {
      mapStartCoreS = v;
      return this;
    }

    /** Reading and mapping one MB of input (and collecting its output). */
    public Builder mapCpuPerMb(double v) {
      mapCpuPerMb = v;
      return this;
    }

    /** Map output bytes (after any combiner) per input byte. */
    public Builder mapOutputRatio(double v) {
      mapOutputRatio = v;
      return this;
    }

    /** Sorting, spilling and merging one MB of map output. */
    public Builder mapSpillCpuPerMb(double v) {
      mapSpillCpuPerMb = v;
      return this;
    }

    /** A reduce task's JVM start and set-up. */
    public Builder reduceStartCoreS(double v) {
      reduceStartCoreS = v;
      return this;
    }

    /** A reducer's CPU per MB copied (fetch, decompress, in-memory merge). */
    public Builder shuffleCpuPerMb(double v) {
      shuffleCpuPerMb = v;
      return this;
    }

    /** The final merge, per MB held. */
    public Builder sortCpuPerMb(double v) {
      sortCpuPerMb = v;
      return this;
    }

    /** The user's reduce function and output, per MB held. */
    public Builder reduceCpuPerMb(double v) {
      reduceCpuPerMb = v;
      return this;
    }

    /** The most cores a reducer can use at once (fetcher and merger threads); default 1.2. */
    public Builder reducerMaxCores(double v) {
      reducerMaxCores = v;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the application for a negative or infinite cost
     */
    public AppProfile build() {
      return new AppProfile(this);
    }
  }
}
