package io.pikachu.netmodels.sim;

/**
 * A restartable timer with lazy cancellation, as in htsim: moving the deadline later (the common
 * case, an RTO restarted by every ACK) schedules nothing; the pending event fires, sees the later
 * deadline and re-arms itself. Only moving it earlier schedules a new event, and the tag's
 * generation number lets the superseded one be ignored.
 */
public final class Timer implements EventSource {
  private static final long NONE = Long.MAX_VALUE;

  private final Simulator sim;
  private final Runnable action;
  private long deadline = NONE;
  private long pendingAt = NONE; // time of the live event in the queue, NONE if none
  private int generation;

  public Timer(Simulator sim, Runnable action) {
    this.sim = sim;
    this.action = action;
  }

  public boolean armed() {
    return deadline != NONE;
  }

  public long deadline() {
    return deadline;
  }

  /** Fires the action at {@code time} (absolute, ps), replacing any earlier setting. */
  public void setAt(long time) {
    deadline = time;
    if (time < pendingAt) {
      generation++;
      pendingAt = time;
      sim.schedule(time, this, generation);
    }
  }

  public void setIn(long delay) {
    setAt(sim.now() + delay);
  }

  public void cancel() {
    deadline = NONE;
  }

  @Override
  public void onEvent(int tag) {
    if (tag != generation) return; // superseded by an earlier setting
    pendingAt = NONE;
    if (deadline == NONE) return;
    long now = sim.now();
    if (now < deadline) {
      pendingAt = deadline;
      sim.schedule(deadline, this, generation);
      return;
    }
    deadline = NONE;
    action.run();
  }
}
