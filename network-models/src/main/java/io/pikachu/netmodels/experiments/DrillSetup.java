package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.fabric.LeafSpine;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpConfig;
import io.pikachu.netmodels.traffic.FlowSizes;
import io.pikachu.netmodels.traffic.PoissonAllToAll;
import java.io.PrintStream;
import java.util.Locale;

/**
 * How seed 002's runs are set up: the leaf-spine, the scripts' TCP, web-search flows arriving as
 * Poisson all-to-all traffic for {@code durationPs}, flows measured if they start in {@code
 * [warmupPs, measureToPs)}, queues sampled every 1 us in {@code [warmupPs, measureToPs)}.
 */
public record DrillSetup(
    String name,
    LeafSpine fabric,
    TcpConfig tcp,
    FlowSizes sizes,
    long durationPs,
    long warmupPs,
    long measureToPs,
    boolean ns2Classifier) {

  /**
   * The scripts' topology (8 x 4 x 10, 20 Gbps uplinks), one second of traffic: flows starting in
   * [0.1, 0.7) s are measured, the last 0.3 s lets them finish under the same load.
   */
  public static DrillSetup full() {
    return new DrillSetup(
        "full",
        LeafSpine.drill(20),
        TcpConfig.drillScripts(),
        FlowSizes.webSearchDrill(),
        Simulator.PS_PER_S,
        100 * Simulator.PS_PER_MS,
        700 * Simulator.PS_PER_MS,
        false);
  }

  /**
   * For tests: 4 leaves x 4 spines x 4 hosts with the same oversubscription (8 Gbps uplinks), 0.25
   * s of traffic, flows starting in [0.02, 0.15) s measured.
   */
  public static DrillSetup small() {
    return new DrillSetup(
        "small",
        LeafSpine.drill(20).scaled(4, 4, 4),
        TcpConfig.drillScripts(),
        FlowSizes.webSearchDrill(),
        250 * Simulator.PS_PER_MS,
        20 * Simulator.PS_PER_MS,
        150 * Simulator.PS_PER_MS,
        false);
  }

  public static DrillSetup named(String scale) {
    return switch (scale) {
      case "full" -> full();
      case "small" -> small();
      default ->
          throw new IllegalArgumentException("unknown scale '" + scale + "': use full or small");
    };
  }

  public DrillSetup withUplinkGbps(int gbps) {
    if (gbps <= 0) throw new IllegalArgumentException("--uplink must be positive, got " + gbps);
    LeafSpine f = fabric;
    LeafSpine g =
        new LeafSpine(
            f.leaves(),
            f.spines(),
            f.hostsPerLeaf(),
            f.hostRateBps(),
            gbps * 1_000_000_000L,
            f.hostLinkDelayPs(),
            f.fabricLinkDelayPs(),
            f.queueBytes(),
            f.queuePackets());
    return new DrillSetup(name, g, tcp, sizes, durationPs, warmupPs, measureToPs, ns2Classifier);
  }

  public DrillSetup withDuration(long ps) {
    if (ps <= 0) throw new IllegalArgumentException("--duration must be positive");
    // Keep the proportions: warm-up a tenth, measurement until 70%.
    return new DrillSetup(name, fabric, tcp, sizes, ps, ps / 10, ps * 7 / 10, ns2Classifier);
  }

  public DrillSetup withNs2Classifier(boolean on) {
    return new DrillSetup(name, fabric, tcp, sizes, durationPs, warmupPs, measureToPs, on);
  }

  /** One run at a load (fraction of host link rate), optionally sampling queues every 1 us. */
  public Simulation simulation(Scheme scheme, double load, long seed, boolean sampleQueues) {
    if (!(load > 0 && load <= 1)) {
      throw new IllegalArgumentException("load must be in (0, 1], got " + load);
    }
    double wire = (tcp.mss() + tcp.headerBytes()) / (double) tcp.mss();
    Simulation s =
        new Simulation(fabric)
            .scheme(scheme)
            .tcp(tcp)
            .workload(
                (rnd, n) ->
                    new PoissonAllToAll(
                        n, fabric.hostRateBps(), load, sizes, wire, 0, durationPs, rnd))
            .seed(seed)
            .end(durationPs)
            .measure(warmupPs, measureToPs)
            .perDestinationGroups(ns2Classifier);
    if (sampleQueues) s.sampleQueues(Simulator.PS_PER_US, warmupPs, measureToPs);
    return s;
  }

  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s; %s; %.2f s of traffic, flows starting in [%.2f, %.2f) s measured%s",
        fabric.build(new io.pikachu.netmodels.net.Network(new Simulator(0))).description(),
        sizes.name(),
        durationPs / 1e12,
        warmupPs / 1e12,
        measureToPs / 1e12,
        ns2Classifier ? "; ns-2 per-destination classifiers" : "");
  }

  void print(PrintStream out) {
    out.println(describe());
  }
}
