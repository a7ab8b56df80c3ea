package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayDeque;
import java.util.function.IntConsumer;

/**
 * One single-threaded packet processor (the seed's balancers and servers handled every packet in
 * one user-space loop): packets wait in arrival order, each takes its own cost, and at most {@code
 * capacity} wait (NFQUEUE's queue). It can be paused, for spells of other work.
 */
final class Fifo implements EventSource {
  private final Simulator sim;
  private final int capacity;
  private final IntConsumer done;
  private final ArrayDeque<Integer> packets = new ArrayDeque<>();
  private final ArrayDeque<Long> costs = new ArrayDeque<>();
  private boolean busy;
  private boolean paused;
  private int inService;
  private long busyPs;
  private long dropped;

  Fifo(Simulator sim, int capacity, IntConsumer done) {
    this.sim = sim;
    this.capacity = capacity;
    this.done = done;
  }

  /** Queues {@code p}; false (and nothing queued) when {@code capacity} packets already wait. */
  boolean offer(int p, long costPs) {
    if (packets.size() >= capacity) {
      dropped++;
      return false;
    }
    packets.add(p);
    costs.add(costPs);
    if (!busy && !paused) next();
    return true;
  }

  /** Stops taking new packets (the one in service finishes). */
  void pause() {
    paused = true;
  }

  void resume() {
    paused = false;
    if (!busy) next();
  }

  private void next() {
    Integer p = packets.poll();
    if (p == null) return;
    long cost = costs.poll();
    busy = true;
    inService = p;
    busyPs += cost;
    sim.scheduleIn(cost, this, 0);
  }

  @Override
  public void onEvent(int tag) {
    busy = false;
    done.accept(inService);
    if (!busy && !paused) next();
  }

  /** Packets waiting, not counting the one in service. */
  int waiting() {
    return packets.size();
  }

  double busySeconds() {
    return busyPs / (double) Simulator.PS_PER_S;
  }

  long dropped() {
    return dropped;
  }
}
