package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Router;
import io.pikachu.netmodels.sim.EventSource;
import java.util.SplittableRandom;

/**
 * A server's processor, in front of its TCP. Every packet arriving for the server waits its turn in
 * one {@link Fifo} and takes {@code packetCost}; a connection's request (its last data segment,
 * first copy) takes {@code requestCost} more. So a loaded server answers a SYN late, which is what
 * TAALK's race measures.
 *
 * <p>Other work takes the CPU in spells ({@link Stalls}): the servers differ in load over time, as
 * the seed assumes. A SYN is dropped on arrival when SYNs waiting here plus the server's
 * established, unfinished connections reach {@code backlog} (Linux drops SYNs when the accept queue
 * is full). The server's own packets leave at once.
 */
final class ServerCpu extends Router implements EventSource {
  private static final int STALL_START = 1;
  private static final int STALL_END = 2;
  private final Host host;
  private final long packetCostPs;
  private final long requestCostPs;
  private final int backlog;
  private final Stalls stalls;
  private final Fifo fifo;
  private long refusedSyns;

  /**
   * Spells of other work: lengths heavy-tailed (Pareto, shape 1.5: mostly short, now and then
   * seconds long, as pauses on shared machines are), exponential gaps between them, so that each
   * server spends {@code share} of its time in them; none when the mean length is 0.
   */
  record Stalls(long meanPs, double share, SplittableRandom random) {
    private static final double SHAPE = 1.5;

    boolean any() {
      return meanPs > 0 && share > 0;
    }

    long nextGap() {
      return draw(meanPs * (1 - share) / share);
    }

    long nextLength() {
      double min = meanPs * (SHAPE - 1) / SHAPE;
      return Math.max(1, Math.round(min * Math.pow(1 - random.nextDouble(), -1 / SHAPE)));
    }

    private long draw(double mean) {
      return Math.max(1, Math.round(-mean * Math.log(1 - random.nextDouble())));
    }
  }

  ServerCpu(
      Network net,
      Host host,
      long packetCostPs,
      long requestCostPs,
      int capacity,
      int backlog,
      Stalls stalls) {
    super(net, "cpu-" + host.name());
    this.host = host;
    this.packetCostPs = packetCostPs;
    this.requestCostPs = requestCostPs;
    this.backlog = backlog;
    this.stalls = stalls;
    this.fifo = new Fifo(net.sim(), capacity, this::processed);
    if (stalls.any()) {
      // Start anywhere in the on/off cycle: in a spell with the long-run share's odds.
      if (stalls.random().nextDouble() < stalls.share()) {
        fifo.pause();
        net.sim().scheduleIn(stalls.nextLength(), this, STALL_END);
      } else {
        net.sim().scheduleIn(stalls.nextGap(), this, STALL_START);
      }
    }
  }

  private static boolean isSyn(Packets pk, int p) {
    return pk.has(p, Packets.SYN) && !pk.has(p, Packets.ACK);
  }

  @Override
  public void receive(int p, Port from) {
    Packets pk = network().packets();
    if (pk.dst(p) != host.id()) {
      forward(p);
      return;
    }
    if (isSyn(pk, p) && fifo.waiting() >= backlog) {
      refusedSyns++;
      pk.free(p);
      return;
    }
    long cost = packetCostPs;
    if (pk.has(p, Packets.FIN) && !pk.has(p, Packets.RETX)) cost += requestCostPs;
    if (!fifo.offer(p, cost)) pk.free(p);
  }

  private void processed(int p) {
    forward(p);
  }

  @Override
  public void onEvent(int tag) {
    if (tag == STALL_START) {
      fifo.pause();
      network().sim().scheduleIn(stalls.nextLength(), this, STALL_END);
    } else {
      fifo.resume();
      network().sim().scheduleIn(stalls.nextGap(), this, STALL_START);
    }
  }

  /** CPU time spent on this service's packets, in seconds. */
  double busySeconds() {
    return fifo.busySeconds();
  }

  /** Packets dropped because the queue was full. */
  long dropped() {
    return fifo.dropped();
  }

  /** SYNs dropped on arrival because the backlog was full. */
  long refusedSyns() {
    return refusedSyns;
  }
}
