package io.pikachu.netmodels.assign;

import java.util.Arrays;

/**
 * Result of one VIP-to-switch assignment: the HMux of each VIP ({@link #SMUX} if its traffic stays
 * on SMuxes), the switches hosting its TIPs, and the resource state it leaves.
 */
public final class Assignment {
  public static final int SMUX = -1;

  private final int[] hmux;
  private final int[][] tipSwitches;
  private final double[] gbps;
  private final NetworkState state;
  private final int stoppedAtRank;
  private final int skipped;
  private final double runSeconds;

  Assignment(
      int[] hmux,
      int[][] tipSwitches,
      double[] gbps,
      NetworkState state,
      int stoppedAtRank,
      int skipped,
      double runSeconds) {
    this.skipped = skipped;
    this.hmux = hmux;
    this.tipSwitches = tipSwitches;
    this.gbps = gbps;
    this.state = state;
    this.stoppedAtRank = stoppedAtRank;
    this.runSeconds = runSeconds;
  }

  public int vips() {
    return hmux.length;
  }

  public int hmuxOf(int vip) {
    return hmux[vip];
  }

  public boolean onHmux(int vip) {
    return hmux[vip] != SMUX;
  }

  public int[] tipSwitchesOf(int vip) {
    return tipSwitches[vip] == null ? new int[0] : tipSwitches[vip].clone();
  }

  public double gbps(int vip) {
    return gbps[vip];
  }

  public NetworkState state() {
    return state;
  }

  /**
   * Rank (in decreasing traffic) of the VIP at which the greedy stopped; vips() if it never
   * stopped.
   */
  public int stoppedAtRank() {
    return stoppedAtRank;
  }

  public double runSeconds() {
    return runSeconds;
  }

  /** VIPs passed over because no switch could take them (before the greedy stopped). */
  public int skipped() {
    return skipped;
  }

  public double totalGbps() {
    return Arrays.stream(gbps).sum();
  }

  public double hmuxGbps() {
    double s = 0;
    for (int v = 0; v < hmux.length; v++) if (hmux[v] != SMUX) s += gbps[v];
    return s;
  }

  public double leftoverGbps() {
    return totalGbps() - hmuxGbps();
  }

  public double hmuxShare() {
    double t = totalGbps();
    return t == 0 ? 1 : hmuxGbps() / t;
  }

  public int hmuxVipCount() {
    int n = 0;
    for (int h : hmux) if (h != SMUX) n++;
    return n;
  }

  /** Traffic (at this assignment's volumes) of VIPs whose location differs from {@code before}. */
  public double shuffledGbps(Assignment before) {
    if (before.vips() != vips())
      throw new IllegalArgumentException("assignments cover different VIP sets");
    double s = 0;
    for (int v = 0; v < hmux.length; v++) if (hmux[v] != before.hmux[v]) s += gbps[v];
    return s;
  }
}
