package io.pikachu.sim.engine;

/**
 * One finished (or killed) attempt, in seconds from the job's launch: the columns of the suite's
 * {@code tasks.csv}.
 */
public final class TaskRecord {
  private final String attempt;
  private final boolean reduce;
  private final int task;
  private final String node;
  private final String nodeLabel;
  private final double start;
  private final double ready;
  private final double shuffleDone;
  private final double sortDone;
  private final double finish;
  private final double shuffleMb;
  private final double refetchedMb;
  private final double droppedMb;
  private final double heldMb;
  private final double cpuS;
  private final boolean succeeded;

  TaskRecord(Attempt a, boolean succeeded) {
    this.attempt = a.id;
    this.reduce = !a.map;
    this.task = a.task;
    this.node = a.node.spec.name();
    this.nodeLabel = a.node.spec.nodeClass();
    this.start = a.launch;
    this.ready = a.startDoneAt;
    this.shuffleDone = a.shuffleDoneAt;
    this.sortDone = a.sortDoneAt;
    this.finish = a.finishAt;
    this.shuffleMb = a.fetchedMb;
    this.refetchedMb = a.refetchedMb;
    this.droppedMb = a.droppedMb;
    this.heldMb = a.heldMb;
    this.cpuS = a.cpuUsed;
    this.succeeded = succeeded;
  }

  public String attempt() {
    return attempt;
  }

  public boolean reduce() {
    return reduce;
  }

  public int task() {
    return task;
  }

  public String node() {
    return node;
  }

  /** The hardware class the cluster was built with. */
  public String nodeLabel() {
    return nodeLabel;
  }

  public double start() {
    return start;
  }

  /**
   * When its JVM start and set-up ended (NaN if it never did): in a container's log, the line where
   * a reducer picks its shuffle plugin.
   */
  public double ready() {
    return ready;
  }

  public double shuffleDone() {
    return shuffleDone;
  }

  public double sortDone() {
    return sortDone;
  }

  public double finish() {
    return finish;
  }

  /** MB copied, re-copied bins included (Hadoop's REDUCE_SHUFFLE_BYTES). */
  public double shuffleMb() {
    return shuffleMb;
  }

  public double refetchedMb() {
    return refetchedMb;
  }

  public double droppedMb() {
    return droppedMb;
  }

  /** MB the reducer merged and reduced in the end. */
  public double heldMb() {
    return heldMb;
  }

  public double cpuS() {
    return cpuS;
  }

  public boolean succeeded() {
    return succeeded;
  }
}
