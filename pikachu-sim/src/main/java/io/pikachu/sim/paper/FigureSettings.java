package io.pikachu.sim.paper;

import io.pikachu.sim.model.Clusters;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * How the figures are run: the seeds (input placement, reducer placement, task noise), each task's
 * noise, the fast nodes' per-core speed on the paper's 7 nodes, and the most cores one reducer may
 * use. Immutable; build with {@link #builder}.
 */
public final class FigureSettings {
  /**
   * Each task's work scatters log-normally around its cost with this sigma: the spread of the maps'
   * CPU counters on one node within one stock run of the 2026-11-25 suite (0.082 over 405 degrees
   * of freedom; reducers' CPU per byte 0.067), docs/simulator.md section 3.
   */
  public static final double MEASURED_TASK_NOISE = 0.08;

  private final List<Long> seeds;
  private final double taskNoise;
  private final double fastCoreSpeed;
  private final double reducerCores;

  private FigureSettings(Builder b) {
    if (b.seeds.isEmpty()) {
      throw new IllegalArgumentException("figures need at least one seed");
    }
    if (!(b.taskNoise >= 0) || !(b.fastCoreSpeed > 0)) {
      throw new IllegalArgumentException("task noise must be >= 0 and core speed > 0");
    }
    this.seeds = Collections.unmodifiableList(new ArrayList<Long>(b.seeds));
    this.taskNoise = b.taskNoise;
    this.fastCoreSpeed = b.fastCoreSpeed;
    this.reducerCores = b.reducerCores;
  }

  /** Seeds 1-5, the measured task noise, equal cores, the calibrated reducer. */
  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .seeds(seeds)
        .taskNoise(taskNoise)
        .fastCoreSpeed(fastCoreSpeed)
        .reducerCores(reducerCores);
  }

  public List<Long> seeds() {
    return seeds;
  }

  public double taskNoise() {
    return taskNoise;
  }

  public double fastCoreSpeed() {
    return fastCoreSpeed;
  }

  /** NaN: the calibrated 1.2 cores. */
  public double reducerCores() {
    return reducerCores;
  }

  /**
   * What every chart title says of the runs: the 7-node cluster's per-core speed, the seeds and the
   * task noise.
   */
  public String assumptions() {
    String cores =
        Double.isNaN(reducerCores)
            ? ""
            : String.format(Locale.ROOT, ", a reducer may use %.0f cores", reducerCores);
    return String.format(
        Locale.ROOT,
        "%s%s; %d seeds, task noise %.2f",
        Clusters.coreSpeedLabel(fastCoreSpeed),
        cores,
        seeds.size(),
        taskNoise);
  }

  /** Builder of {@link FigureSettings}. */
  public static final class Builder {
    private List<Long> seeds = range(1, 5);
    private double taskNoise = MEASURED_TASK_NOISE;
    private double fastCoreSpeed = 1;
    private double reducerCores = Double.NaN;

    private Builder() {}

    public Builder seeds(List<Long> v) {
      seeds = new ArrayList<Long>(v);
      return this;
    }

    /** Seeds 1 to {@code n}. */
    public Builder seedCount(int n) {
      seeds = range(1, n);
      return this;
    }

    public Builder taskNoise(double v) {
      taskNoise = v;
      return this;
    }

    /** The paper's 7-node cluster's fast cores over its slow ones (1: equal). */
    public Builder fastCoreSpeed(double v) {
      fastCoreSpeed = v;
      return this;
    }

    /** The most cores one reducer may use; NaN for the calibrated 1.2. */
    public Builder reducerCores(double v) {
      reducerCores = v;
      return this;
    }

    public FigureSettings build() {
      return new FigureSettings(this);
    }

    private static List<Long> range(long from, long to) {
      List<Long> s = new ArrayList<Long>();
      for (long i = from; i <= to; i++) {
        s.add(i);
      }
      return s;
    }
  }
}
