package io.pikachu.netmodels.taalk;

import io.pikachu.netmodels.sim.Simulator;

/**
 * One TAALK testbed: a client, a router, {@code balancers} load balancers and {@code servers}
 * servers of finite capacity, and how the balancers choose (see the docs for every value the seed
 * left open).
 *
 * @param choices servers a SYN is copied to under TAALK (d; the seed's 2)
 * @param packetCostPs server CPU time per arriving packet (the seed's user-space packet handling)
 * @param requestCostPs extra CPU time for a connection's request (its last data segment)
 * @param backlog packets waiting at a server's CPU from which on it drops new SYNs
 * @param cpuQueue packets waiting for a server's CPU before it drops arrivals (NFQUEUE's 1024)
 * @param slowSpeed speed of every second server, relative to the others (1: all alike)
 * @param startGapPs spacing of the client's connection starts (its threads starting one by one)
 * @param requestBytes bytes the client sends on each connection
 * @param stallMeanPs mean length of the spells in which other work takes a server's CPU (0: none)
 * @param stallShare long-run share of time each server spends in such spells
 * @param balancerCostPs a balancer's time per packet it sends on
 */
public record Setup(
    int servers,
    int balancers,
    Policy policy,
    int choices,
    long packetCostPs,
    long requestCostPs,
    int backlog,
    int cpuQueue,
    double slowSpeed,
    long startGapPs,
    long requestBytes,
    long stallMeanPs,
    double stallShare,
    long balancerCostPs,
    long seed) {
  public static final int MSS = 1460;

  public Setup {
    if (servers < 2) throw new IllegalArgumentException("--servers must be at least 2");
    if (balancers < 1) throw new IllegalArgumentException("--balancers must be at least 1");
    if (choices < 1 || choices > servers) {
      throw new IllegalArgumentException(
          "--choices must be between 1 and --servers (" + servers + "), got " + choices);
    }
    if (packetCostPs < 0 || requestCostPs < 0) {
      throw new IllegalArgumentException("server costs must be >= 0");
    }
    if (backlog < 1) throw new IllegalArgumentException("--backlog must be at least 1");
    if (cpuQueue < 1) throw new IllegalArgumentException("--cpu-queue must be at least 1");
    if (!(slowSpeed > 0) || slowSpeed > 1) {
      throw new IllegalArgumentException("--slow must be in (0, 1], got " + slowSpeed);
    }
    if (startGapPs < 0) throw new IllegalArgumentException("--gap must be >= 0");
    if (requestBytes < 1) throw new IllegalArgumentException("request size must be positive");
    if (balancerCostPs < 0) throw new IllegalArgumentException("balancer cost must be >= 0");
    if (stallMeanPs < 0) throw new IllegalArgumentException("--stall must be >= 0");
    if (!(stallShare >= 0) || stallShare >= 1) {
      throw new IllegalArgumentException("--stall-share must be in [0, 1), got " + stallShare);
    }
  }

  /** The seed's testbed: 1 client, 1 router, 2 balancers, 2 servers, TAALK with two hashes. */
  public static Setup seedTestbed() {
    return new Setup(
        2,
        2,
        Policy.TAALK,
        2,
        600 * Simulator.PS_PER_US,
        0,
        8,
        1024,
        1.0,
        3 * Simulator.PS_PER_MS,
        2L * MSS,
        30 * Simulator.PS_PER_MS,
        0.05,
        2 * Simulator.PS_PER_MS,
        1);
  }

  public Setup withPolicy(Policy p) {
    return edit(e -> e.policy = p);
  }

  /** {@code n} servers behind {@code lbs} balancers, TAALK copying each SYN to {@code d}. */
  public Setup withScale(int n, int lbs, int d) {
    return edit(
        e -> {
          e.servers = n;
          e.balancers = lbs;
          e.choices = d;
        });
  }

  public Setup withServer(long packetCost, long requestCost, int backlogSize, double slow) {
    return edit(
        e -> {
          e.packetCostPs = packetCost;
          e.requestCostPs = requestCost;
          e.backlog = backlogSize;
          e.slowSpeed = slow;
        });
  }

  public Setup withSeed(long s) {
    return edit(e -> e.seed = s);
  }

  public Setup withStartGap(long gapPs) {
    return edit(e -> e.startGapPs = gapPs);
  }

  public Setup withStalls(long meanPs, double share) {
    return edit(
        e -> {
          e.stallMeanPs = meanPs;
          e.stallShare = share;
        });
  }

  public Setup withBalancerCost(long costPs) {
    return edit(e -> e.balancerCostPs = costPs);
  }

  private Setup edit(java.util.function.Consumer<Editor> change) {
    Editor e = new Editor(this);
    change.accept(e);
    return e.build();
  }

  /** The fields of a setup, to change some and build a new one (checked again). */
  private static final class Editor {
    int servers;
    int balancers;
    Policy policy;
    int choices;
    long packetCostPs;
    long requestCostPs;
    int backlog;
    int cpuQueue;
    double slowSpeed;
    long startGapPs;
    long requestBytes;
    long stallMeanPs;
    double stallShare;
    long balancerCostPs;
    long seed;

    Editor(Setup s) {
      servers = s.servers;
      balancers = s.balancers;
      policy = s.policy;
      choices = s.choices;
      packetCostPs = s.packetCostPs;
      requestCostPs = s.requestCostPs;
      backlog = s.backlog;
      cpuQueue = s.cpuQueue;
      slowSpeed = s.slowSpeed;
      startGapPs = s.startGapPs;
      requestBytes = s.requestBytes;
      stallMeanPs = s.stallMeanPs;
      stallShare = s.stallShare;
      balancerCostPs = s.balancerCostPs;
      seed = s.seed;
    }

    Setup build() {
      return new Setup(
          servers,
          balancers,
          policy,
          choices,
          packetCostPs,
          requestCostPs,
          backlog,
          cpuQueue,
          slowSpeed,
          startGapPs,
          requestBytes,
          stallMeanPs,
          stallShare,
          balancerCostPs,
          seed);
    }
  }

  double speed(int server) {
    return server % 2 == 1 ? slowSpeed : 1.0;
  }
}
