package io.pikachu.sim.calib;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.NodeSpec;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.sim.model.AppProfile;
import io.pikachu.sim.model.JobSpec;
import io.pikachu.sim.model.Platform;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The simulator's model of the embedded cluster's jobs: costs read from the task counters of
 * calibration runs (per application), plus four costs no counter shows, fitted on the same runs
 * (JVM starts, the container delay, and which share of a reducer's per-MB CPU falls in its
 * shuffle).
 */
public final class EmbeddedModel {
  /** The embedded cluster's nodes share one machine: its "network" is loopback. */
  static final double LOOPBACK_MB_PER_S = 1000;

  static final double NODE_MEMORY_MB = 8192;

  /** What the counters of the calibration runs say about one application. */
  public static final class Counted {
    final double outputRatio;
    final double mapCpuPerMb;
    final double reduceFixedCpu;
    final double reduceCpuPerMb;

    Counted(double outputRatio, double mapCpuPerMb, double reduceFixedCpu, double reduceCpuPerMb) {
      this.outputRatio = outputRatio;
      this.mapCpuPerMb = mapCpuPerMb;
      this.reduceFixedCpu = reduceFixedCpu;
      this.reduceCpuPerMb = reduceCpuPerMb;
    }
  }

  private final Map<String, Counted> counted;
  private final double mapStart;
  private final double reduceStart;
  private final double containerDelay;
  private final double reducerLaunchDelay;
  private final double amStart;
  private final double shuffleShare;
  private final double mbPerMap;
  private final Map<String, BinsPostShuffle> binsCost;

  /**
   * @param binsCost what bins do to a reducer's post-shuffle work, per application (empty: nothing)
   */
  public EmbeddedModel(
      Map<String, Counted> counted,
      double mapStart,
      double reduceStart,
      double containerDelay,
      double reducerLaunchDelay,
      double amStart,
      double shuffleShare,
      double mbPerMap,
      Map<String, BinsPostShuffle> binsCost) {
    this.binsCost =
        Collections.unmodifiableMap(new LinkedHashMap<String, BinsPostShuffle>(binsCost));
    this.counted = Collections.unmodifiableMap(new LinkedHashMap<String, Counted>(counted));
    this.mapStart = mapStart;
    this.reduceStart = reduceStart;
    this.containerDelay = containerDelay;
    this.reducerLaunchDelay = reducerLaunchDelay;
    this.amStart = amStart;
    this.shuffleShare = shuffleShare;
    this.mbPerMap = mbPerMap;
  }

  EmbeddedModel withFitted(
      double newMapStart, double newReduceStart, double newDelay, double newShuffleShare) {
    return new EmbeddedModel(
        counted,
        newMapStart,
        newReduceStart,
        newDelay,
        reducerLaunchDelay,
        amStart,
        newShuffleShare,
        mbPerMap,
        binsCost);
  }

  /**
   * This model with what virtual bins do to a reducer's post-shuffle work on the embedded cluster,
   * per application ({@link BinsPostShuffle#measure}, on another data set than the runs judged).
   */
  public EmbeddedModel withBinsCost(Map<String, BinsPostShuffle> shapes) {
    return new EmbeddedModel(
        counted,
        mapStart,
        reduceStart,
        containerDelay,
        reducerLaunchDelay,
        amStart,
        shuffleShare,
        mbPerMap,
        shapes);
  }

  public AppProfile profile(String app) {
    Counted c = counted.get(app);
    if (c == null) {
      throw new IllegalArgumentException("no calibration for application " + app);
    }
    double rest = (1 - shuffleShare) / 2;
    return AppProfile.builder(app)
        .mapStartCoreS(mapStart)
        .mapCpuPerMb(c.mapCpuPerMb * 0.8)
        .mapOutputRatio(c.outputRatio)
        .mapSpillCpuPerMb(c.outputRatio > 0 ? c.mapCpuPerMb * 0.2 / c.outputRatio : 0)
        .reduceStartCoreS(reduceStart + c.reduceFixedCpu)
        .shuffleCpuPerMb(c.reduceCpuPerMb * shuffleShare)
        .sortCpuPerMb(c.reduceCpuPerMb * rest)
        .reduceCpuPerMb(c.reduceCpuPerMb * rest)
        .reducerMaxCores(AppProfile.PAPER_REDUCER_CORES)
        .build();
  }

  /**
   * The platform of the paper-scale runs: the embedded cluster's delays, and no cost of bins, which
   * was measured on jobs of 12 maps only (whether it grows with the maps is not known).
   */
  public Platform platform() {
    return Platform.defaults().withDelays(amStart, containerDelay, reducerLaunchDelay);
  }

  /**
   * The platform of the embedded cluster's own runs of {@code app}: with what bins do to its
   * reducers' post-shuffle work, carried in units of this model's stock post-shuffle work per MB.
   */
  public Platform embeddedPlatform(String app) {
    BinsPostShuffle shape = binsCost.get(app);
    if (shape == null) {
      return platform();
    }
    AppProfile p = profile(app);
    double stockPerMb = p.sortCpuPerMb() + p.reduceCpuPerMb();
    return platform().withBinsPostShuffle(shape.fixedStockMb() * stockPerMb, shape.perMbRatio());
  }

  /** The cluster a measured run ran on. */
  public static ClusterSpec cluster(MeasuredRun run) {
    List<NodeSpec> nodes = new ArrayList<NodeSpec>();
    for (MeasuredRun.Node n : run.nodes()) {
      nodes.add(
          NodeSpec.builder(n.name)
              .nodeClass(n.label)
              .cores(n.cpus)
              .mapSlots(n.mapSlots)
              .reduceSlots(n.reduceSlots)
              .memoryMb(NODE_MEMORY_MB)
              .netMbPerS(LOOPBACK_MB_PER_S)
              .build());
    }
    return ClusterSpec.of(run.config(), nodes);
  }

  /**
   * The job a measured run ran: its maps, one reducer per reduce slot, input on local disks, and
   * bins given out by counts where the run's controller had no byte rule (the suite's runs of
   * 2026-11-24/25): today's default, by bytes, changed the one-shot estimator's predicted tails of
   * those runs from +3.2% to +9.2% (results/simulator/2026-11-29-cpu-bound-lag/); and Hadoop's map
   * estimates alone where the run's AM had no estimates by node speed (before 2026-11-27).
   */
  public JobSpec job(MeasuredRun run) {
    int reducers = 0;
    for (MeasuredRun.Node n : run.nodes()) {
      reducers += n.reduceSlots;
    }
    JobSpec.Builder job =
        JobSpec.builder(profile(run.app()), run.maps().size(), mbPerMap, reducers)
            .name(run.key())
            .replication(run.nodes().size());
    if (!run.plugin().binsByBytes()) {
      job.pikachu(PikachuKeys.ALLOCATE_BY_BYTES.name(), "false");
    }
    if (!run.plugin().mapCopiesByNodeSpeed()) {
      job.pikachu(PikachuKeys.SPECULATIVE_MAPS_BY_NODE_SPEED.name(), "false");
    }
    return job.build();
  }

  public Map<String, Counted> counted() {
    return counted;
  }

  public double mapStart() {
    return mapStart;
  }

  public double reduceStart() {
    return reduceStart;
  }

  public double containerDelay() {
    return containerDelay;
  }

  public double reducerLaunchDelay() {
    return reducerLaunchDelay;
  }

  public double amStart() {
    return amStart;
  }

  public double shuffleShare() {
    return shuffleShare;
  }

  public String describe() {
    StringBuilder s =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "fitted: map JVM start %.2f core-s, reduce JVM start %.2f core-s, container delay"
                    + " %.2f s, shuffle share of reducer CPU %.2f; measured: AM start %.2f s,"
                    + " first reducers %.2f s after the map that met slow start%n",
                mapStart,
                reduceStart,
                containerDelay,
                shuffleShare,
                amStart,
                reducerLaunchDelay));
    for (Map.Entry<String, Counted> e : counted.entrySet()) {
      Counted c = e.getValue();
      s.append(
          String.format(
              Locale.ROOT,
              "  %s: map output x%.3f, map CPU %.3f core-s/MB, reducer CPU %.2f + %.3f core-s/MB%s%n",
              e.getKey(),
              c.outputRatio,
              c.mapCpuPerMb,
              c.reduceFixedCpu,
              c.reduceCpuPerMb,
              binsCost.containsKey(e.getKey())
                  ? String.format(
                      Locale.ROOT,
                      "; with bins a reducer's post-shuffle work is %.1f MB of stock work plus"
                          + " %.2f x stock's per MB",
                      binsCost.get(e.getKey()).fixedStockMb(),
                      binsCost.get(e.getKey()).perMbRatio())
                  : ""));
    }
    return s.toString();
  }
}
