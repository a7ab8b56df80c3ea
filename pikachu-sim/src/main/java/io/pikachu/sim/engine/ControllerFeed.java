package io.pikachu.sim.engine;

import io.pikachu.benchmodel.Method;
import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinBytesReport;
import io.pikachu.core.binmap.MapBinBytesReport;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.ControllerConfig;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.JobController;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.decision.speculate.NodeSpeedMapEstimates;
import io.pikachu.core.partitioning.Slicing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The simulator's side of the AM adapter, and the only class of the simulator that builds core
 * types: it turns simulated attempts into the controller's {@link StatusReport}s the way {@code
 * StatusTranslator} turns Hadoop's, feeds them to the same {@link JobController} that {@code
 * ControllerSession} feeds (launch reports, periodic reports, a final report when an attempt ends),
 * polls it, and hands each new bin map version back to the simulation. A reducer's reports end with
 * the bytes of the bins it owns ({@link BinBytesReport}), a window at a time in turn, as the
 * reducers' {@code BinBytesSeen} writes them into their status strings and {@code StatusTranslator}
 * hands them on; a map's last report, every bin's bytes in its output ({@link MapBinBytesReport}),
 * as its final status carries them: the controller learns the bins' sizes the way it does in the
 * AM.
 */
public final class ControllerFeed {

  /** Simulated time 0 in the controller's milliseconds (any positive epoch works). */
  static final long EPOCH_MS = 1_000_000_000L;

  private final JobController controller;
  private final boolean mapsByNodeSpeed;
  private final int reducers;
  private final int binsPerReducer;

  /** Whether running maps report their progress ({@code Platform#mapProgressWhileRunning()}). */
  private final boolean mapProgressWhileRunning;

  private int published;

  /** Per reducer attempt, the first bin of its next report's window ({@code BinBytesSeen}). */
  private final Map<String, Integer> nextWindow = new HashMap<String, Integer>();

  /**
   * What a reducer keeps of its bins when it reports: each owned bin, in ascending order, its bytes
   * of the map outputs it copied, and from how many maps.
   */
  static final class BinsKept {
    final int[] bins;
    final long[] bytes;
    final int maps;

    BinsKept(int[] bins, long[] bytes, int maps) {
      this.bins = bins;
      this.bytes = bytes;
      this.maps = maps;
    }
  }

  /** One published version, as the simulation applies it. */
  public static final class Published {
    final int[] owners;
    final boolean isFinal;
    final int version;

    Published(int[] owners, boolean isFinal, int version) {
      this.owners = owners;
      this.isFinal = isFinal;
      this.version = version;
    }
  }

  ControllerFeed(
      Method method,
      int reducers,
      int binsPerReducer,
      Map<String, String> extra,
      boolean mapProgressWhileRunning,
      Map<String, Double> nodeProfile) {
    this.mapProgressWhileRunning = mapProgressWhileRunning;
    Map<String, String> conf = new HashMap<String, String>(extra);
    conf.put(PikachuKeys.ESTIMATOR.name(), method.estimatorName());
    conf.put(PikachuKeys.BINS_PER_REDUCER.name(), Integer.toString(binsPerReducer));
    if (!method.byBytes()) {
      // A method that gives bins out by count says so; otherwise the job's setting stands.
      conf.put(PikachuKeys.ALLOCATE_BY_BYTES.name(), "false");
    }
    if (!Double.isNaN(method.fixedP())) {
      conf.put(PikachuKeys.FIXED_P.name(), String.format(Locale.ROOT, "%s", method.fixedP()));
    }
    this.controller =
        new JobController(ControllerConfig.fromMap(conf), reducers, Slicing.HASH)
            .withProfile(nodeProfile);
    this.mapsByNodeSpeed = PikachuKeys.SPECULATIVE_MAPS_BY_NODE_SPEED.get(conf::get);
    this.reducers = reducers;
    this.binsPerReducer = binsPerReducer;
  }

  /** The even map, every reducer its own partition's bins: stock's placement. */
  static int[] evenOwners(int reducers, int binsPerReducer) {
    return owners(BinAllocation.even(binsPerReducer, reducers));
  }

  static long ms(double simSeconds) {
    return EPOCH_MS + Math.round(simSeconds * 1000.0);
  }

  static double seconds(long ms) {
    return (ms - EPOCH_MS) / 1000.0;
  }

  /** The AM adapter's report for an attempt at its launch, before its first status update. */
  void launched(Attempt a, int completedMaps, int totalMaps) {
    controller.onReport(
        StatusReport.of(
            ms(a.launch),
            a.id,
            a.isMap() ? TaskType.MAP : TaskType.REDUCE,
            a.task,
            a.node.spec.name(),
            TaskPhase.STARTING,
            AttemptState.RUNNING,
            0.0,
            0,
            Math.min(totalMaps, completedMaps),
            totalMaps,
            0,
            ms(a.launch)));
  }

  /**
   * A status report of a running attempt, or its last one when it ended (the AM resends the last
   * status with the attempt's final state).
   *
   * @param kept a reducer's bins and their bytes, or null (a map)
   * @param mergeBufferBytes what a reducer holds and merges in memory (a task knows its heap)
   */
  void report(
      Attempt a,
      double now,
      int completedMaps,
      int totalMaps,
      AttemptState state,
      BinsKept kept,
      long mergeBufferBytes) {
    StatusReport report =
        statusReport(a, now, completedMaps, totalMaps, state, mapProgressWhileRunning);
    controller.onReport(
        a.isMap() || kept == null
            ? report
            : report.withBinBytes(window(a, kept)).withMergeBufferBytes(mergeBufferBytes));
  }

  private static StatusReport statusReport(
      Attempt a,
      double now,
      int completedMaps,
      int totalMaps,
      AttemptState state,
      boolean mapProgressWhileRunning) {
    double progress =
        a.isMap() && state == AttemptState.RUNNING && !mapProgressWhileRunning
            ? 0.0
            : Math.max(0.0, Math.min(1.0, a.progress()));
    return StatusReport.of(
        ms(now),
        a.id,
        a.isMap() ? TaskType.MAP : TaskType.REDUCE,
        a.task,
        a.node.spec.name(),
        phase(a),
        state,
        progress,
        a.isMap() ? 0 : Math.min(totalMaps, a.mapsCopied(totalMaps)),
        Math.min(totalMaps, completedMaps),
        totalMaps,
        Math.max(0L, Math.round(a.cpuUsed * 1000.0)),
        ms(a.launch));
  }

  /**
   * A map's last report as it ended: its final status carries every bin's bytes in its output
   * ({@link MapBinBytesReport}), within Hadoop's default status length, after the map's own status
   * ("map "), as the task's {@code BinSizesStatus} writes it.
   */
  void mapFinished(Attempt a, double now, int completedMaps, int totalMaps, long[] binBytes) {
    controller.onReport(
        statusReport(a, now, completedMaps, totalMaps, AttemptState.SUCCEEDED, true)
            .withBinBytes(MapBinBytesReport.encode(binBytes, MAP_STATUS_CHARS - "map ".length())));
  }

  /** Hadoop's default {@code mapreduce.task.max.status.length}. */
  static final int MAP_STATUS_CHARS = 512;

  /**
   * The next window of a reducer's bins as the end of its status string: as many entries as the
   * report's budget holds, starting where the last window ended, as {@code BinBytesSeen} does.
   */
  private String window(Attempt a, BinsKept kept) {
    if (kept.maps == 0 || kept.bins.length == 0) {
      return "";
    }
    Integer next = nextWindow.get(a.id);
    int from = (next == null ? 0 : next) % kept.bins.length;
    List<BinBytesReport.Entry> turn = turn(kept, from);
    nextWindow.put(a.id, from + Math.max(1, BinBytesReport.fits(turn)));
    return " " + BinBytesReport.encode(turn);
  }

  /** The reducer's bins from the {@code from}-th on, then the rest from the first. */
  static List<BinBytesReport.Entry> turn(BinsKept kept, int from) {
    List<BinBytesReport.Entry> turn = new ArrayList<BinBytesReport.Entry>(kept.bins.length);
    for (int i = 0; i < kept.bins.length; i++) {
      int k = (from + i) % kept.bins.length;
      turn.add(new BinBytesReport.Entry(kept.bins[k], kept.bytes[k], kept.maps));
    }
    return turn;
  }

  private static TaskPhase phase(Attempt a) {
    switch (a.stage) {
      case START:
        return TaskPhase.STARTING;
      case MAP:
        return TaskPhase.MAP;
      case SPILL:
        return TaskPhase.SORT;
      case SHUFFLE:
      case WAIT_FINAL:
        return TaskPhase.SHUFFLE;
      case MERGE:
        return TaskPhase.SORT;
      case REDUCE:
        return TaskPhase.REDUCE;
      default:
        return a.isMap() ? TaskPhase.SORT : TaskPhase.REDUCE;
    }
  }

  /** Polls the controller; returns the version it newly decided, or null. */
  Published poll(double now) {
    if (controller.isFinal() && published > 0) {
      return null;
    }
    controller.poll(ms(now));
    if (!controller.record().isPresent()) {
      return null;
    }
    DecisionRecord record = controller.record().get();
    if (record.versions().size() <= published) {
      return null;
    }
    published = record.versions().size();
    Decision d = record.last();
    return new Published(owners(d.allocation()), d.isFinal(), published);
  }

  boolean isFinal() {
    return controller.isFinal();
  }

  /**
   * The AM plugin's map estimates by node speed from the controller's classes (its {@code
   * NodeSpeedRuntimeEstimator}), empty where the job turned them off or the plugin has none yet.
   */
  Optional<NodeSpeedMapEstimates> mapEstimates(MapRuntimeEstimates finished) {
    return mapsByNodeSpeed
        ? finished.byNodeSpeed(controller.measuredNodeClasses())
        : Optional.<NodeSpeedMapEstimates>empty();
  }

  /** Every version decided, or null if none. */
  DecisionRecord record() {
    return controller.record().orElse(null);
  }

  int reducers() {
    return reducers;
  }

  int binsPerReducer() {
    return binsPerReducer;
  }

  private static int[] owners(BinAllocation a) {
    int[] o = new int[a.totalBins()];
    for (int b = 0; b < o.length; b++) {
      o[b] = a.owner(b);
    }
    return o;
  }
}
