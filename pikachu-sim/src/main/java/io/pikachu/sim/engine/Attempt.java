package io.pikachu.sim.engine;

/**
 * One simulated task attempt and its fluid state: the stage it is in, the work left there, the CPU
 * it gets now, and for a reducer where its shuffle stands.
 */
final class Attempt {

  enum Stage {
    /** JVM start and task set-up: no status reports yet, no CPU counted. */
    START,
    /** Map: reading and mapping its input. */
    MAP,
    /** Map: sorting, spilling and merging its output. */
    SPILL,
    /** Reducer: copying its bins' share of every completed map's output. */
    SHUFFLE,
    /** Reducer: has every owned bin of every map, waits for a final bin map (Pikachu only). */
    WAIT_FINAL,
    /** Reducer: final merge. */
    MERGE,
    /** Reducer: the user's reduce function and output. */
    REDUCE,
    DONE,
    KILLED
  }

  final String id;
  final boolean map;
  final int task;
  final NodeState node;
  final double launch;
  final double noise;

  Stage stage = Stage.START;
  double remaining;
  double stageWork;

  /** CPU given now, reference core-seconds per second. */
  double alloc;

  /** Shuffle only: MB per second copied now. */
  double rate;

  /** CPU time counted since the task's set-up ended (Hadoop's CPU_MILLISECONDS), seconds. */
  double cpuUsed;

  double nextReport = Double.NaN;
  Attempt sibling;

  // map
  double inputMb;
  boolean remote;

  // reducer
  double weight;

  /** Cumulative map output (all reducers' shares, in completion order) consumed, MB. */
  double pos;

  /** Gained bins' data of maps already consumed, still to copy, MB. */
  double backlog;

  /** Cumulative map output whose completion this reducer has heard of, MB. */
  double seen;

  boolean idle;
  boolean finalKnown;
  double heldMb;
  double fetchedMb;
  double refetchedMb;
  double droppedMb;
  int copiedMaps;

  double startDoneAt = Double.NaN;

  /** When the AM first hears its progress: its first status report after the JVM start. */
  double firstReportAt = Double.NaN;

  double shuffleDoneAt = Double.NaN;
  double sortDoneAt = Double.NaN;
  double finishAt = Double.NaN;

  Attempt(String id, boolean map, int task, NodeState node, double launch, double noise) {
    this.id = id;
    this.map = map;
    this.task = task;
    this.node = node;
    this.launch = launch;
    this.noise = noise;
  }

  boolean isMap() {
    return map;
  }

  boolean live() {
    return stage != Stage.DONE && stage != Stage.KILLED;
  }

  /** Reducer: what it could copy now, MB. */
  double available() {
    return backlog + weight * Math.max(0.0, seen - pos);
  }

  /** Hadoop's progress: maps 2/3 reading input and 1/3 sorting; reducers 1/3 each phase. */
  double progress() {
    double f = stageWork > 0 ? 1.0 - remaining / stageWork : 1.0;
    f = Math.max(0.0, Math.min(1.0, f));
    switch (stage) {
      case START:
        return 0.0;
      case MAP:
        return f * 2.0 / 3.0;
      case SPILL:
        return 2.0 / 3.0 + f / 3.0;
      case SHUFFLE:
        return copiedShare / 3.0;
      case WAIT_FINAL:
        return 1.0 / 3.0;
      case MERGE:
        return 1.0 / 3.0 + f / 3.0;
      case REDUCE:
        return 2.0 / 3.0 + f / 3.0;
      default:
        return 1.0;
    }
  }

  /** Share of the (map, owned bin) outputs kept, as the shuffle reports it. */
  double copiedShare;

  int mapsCopied(int totalMaps) {
    switch (stage) {
      case START:
        return 0;
      case SHUFFLE:
        return Math.min(totalMaps, copiedMaps);
      default:
        return totalMaps;
    }
  }
}
