package io.pikachu.netmodels.tcp;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.sim.Timer;
import java.util.BitSet;

/**
 * The receiving side of one flow: cumulative ACKs (immediately, or every second in-order segment
 * with delayed ACKs), up to three SACK blocks, the echoed timestamp, and counts of reordering. With
 * a handshake it starts half open, answers the SYN with a SYN-ACK and retransmits it with back-off
 * until the client's ACK (or data) arrives.
 *
 * <p>A data packet is counted out of order when it carries a lower sequence number than one already
 * received and is not itself a retransmission: reordering by the network, not loss recovery.
 */
public final class TcpReceiver extends TcpEnd {
  private final TcpServer server; // null when created without a handshake
  private boolean halfOpen;
  private Timer timer; // SYN-ACK retransmission, then delayed ACK
  private int synAckTries;
  private long synTsVal;

  private int rcvNxt;
  private BitSet above; // segments received beyond rcvNxt
  private int highestSeen = -1;
  private int finSeg = -1;
  private long completePs = -1;
  private int unacked; // in-order segments not yet acknowledged (delayed ACK)
  private long pendingEcr;
  private boolean ce; // DCTCP: the last data packet carried Congestion Experienced

  private long dataPackets;
  private long outOfOrder;
  private long outOfOrderBytes;
  private long aheadOfOrder;
  private long duplicates;

  TcpReceiver(
      TcpStack stack,
      int conn,
      Host host,
      int peer,
      int sport,
      int dport,
      boolean halfOpen,
      TcpServer server) {
    super(stack, conn, host, peer, sport, dport);
    this.halfOpen = halfOpen;
    this.server = server;
  }

  @Override
  protected long timestamp() {
    return server == null ? sim.now() : server.timestamp(this, sim.now());
  }

  @Override
  public void receive(int p) {
    int flags = pk.flags(p);
    if ((flags & Packets.SYN) != 0) {
      // The first SYN (handed over by the server) or a retransmitted one: answer it.
      synTsVal = pk.tsVal(p);
      pk.free(p);
      if (halfOpen) sendSynAck();
      return;
    }
    if (halfOpen) established();
    if ((flags & Packets.DATA) == 0) {
      pk.free(p);
      return;
    }
    onData(p, flags);
  }

  private void established() {
    halfOpen = false;
    if (timer != null) timer.cancel();
    if (server != null) server.leftHalfOpen(this, true);
  }

  private void onData(int p, int flags) {
    int seg = pk.seq(p);
    long ecr = pk.tsVal(p);
    int wireBytes = pk.bytes(p);
    boolean marked = (pk.mark(p) & Packets.CE) != 0;
    pk.free(p);
    // DCTCP's receiver (RFC 8257, section 3.2): ACKs echo the last segment's mark, and a change of
    // mark is acknowledged at once, so that a delayed ACK never reports two kinds of segment.
    boolean markChanged = cfg.dctcp() && marked != ce;
    if (markChanged && unacked > 0) sendAck(pendingEcr, -1);
    ce = marked;
    dataPackets++;
    if ((flags & Packets.RETX) == 0 && seg < highestSeen) {
      outOfOrder++;
      outOfOrderBytes += wireBytes;
    }
    if (seg > highestSeen) highestSeen = seg;
    if ((flags & Packets.FIN) != 0) finSeg = seg;
    boolean inOrder = seg == rcvNxt;
    if (seg > rcvNxt) aheadOfOrder++;
    if (inOrder) {
      int before = rcvNxt;
      rcvNxt++;
      if (above != null && !above.isEmpty()) rcvNxt = above.nextClearBit(rcvNxt);
      if (server != null) server.onData(this, rcvNxt - before);
    } else if (seg > rcvNxt) {
      if (above == null) above = new BitSet();
      if (above.get(seg)) duplicates++;
      else above.set(seg);
    } else {
      duplicates++;
    }
    if (finSeg >= 0 && rcvNxt > finSeg && completePs < 0) completePs = sim.now();
    boolean holes = above != null && above.nextSetBit(rcvNxt) >= 0;
    if (cfg.delayedAck() && inOrder && !holes && !markChanged) {
      // RFC 5681: at least every second full segment, and within the delayed-ACK timeout.
      pendingEcr = ecr;
      if (++unacked >= 2) {
        sendAck(ecr, -1);
      } else {
        if (timer == null) timer = new Timer(sim, this::onTimer);
        timer.setIn(cfg.delayedAckPs());
      }
      return;
    }
    sendAck(ecr, inOrder ? -1 : seg);
  }

  private void sendAck(long ecr, int justReceived) {
    unacked = 0;
    if (timer != null && !halfOpen) timer.cancel();
    int p = packet(Packets.ACK, ecr);
    pk.setAck(p, rcvNxt);
    if (cfg.dctcp() && ce) pk.setMark(p, Packets.ECE);
    if (cfg.sack() && above != null) addSackBlocks(p, justReceived);
    send(p);
  }

  /** RFC 2018: the block holding the segment just received first, then the lowest others. */
  private void addSackBlocks(int p, int justReceived) {
    int firstStart = -1;
    if (justReceived > rcvNxt && above.get(justReceived)) {
      firstStart = justReceived;
      while (firstStart - 1 > rcvNxt && above.get(firstStart - 1)) firstStart--;
      pk.addSack(p, firstStart, above.nextClearBit(justReceived));
    }
    int s = above.nextSetBit(rcvNxt);
    while (s >= 0 && pk.sackCount(p) < Packets.MAX_SACK_BLOCKS) {
      int e = above.nextClearBit(s);
      if (s != firstStart) pk.addSack(p, s, e);
      s = above.nextSetBit(e);
    }
  }

  private void sendSynAck() {
    send(packet(Packets.SYN | Packets.ACK, synTsVal));
    if (timer == null) timer = new Timer(sim, this::onTimer);
    timer.setIn(cfg.synRtoPs() << Math.min(synAckTries, 40));
  }

  private void onTimer() {
    if (halfOpen) {
      synAckTries++;
      if (synAckTries > cfg.synAckRetries()) {
        // Give the half-open entry up, as a server does after its SYN-ACK retries.
        halfOpen = false;
        if (server != null) server.leftHalfOpen(this, false);
        host.unregister(conn);
        return;
      }
      sendSynAck();
    } else if (unacked > 0) {
      sendAck(pendingEcr, -1);
    }
  }

  void close() {
    if (timer != null) timer.cancel();
    if (halfOpen && server != null) server.leftHalfOpen(this, false);
    halfOpen = false;
    host.unregister(conn);
    if (server != null) server.onClosed(this);
  }

  /** Data packets received, including duplicates. */
  public long dataPackets() {
    return dataPackets;
  }

  /** Data packets that arrived after one with a higher sequence number (not retransmissions). */
  public long outOfOrder() {
    return outOfOrder;
  }

  /** Wire bytes (headers included) of the packets counted by {@link #outOfOrder()}. */
  public long outOfOrderBytes() {
    return outOfOrderBytes;
  }

  /**
   * Data packets that arrived ahead of the next expected one (what TCP puts in its out-of-order
   * queue): every packet behind a hole counts, whether the hole is a loss or a late packet.
   */
  public long aheadOfOrder() {
    return aheadOfOrder;
  }

  public long duplicates() {
    return duplicates;
  }

  /** When the whole flow had arrived, or -1. */
  public long completePs() {
    return completePs;
  }

  public boolean halfOpen() {
    return halfOpen;
  }
}
