package io.pikachu.netmodels.tcp;

import io.pikachu.netmodels.sim.Simulator;

/**
 * TCP parameters. Windows are in segments; times in picoseconds. Fast retransmit is off when {@code
 * dupAckThreshold} is {@link Integer#MAX_VALUE} (the DRILL scripts' {@code dynamic_dupack_ 1e6}:
 * loss recovery by timeout only). RTT is sampled on every ACK from the echoed timestamp.
 *
 * @param mss payload bytes per segment
 * @param headerBytes IP + TCP header bytes of every packet (an ACK is a header alone)
 * @param initialCwnd initial window, segments
 * @param initialSsthresh initial slow-start threshold, segments
 * @param maxCwnd largest window, segments (a receive-window stand-in)
 * @param minRtoPs floor of the retransmission timeout
 * @param initialRtoPs timeout before the first RTT sample
 * @param maxRtoPs ceiling of the timeout after back-off
 * @param rtoGranularityPs clock granularity G of RFC 6298 (ns-2's tcpTick)
 * @param dupAckThreshold duplicate ACKs that trigger fast retransmit
 * @param sack selective acknowledgements: the receiver reports up to 3 blocks, the sender skips
 *     what they cover when it retransmits
 * @param limitedTransmit send a new segment on each of the first two duplicate ACKs (RFC 3042)
 * @param delayedAck acknowledge every second in-order segment, or after {@code delayedAckPs}
 * @param delayedAckPs delayed-ACK timeout
 * @param handshake open connections with SYN, SYN-ACK, ACK
 * @param synRtoPs first SYN (and SYN-ACK) retransmission timeout; it doubles on every retry
 * @param synRetries SYN retransmissions before the connection fails (Linux: 6)
 * @param synAckRetries SYN-ACK retransmissions by the server (Linux: 5)
 * @param rtoStyle when the retransmission timer restarts and what feeds the RTT estimator
 * @param dctcp DCTCP (RFC 8257): data is sent ECN-capable, the receiver echoes each Congestion
 *     Experienced mark, and once per window the sender cuts its window by alpha / 2, alpha being
 *     the smoothed share of marked bytes (gain 1/16); the switches must mark (a port's threshold K)
 */
public record TcpConfig(
    int mss,
    int headerBytes,
    int initialCwnd,
    int initialSsthresh,
    int maxCwnd,
    long minRtoPs,
    long initialRtoPs,
    long maxRtoPs,
    long rtoGranularityPs,
    int dupAckThreshold,
    boolean sack,
    boolean limitedTransmit,
    boolean delayedAck,
    long delayedAckPs,
    boolean handshake,
    long synRtoPs,
    int synRetries,
    int synAckRetries,
    RtoStyle rtoStyle,
    boolean dctcp) {

  /** DCTCP's gain g: alpha moves 1/16 of the way to each window's marked share. */
  public static final double DCTCP_GAIN = 1.0 / 16;

  /** How the retransmission timer is run. */
  public enum RtoStyle {
    /**
     * RFC 6298: the timer restarts on every new ACK (and starts when data goes out with none
     * running); the SYN-ACK gives an RTT sample; a timeout keeps the RTT estimate, only backing
     * off.
     */
    RFC6298,
    /**
     * NetBench's NewReno: the timer restarts on every transmission and every new ACK; the SYN-ACK
     * gives no RTT sample; after a timeout the next sample starts the estimate afresh.
     */
    NETBENCH
  }

  public static final int NO_FAST_RETRANSMIT = Integer.MAX_VALUE;

  public TcpConfig {
    if (mss <= 0) throw new IllegalArgumentException("mss must be positive: " + mss);
    if (headerBytes < 0) throw new IllegalArgumentException("header bytes must be >= 0");
    if (initialCwnd < 1) throw new IllegalArgumentException("initial window must be >= 1");
    if (maxCwnd < initialCwnd) {
      throw new IllegalArgumentException(
          "max window " + maxCwnd + " below initial window " + initialCwnd);
    }
    if (minRtoPs < 0 || initialRtoPs <= 0 || maxRtoPs < minRtoPs) {
      throw new IllegalArgumentException("RTO bounds must satisfy 0 <= min <= max, initial > 0");
    }
    if (dupAckThreshold < 1) throw new IllegalArgumentException("dup-ACK threshold must be >= 1");
    if (handshake && (synRtoPs <= 0 || synRetries < 0 || synAckRetries < 0)) {
      throw new IllegalArgumentException("SYN timeout must be positive and retries >= 0");
    }
  }

  /**
   * Seed 002's ns-2 scripts: FullTcp/Sack, 1460 + 40 bytes, initial window 12, window cap 49, RTO
   * 200 us minimum and initial, 2 s maximum, 1 us tick, no fast retransmit, no delayed ACK, no
   * handshake (the scripts reuse persistent connections; slow-start restart makes each flow start
   * from the initial window).
   */
  public static TcpConfig drillScripts() {
    return new TcpConfig(
        1460,
        40,
        12,
        Integer.MAX_VALUE,
        49,
        200 * Simulator.PS_PER_US,
        200 * Simulator.PS_PER_US,
        2 * Simulator.PS_PER_S,
        Simulator.PS_PER_US,
        NO_FAST_RETRANSMIT,
        true,
        false,
        false,
        0,
        false,
        Simulator.PS_PER_S,
        6,
        5,
        RtoStyle.RFC6298,
        false);
  }

  /**
   * Seed 004 (ns-3.23 NewReno, whose defaults do not suit a data center): 1460 + 40 bytes, no SACK,
   * fast retransmit after 3 duplicate ACKs, initial window 10 (Linux), minimum and initial RTO 10
   * ms, no delayed ACK, no handshake. The window is capped at 44 segments: ns-3.23 has no window
   * scaling, so its receive window stops at 65,535 bytes.
   */
  public static TcpConfig sprayingDefaults() {
    return new TcpConfig(
        1460,
        40,
        10,
        Integer.MAX_VALUE,
        65_535 / 1460,
        10 * Simulator.PS_PER_MS,
        10 * Simulator.PS_PER_MS,
        2 * Simulator.PS_PER_S,
        Simulator.PS_PER_US,
        3,
        false,
        false,
        false,
        0,
        false,
        Simulator.PS_PER_S,
        6,
        5,
        RtoStyle.RFC6298,
        false);
  }

  /**
   * A data-centre TCP of the kind DRILL's and CONGA's evaluations run: NewReno with SACK loss
   * recovery (RFC 6675), fast retransmit after 3 duplicate ACKs and limited transmit, 1460 + 40
   * bytes, initial window 10 (Linux), minimum and initial RTO 10 ms (Linux's 200 ms is far above a
   * data centre's RTT; simulation studies lower it), window up to 10,000 segments, no delayed ACK,
   * no handshake. {@link #dataCentreDctcp()} is the same with DCTCP's congestion control.
   */
  public static TcpConfig dataCentreSack() {
    return new TcpConfig(
        1460,
        40,
        10,
        Integer.MAX_VALUE,
        10_000,
        10 * Simulator.PS_PER_MS,
        10 * Simulator.PS_PER_MS,
        2 * Simulator.PS_PER_S,
        Simulator.PS_PER_US,
        3,
        true,
        true,
        false,
        0,
        false,
        Simulator.PS_PER_S,
        6,
        5,
        RtoStyle.RFC6298,
        false);
  }

  /** {@link #dataCentreSack()} with DCTCP (RFC 8257); switches mark at a threshold K. */
  public static TcpConfig dataCentreDctcp() {
    return dataCentreSack().toBuilder().dctcp(true).build();
  }

  /**
   * NetBench's NewReno socket with its defaults (MSS 1380 + 120 header bytes, initial window 3,
   * slow-start threshold 30, window 65535 bytes = 47 segments, initial RTO 300 us and no minimum,
   * SACK, limited transmit, three-way handshake), for the speed comparison.
   */
  public static TcpConfig netbench() {
    return new TcpConfig(
        1380,
        120,
        3,
        30,
        47,
        0,
        300 * Simulator.PS_PER_US,
        Long.MAX_VALUE / 4,
        1,
        3,
        true,
        true,
        false,
        0,
        true,
        300 * Simulator.PS_PER_US,
        Integer.MAX_VALUE,
        Integer.MAX_VALUE,
        RtoStyle.NETBENCH,
        false);
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes some parameters of a configuration: {@code cfg.toBuilder().sack(false).build()}. */
  public static final class Builder {
    private int mss;
    private int headerBytes;
    private int initialCwnd;
    private int initialSsthresh;
    private int maxCwnd;
    private long minRtoPs;
    private long initialRtoPs;
    private long maxRtoPs;
    private long rtoGranularityPs;
    private int dupAckThreshold;
    private boolean sack;
    private boolean limitedTransmit;
    private boolean delayedAck;
    private long delayedAckPs;
    private boolean handshake;
    private long synRtoPs;
    private int synRetries;
    private int synAckRetries;
    private RtoStyle rtoStyle;
    private boolean dctcp;

    private Builder(TcpConfig c) {
      mss = c.mss;
      headerBytes = c.headerBytes;
      initialCwnd = c.initialCwnd;
      initialSsthresh = c.initialSsthresh;
      maxCwnd = c.maxCwnd;
      minRtoPs = c.minRtoPs;
      initialRtoPs = c.initialRtoPs;
      maxRtoPs = c.maxRtoPs;
      rtoGranularityPs = c.rtoGranularityPs;
      dupAckThreshold = c.dupAckThreshold;
      sack = c.sack;
      limitedTransmit = c.limitedTransmit;
      delayedAck = c.delayedAck;
      delayedAckPs = c.delayedAckPs;
      handshake = c.handshake;
      synRtoPs = c.synRtoPs;
      synRetries = c.synRetries;
      synAckRetries = c.synAckRetries;
      rtoStyle = c.rtoStyle;
      dctcp = c.dctcp;
    }

    public Builder mss(int v) {
      mss = v;
      return this;
    }

    public Builder initialCwnd(int v) {
      initialCwnd = v;
      return this;
    }

    public Builder maxCwnd(int v) {
      maxCwnd = v;
      return this;
    }

    public Builder minRto(long ps) {
      minRtoPs = ps;
      return this;
    }

    public Builder initialRto(long ps) {
      initialRtoPs = ps;
      return this;
    }

    public Builder maxRto(long ps) {
      maxRtoPs = ps;
      return this;
    }

    public Builder fastRetransmit(boolean on) {
      dupAckThreshold = on ? 3 : NO_FAST_RETRANSMIT;
      return this;
    }

    public Builder sack(boolean on) {
      sack = on;
      return this;
    }

    public Builder limitedTransmit(boolean on) {
      limitedTransmit = on;
      return this;
    }

    /** Delayed ACKs with this timeout; 0 turns them off. */
    public Builder delayedAck(long timeoutPs) {
      delayedAck = timeoutPs > 0;
      delayedAckPs = timeoutPs;
      return this;
    }

    /** A three-way handshake with this first SYN timeout and retry counts. */
    public Builder handshake(long synRto, int synRetryCount, int synAckRetryCount) {
      handshake = true;
      synRtoPs = synRto;
      synRetries = synRetryCount;
      synAckRetries = synAckRetryCount;
      return this;
    }

    /** DCTCP's sender and receiver (ECN-capable data, per-window cut by alpha / 2). */
    public Builder dctcp(boolean on) {
      dctcp = on;
      return this;
    }

    public Builder noHandshake() {
      handshake = false;
      return this;
    }

    public TcpConfig build() {
      return new TcpConfig(
          mss,
          headerBytes,
          initialCwnd,
          initialSsthresh,
          maxCwnd,
          minRtoPs,
          initialRtoPs,
          maxRtoPs,
          rtoGranularityPs,
          dupAckThreshold,
          sack,
          limitedTransmit,
          delayedAck,
          delayedAckPs,
          handshake,
          synRtoPs,
          synRetries,
          synAckRetries,
          rtoStyle,
          dctcp);
    }
  }

  /** Segments of a flow of {@code bytes} (at least one, so an empty flow sends one segment). */
  public int segments(long bytes) {
    return (int) Math.max(1, (bytes + mss - 1) / mss);
  }
}
