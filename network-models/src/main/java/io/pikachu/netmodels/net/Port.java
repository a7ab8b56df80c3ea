package io.pikachu.netmodels.net;

import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.Simulator;

/**
 * An output port and the link behind it: a FIFO queue with drop-tail, a store-and-forward
 * transmitter of fixed rate, and a propagation delay to the peer node.
 *
 * <p>Because the queue is FIFO and the rate fixed, a packet's transmission start, end and arrival
 * at the peer are known when it is enqueued. The port keeps them in a ring and has at most one
 * event in the simulator's queue, the arrival of the oldest packet still on its way (htsim's
 * long-lived queue and pipe in one): one event per packet per hop, and nothing allocated. The queue
 * length at any time is the number of packets whose transmission has not started, found by
 * advancing a cursor over the start times; like ns-2's {@code Queue::length()} it excludes the
 * packet being transmitted.
 */
public final class Port implements EventSource {
  private static final long BITS_PS = 8_000_000_000_000L; // 8 bits x 10^12 ps per second
  private static final long NONE = Long.MAX_VALUE;

  private final Network net;
  private final Simulator sim;
  private final Packets pk;
  private final Node owner;
  private final Node peer;
  private final int index;
  private final long rateBps;
  private final long psPerByte; // exact per-byte time, or -1 when the rate does not divide 8e12
  private final long delayPs;
  private final long maxQueueBytes;
  private final int maxQueuePackets;

  // Ring of packets from enqueue until arrival at the peer: per slot, the packet and its bytes
  // (one long), its transmission start and its arrival at the peer. One array, so that a slot is
  // one cache line, and advancing the cursor touches only this port.
  private static final int SLOT = 3;
  private long[] ring;
  private int mask;
  private int head; // oldest packet not yet delivered
  private int tail; // next free slot
  private int firstWaiting; // oldest packet whose transmission has not started (head..tail)
  // Its transmission start (NONE when nothing waits): DRILL reads three queue lengths a packet, and
  // this field, on the port's own line, says whether the cursor needs the ring at all.
  private long nextStart = NONE;
  private long bytesWaiting;
  private long lastTxEnd;

  private long departures;
  private long bytesSent;
  private long drops;
  private long busyPs;
  private int markAbovePackets = Integer.MAX_VALUE; // ECN: mark when this many already wait
  private long ecnMarks;
  private int peakPackets;
  private long peakBytes;

  Port(
      Network net,
      Node owner,
      Node peer,
      int index,
      long rateBps,
      long delayPs,
      long maxQueueBytes,
      int maxQueuePackets) {
    if (rateBps <= 0) throw new IllegalArgumentException("link rate must be positive");
    if (delayPs < 0) throw new IllegalArgumentException("link delay must not be negative");
    this.net = net;
    this.sim = net.sim();
    this.pk = net.packets();
    this.owner = owner;
    this.peer = peer;
    this.index = index;
    this.rateBps = rateBps;
    this.psPerByte = BITS_PS % rateBps == 0 ? BITS_PS / rateBps : -1;
    this.delayPs = delayPs;
    this.maxQueueBytes = maxQueueBytes;
    this.maxQueuePackets = maxQueuePackets;
    ring = new long[16 * SLOT];
    mask = 15;
  }

  public Node owner() {
    return owner;
  }

  public Node peer() {
    return peer;
  }

  /** Position of this port among its owner's ports. */
  public int index() {
    return index;
  }

  public long rateBps() {
    return rateBps;
  }

  public long delayPs() {
    return delayPs;
  }

  public long transmissionPs(int bytes) {
    return psPerByte >= 0 ? bytes * psPerByte : (bytes * BITS_PS + rateBps - 1) / rateBps;
  }

  /**
   * Queues a packet for transmission, or drops (and frees) it when the queue is full: drop-tail
   * when the waiting packets' bytes plus this one would exceed the byte limit, or when as many
   * packets as the packet limit are already waiting.
   *
   * @return whether the packet was accepted
   */
  public boolean enqueue(int p) {
    long now = sim.now();
    advance(now);
    int size = pk.bytes(p);
    if (bytesWaiting + size > maxQueueBytes || tail - firstWaiting >= maxQueuePackets) {
      drops++;
      net.dropped(this, p);
      pk.free(p);
      return false;
    }
    if (tail - firstWaiting >= markAbovePackets && (pk.mark(p) & Packets.ECT) != 0) {
      pk.setMark(p, pk.mark(p) | Packets.CE);
      ecnMarks++;
    }
    if (tail - head > mask) growRing();
    long start = Math.max(now, lastTxEnd);
    long tx = transmissionPs(size);
    long end = start + tx;
    lastTxEnd = end;
    busyPs += tx;
    int slot = (tail & mask) * SLOT;
    ring[slot] = ((long) p << 32) | size;
    ring[slot + 1] = start;
    ring[slot + 2] = end + delayPs;
    boolean wasEmpty = head == tail;
    tail++;
    if (start > now) {
      if (firstWaiting == tail - 1) nextStart = start; // the only packet waiting
      bytesWaiting += size;
      if (bytesWaiting > peakBytes) peakBytes = bytesWaiting;
      if (tail - firstWaiting > peakPackets) peakPackets = tail - firstWaiting;
    } else if (firstWaiting == tail - 1) {
      firstWaiting = tail; // starts at once: never counted as waiting
    }
    if (wasEmpty) sim.schedule(end + delayPs, this, 0);
    return true;
  }

  /** Packets waiting for transmission now (not counting the one being transmitted). */
  public int queueLength() {
    advance(sim.now());
    return tail - firstWaiting;
  }

  /** Bytes waiting for transmission now. */
  public long queueBytes() {
    advance(sim.now());
    return bytesWaiting;
  }

  private void advance(long now) {
    if (nextStart > now) return;
    int fw = firstWaiting;
    long next = NONE;
    while (fw != tail) {
      int slot = (fw & mask) * SLOT;
      long start = ring[slot + 1];
      if (start > now) {
        next = start;
        break;
      }
      bytesWaiting -= (int) ring[slot];
      fw++;
    }
    firstWaiting = fw;
    nextStart = next;
  }

  @Override
  public void onEvent(int tag) {
    long entry = ring[(head & mask) * SLOT];
    int p = (int) (entry >>> 32);
    head++;
    // The packet has started (it arrives after its transmission ends): move the cursor past it.
    if (firstWaiting - head < 0) advance(sim.now());
    if (head != tail) sim.schedule(ring[(head & mask) * SLOT + 2], this, 0);
    departures++;
    bytesSent += (int) entry;
    pk.setLastHop(p, owner.id());
    peer.receive(p, this);
  }

  private void growRing() {
    int n = 2 * (mask + 1);
    long[] r = new long[n * SLOT];
    for (int i = head; i != tail; i++) {
      System.arraycopy(ring, (i & mask) * SLOT, r, (i & (n - 1)) * SLOT, SLOT);
    }
    ring = r;
    mask = n - 1;
  }

  /** Packets delivered to the peer: this port's packet-hops. */
  public long departures() {
    return departures;
  }

  public long bytesSent() {
    return bytesSent;
  }

  public long drops() {
    return drops;
  }

  /**
   * ECN marking as DCTCP's switches do it: an ECN-capable packet that arrives to find at least
   * {@code packets} packets waiting is marked Congestion Experienced instead of waiting unmarked
   * (the drop-tail limit still applies). {@code Integer.MAX_VALUE} turns marking off.
   */
  public void markAbove(int packets) {
    if (packets < 0) throw new IllegalArgumentException("marking threshold must be >= 0");
    markAbovePackets = packets;
  }

  /** Packets this port marked Congestion Experienced. */
  public long ecnMarks() {
    return ecnMarks;
  }

  /** Most packets waiting at once (not counting the one being transmitted). */
  public int peakQueuePackets() {
    return peakPackets;
  }

  /** Most bytes waiting at once. */
  public long peakQueueBytes() {
    return peakBytes;
  }

  /** Time the transmitter was (or is booked to be) busy, in ps. */
  public long busyPs() {
    return busyPs;
  }

  @Override
  public String toString() {
    return owner.name() + "->" + peer.name();
  }
}
