package io.pikachu.netmodels.run;

import io.pikachu.netmodels.lb.Registry;
import io.pikachu.netmodels.tcp.TcpConfig;

/** The TCP presets by name ({@code --tcp}): the settings of each seed's simulator, and DCTCP. */
public final class TcpPresets {
  public static final Registry<TcpConfig> REGISTRY =
      new Registry<TcpConfig>("TCP preset")
          .register(
              "drill",
              "seed 002's ns-2 scripts: SACK, window 12, RTO 200 us, no fast retransmit",
              TcpConfig.drillScripts())
          .register(
              "spraying",
              "seed 004: NewReno, window 10, fast retransmit, RTO 10 ms",
              TcpConfig.sprayingDefaults())
          .register("netbench", "NetBench's NewReno socket", TcpConfig.netbench())
          .register(
              "sack",
              "NewReno with SACK recovery, window 10, fast retransmit, RTO 10 ms",
              TcpConfig.dataCentreSack())
          .register(
              "dctcp",
              "DCTCP (RFC 8257) on the sack preset: switches mark above --ecn-k packets",
              TcpConfig.dataCentreDctcp());

  /**
   * DCTCP's marking threshold K in packets when none is given: above the DCTCP paper's bound of C x
   * RTT / 7 on seed 002's fabric (10 Gbps hosts, 20 Gbps uplinks, 81 us: 10 and 19 packets), and
   * below its 50-packet queues.
   */
  public static final int DEFAULT_ECN_K = 20;

  private TcpPresets() {}

  /**
   * The switches' marking threshold for a TCP: {@code givenK} (or {@link #DEFAULT_ECN_K}) when the
   * TCP reacts to marks, none otherwise; a threshold given for a TCP that ignores marks is refused
   * rather than silently ignored.
   */
  public static int markingThreshold(TcpConfig tcp, Integer givenK) {
    if (!tcp.dctcp()) {
      if (givenK != null) {
        throw new IllegalArgumentException(
            "--ecn-k needs a TCP that reacts to marks (--tcp dctcp)");
      }
      return Simulation.NO_MARKING;
    }
    return givenK == null ? DEFAULT_ECN_K : givenK;
  }
}
