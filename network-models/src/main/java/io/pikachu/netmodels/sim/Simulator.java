package io.pikachu.netmodels.sim;

/**
 * The clock and the event loop. Time is a {@code long} in picoseconds: a 40-byte ACK at 40 Gbps (8
 * ns) and a 1500-byte packet at 25 Gbps (480 ns) are exact, and 2^63 ps is 106 days.
 */
public final class Simulator {
  public static final long PS_PER_NS = 1_000L;
  public static final long PS_PER_US = 1_000_000L;
  public static final long PS_PER_MS = 1_000_000_000L;
  public static final long PS_PER_S = 1_000_000_000_000L;

  private final EventQueue queue = new EventQueue(4096);
  private final RandomStreams random;
  private long now;
  private long events;
  private boolean stopped;

  public Simulator(long seed) {
    this.random = new RandomStreams(seed);
  }

  public long now() {
    return now;
  }

  public RandomStreams random() {
    return random;
  }

  /** Events handled so far. */
  public long events() {
    return events;
  }

  /** Shape of the event queue now (buckets and their width), for benchmark reports. */
  public String queueShape() {
    return queue.buckets()
        + " buckets of "
        + queue.bucketWidth()
        + " ps, "
        + queue.size()
        + " pending";
  }

  public int pending() {
    return queue.size();
  }

  public void schedule(long time, EventSource source, int tag) {
    if (time < now) {
      throw new IllegalStateException("event scheduled in the past: " + time + " < " + now);
    }
    queue.schedule(time, source, tag);
  }

  public void scheduleIn(long delay, EventSource source, int tag) {
    schedule(now + delay, source, tag);
  }

  /** Makes {@link #runUntil} return after the current event. */
  public void stop() {
    stopped = true;
  }

  /**
   * Handles events in time order until none is left, the next one is later than {@code end}, or
   * {@link #stop()} was called. The clock is left at the last event handled (or at {@code end} if
   * events remain beyond it).
   */
  public void runUntil(long end) {
    stopped = false;
    EventQueue q = queue;
    while (!q.isEmpty() && !stopped) {
      long t = q.peekTime();
      if (t > end) {
        now = end;
        return;
      }
      now = t;
      int tag = q.peekTag();
      EventSource s = q.pop();
      events++;
      s.onEvent(tag);
    }
  }
}
