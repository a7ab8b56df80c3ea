package io.pikachu.netmodels.tcp;

import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.sim.Timer;
import java.util.BitSet;

/**
 * The sending side of one flow: NewReno congestion control (RFC 5681, 6582) in segments, RTO per
 * RFC 6298 from timestamps echoed on every ACK, exponential back-off, optional fast retransmit,
 * limited transmit, SACK-guided retransmission, and an optional three-way handshake with SYN
 * back-off. Sequence numbers count segments; the last segment may be short.
 */
public final class TcpSender extends TcpEnd {
  enum State {
    SYN_SENT,
    ESTABLISHED,
    DONE,
    FAILED
  }

  private final long bytes;
  private final int segments;
  private final int lastPayload;
  private final Timer timer;
  private final long startPs;
  private long endPs = -1;
  private State state;

  private double cwnd;
  private double ssthresh;
  private int sndUna;
  private int sndNxt;
  private int sndMax;
  private int dupAcks;
  private int recover = -1; // highest segment sent when the last loss episode began
  private boolean inRecovery;
  private int holeRetransmits; // SACK hole retransmissions in flight during recovery
  private int rtxNext; // next segment to consider for a SACK hole retransmission
  private BitSet sacked;
  private int sackedEnd; // one past the highest SACKed segment

  private long peerTs; // the last timestamp the server sent (TS.Recent), echoed on our packets
  private long srtt = -1;
  private boolean restartEstimate; // NetBench: the next RTT sample starts the estimate afresh
  private long rttvar;
  private long rto;
  private int synTries;

  private long packetsSent;
  private long retransmits;
  private long timeouts;
  private long fastRecoveries;

  // DCTCP (RFC 8257).
  private double alpha = 1;
  private int dctcpWindowEnd; // alpha is updated once sndUna passes this segment
  private long dctcpAcked; // segments acknowledged in the current observation window
  private long dctcpMarked; // of which the ACKs carried ECN-Echo
  private int cwrUntil = -1; // the window was cut; no further cut until sndUna passes this
  private boolean ackEce; // the ACK being handled carries ECN-Echo
  private long windowCuts;

  TcpSender(TcpStack stack, int conn, Host host, int peer, int sport, int dport, long bytes) {
    super(stack, conn, host, peer, sport, dport);
    this.bytes = bytes;
    this.segments = cfg.segments(bytes);
    this.lastPayload = (int) (bytes - (long) (segments - 1) * cfg.mss());
    this.timer = new Timer(sim, this::onTimer);
    this.startPs = sim.now();
    this.cwnd = cfg.initialCwnd();
    this.ssthresh = cfg.initialSsthresh();
    this.rto = cfg.initialRtoPs();
  }

  void start() {
    if (cfg.handshake()) {
      state = State.SYN_SENT;
      sendSyn();
    } else {
      state = State.ESTABLISHED;
      trySend();
    }
  }

  // ---- Packets in.

  @Override
  public void receive(int p) {
    int flags = pk.flags(p);
    if ((flags & Packets.ACK) == 0) {
      pk.free(p);
      return;
    }
    long ecr = pk.tsEcr(p);
    if ((flags & Packets.SYN) != 0) {
      onSynAck(ecr, pk.tsVal(p));
      pk.free(p);
      return;
    }
    if (state != State.ESTABLISHED) {
      pk.free(p);
      return;
    }
    peerTs = pk.tsVal(p);
    if (ecr > 0) rttSample(sim.now() - ecr);
    if (cfg.sack()) readSack(p);
    int ack = pk.ack(p);
    ackEce = (pk.mark(p) & Packets.ECE) != 0;
    pk.free(p);
    if (ack > sndUna) {
      newAck(ack);
    } else if (ack == sndUna && sndMax > sndUna) {
      dupAck();
    }
    if (state == State.ESTABLISHED) trySend();
  }

  private void onSynAck(long ecr, long tsVal) {
    if (state == State.SYN_SENT) {
      // Only the first SYN-ACK sets TS.Recent: a later one (from another server that got a copy
      // of the SYN) is answered, but with the first server's timestamp.
      peerTs = tsVal;
      if (ecr > 0 && cfg.rtoStyle() == TcpConfig.RtoStyle.RFC6298) rttSample(sim.now() - ecr);
      state = State.ESTABLISHED;
      timer.cancel();
      sendPureAck();
      trySend();
    } else if (state == State.ESTABLISHED) {
      sendPureAck(); // our ACK of the SYN-ACK was lost: the server is still waiting for it
    }
  }

  private void readSack(int p) {
    int n = pk.sackCount(p);
    for (int i = 0; i < n; i++) {
      int s = Math.max(pk.sackStart(p, i), sndUna);
      int e = pk.sackEnd(p, i);
      if (s >= e) continue;
      if (sacked == null) sacked = new BitSet();
      sacked.set(s, e);
      if (e > sackedEnd) sackedEnd = e;
    }
  }

  private void newAck(int ack) {
    int newly = ack - sndUna;
    sndUna = ack;
    if (sndNxt < sndUna) sndNxt = sndUna;
    if (inRecovery) {
      if (ack > recover) {
        // Full acknowledgement: leave recovery with the window deflated (RFC 6582, option 1).
        inRecovery = false;
        holeRetransmits = 0;
        cwnd = Math.min(ssthresh, Math.max(sndMax - sndUna, 0) + 1.0);
        dupAcks = 0;
      } else {
        // Partial acknowledgement. NewReno takes the next unacknowledged segment as lost too and
        // retransmits it at once; with SACK, only a hole the receiver has reported enough
        // segments beyond is taken as lost (RFC 6675), so that reordering is not mistaken for loss.
        cwnd = Math.max(cwnd - newly + 1, 1);
        holeRetransmits = Math.max(0, holeRetransmits - newly);
        if (!cfg.sack()) {
          retransmit(sndUna);
        } else {
          int hole = nextHole(sndUna);
          if (hole >= 0 && lost(hole)) retransmit(hole);
        }
      }
    } else {
      dupAcks = 0;
      cwnd += cwnd < ssthresh ? 1 : 1 / cwnd;
      if (cwnd > cfg.maxCwnd()) cwnd = cfg.maxCwnd();
    }
    if (cfg.dctcp()) dctcp(newly);
    if (sndUna >= segments) {
      complete();
      return;
    }
    timer.setIn(rto);
  }

  /**
   * DCTCP's sender (RFC 8257, section 3.3): counts the acknowledged segments and those whose ACK
   * echoed a mark; once a window of data is acknowledged, alpha moves {@code g} of the way to the
   * window's marked share; an echoed mark cuts the window by alpha / 2, at most once a window.
   */
  private void dctcp(int newly) {
    dctcpAcked += newly;
    if (ackEce) dctcpMarked += newly;
    if (sndUna > dctcpWindowEnd) {
      double marked = dctcpAcked == 0 ? 0 : (double) dctcpMarked / dctcpAcked;
      alpha = (1 - TcpConfig.DCTCP_GAIN) * alpha + TcpConfig.DCTCP_GAIN * marked;
      dctcpAcked = 0;
      dctcpMarked = 0;
      dctcpWindowEnd = sndNxt;
    }
    if (ackEce && sndUna > cwrUntil && !inRecovery) {
      cwnd = Math.max(cwnd * (1 - alpha / 2), 2);
      ssthresh = cwnd;
      cwrUntil = sndNxt;
      windowCuts++;
    }
  }

  private void dupAck() {
    dupAcks++;
    if (inRecovery) {
      cwnd += 1; // each duplicate ACK means a segment has left the network
      if (cfg.sack()) {
        int hole = nextHole(rtxNext);
        if (hole >= 0 && lost(hole) && window() > sndNxt - sndUna + holeRetransmits) {
          holeRetransmits++;
          retransmit(hole);
        }
      }
    } else if (dupAcks == cfg.dupAckThreshold() && sndUna > recover) {
      fastRecoveries++;
      ssthresh = Math.max((sndMax - sndUna) / 2.0, 2);
      recover = sndMax - 1;
      inRecovery = true;
      holeRetransmits = 0;
      rtxNext = sndUna;
      cwnd = ssthresh + cfg.dupAckThreshold();
      retransmit(sndUna);
      timer.setIn(rto);
    }
  }

  /** First segment at or after {@code from} that the receiver does not hold (SACK), or -1. */
  private int nextHole(int from) {
    if (sacked == null) return -1;
    int h = sacked.nextClearBit(Math.max(from, sndUna));
    return h < sackedEnd ? h : -1;
  }

  /** RFC 6675's IsLost: at least dup-ACK-threshold segments above {@code seg} were SACKed. */
  private boolean lost(int seg) {
    int need = Math.min(cfg.dupAckThreshold(), 3);
    int i = seg;
    for (int k = 0; k < need; k++) {
      i = sacked.nextSetBit(i + 1);
      if (i < 0) return false;
    }
    return true;
  }

  // ---- Packets out.

  private int window() {
    return (int) Math.min(cwnd, cfg.maxCwnd());
  }

  private void trySend() {
    int win = window();
    if (cfg.limitedTransmit() && !inRecovery && dupAcks > 0 && dupAcks < cfg.dupAckThreshold()) {
      win += Math.min(dupAcks, 2);
    }
    while (sndNxt < segments && sndNxt - sndUna + holeRetransmits < win) {
      if (sacked != null && sacked.get(sndNxt)) {
        sndNxt++;
        continue;
      }
      sendSegment(sndNxt, sndNxt < sndMax);
      sndNxt++;
      if (sndNxt > sndMax) sndMax = sndNxt;
    }
  }

  private void retransmit(int seg) {
    sendSegment(seg, true);
    if (seg + 1 > rtxNext) rtxNext = seg + 1;
  }

  private void sendSegment(int seg, boolean again) {
    int flags = Packets.DATA;
    if (seg == segments - 1) flags |= Packets.FIN;
    if (again) {
      flags |= Packets.RETX;
      retransmits++;
    }
    int p = packet(flags, peerTs);
    if (cfg.dctcp()) pk.setMark(p, Packets.ECT);
    pk.setSeq(p, seg);
    pk.setBytes(p, (seg == segments - 1 ? lastPayload : cfg.mss()) + cfg.headerBytes());
    packetsSent++;
    send(p);
    if (!timer.armed() || cfg.rtoStyle() == TcpConfig.RtoStyle.NETBENCH) timer.setIn(rto);
  }

  private void sendSyn() {
    packetsSent++;
    send(packet(Packets.SYN, 0));
    timer.setIn(cfg.synRtoPs() << Math.min(synTries, 40));
  }

  private void sendPureAck() {
    packetsSent++;
    send(packet(Packets.ACK, peerTs));
  }

  // ---- Timers.

  private void onTimer() {
    switch (state) {
      case SYN_SENT -> {
        synTries++;
        if (synTries > cfg.synRetries()) {
          state = State.FAILED;
          endPs = sim.now();
          stack.close(this);
          stack.observer().onFailed(this);
          return;
        }
        timeouts++;
        sendSyn();
      }
      case ESTABLISHED -> retransmissionTimeout();
      default -> {}
    }
  }

  private void retransmissionTimeout() {
    timeouts++;
    ssthresh = Math.max((sndMax - sndUna) / 2.0, 2);
    cwnd = 1;
    recover = sndMax - 1;
    inRecovery = false;
    holeRetransmits = 0;
    dupAcks = 0;
    sndNxt = sndUna; // go back N, skipping what the receiver reported holding
    rtxNext = sndUna;
    rto = Math.min(rto * 2, cfg.maxRtoPs());
    restartEstimate = cfg.rtoStyle() == TcpConfig.RtoStyle.NETBENCH;
    trySend();
    timer.setIn(rto);
  }

  private void rttSample(long r) {
    if (r < 0) return;
    if (srtt < 0 || restartEstimate) {
      restartEstimate = false;
      srtt = r;
      rttvar = r / 2;
    } else {
      rttvar = (3 * rttvar + Math.abs(srtt - r)) / 4;
      srtt = (7 * srtt + r) / 8;
    }
    long t = srtt + Math.max(cfg.rtoGranularityPs(), 4 * rttvar);
    rto = Math.min(Math.max(t, cfg.minRtoPs()), cfg.maxRtoPs());
  }

  private void complete() {
    state = State.DONE;
    endPs = sim.now();
    timer.cancel();
    TcpReceiver r = stack.receiver(conn);
    stack.close(this);
    stack.observer().onComplete(this, r);
  }

  // ---- Results.

  public long bytes() {
    return bytes;
  }

  public int segments() {
    return segments;
  }

  public long startPs() {
    return startPs;
  }

  /** When the last byte was acknowledged (or the connection failed); -1 while running. */
  public long endPs() {
    return endPs;
  }

  public boolean done() {
    return state == State.DONE;
  }

  public boolean failed() {
    return state == State.FAILED;
  }

  public long packetsSent() {
    return packetsSent;
  }

  public long retransmits() {
    return retransmits;
  }

  public long timeouts() {
    return timeouts;
  }

  public long fastRecoveries() {
    return fastRecoveries;
  }

  public double cwnd() {
    return cwnd;
  }

  /** DCTCP's alpha: the smoothed share of marked segments (1 before the first window). */
  public double dctcpAlpha() {
    return alpha;
  }

  /** Window cuts DCTCP made on echoed marks. */
  public long ecnWindowCuts() {
    return windowCuts;
  }

  public long rtoPs() {
    return rto;
  }

  /** Smoothed RTT, or -1 before the first sample. */
  public long srttPs() {
    return srtt;
  }

  public int sndUna() {
    return sndUna;
  }

  /** Payload bytes acknowledged so far (all of them once the flow is done). */
  public long ackedBytes() {
    return sndUna >= segments ? bytes : (long) sndUna * cfg.mss();
  }
}
