package io.pikachu.netmodels.experiments;

import io.pikachu.netmodels.fabric.LeafSpine;
import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.run.Simulation;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpConfig;
import io.pikachu.netmodels.traffic.FlowSizes;
import io.pikachu.netmodels.traffic.PoissonAllToAll;
import java.util.Locale;

/**
 * How seed 002's runs are set up: the leaf-spine, the scripts' TCP, web-search flows arriving as
 * Poisson all-to-all traffic for {@code durationPs}, flows measured if they start in {@code
 * [warmupPs, measureToPs)}, queues sampled every 1 us in {@code [warmupPs, measureToPs)}.
 *
 * <p>{@code packetPeriodPs}, when positive, spaces PPU's and CU's per-packet updates: a port's
 * entry is refreshed by packets at most once in that time ({@link Scheme#withPacketPeriod}).
 *
 * <p>{@code intervalScale} stretches the stale-queue update intervals of a scaled-down fabric: what
 * matters is how many packets a leaf forwards on one stale table, the interval times the uplink
 * rate, so a fabric with uplinks five times slower runs the thesis's "10 us" as 50 us.
 */
public record DrillSetup(
    String name,
    LeafSpine fabric,
    TcpConfig tcp,
    FlowSizes sizes,
    long durationPs,
    long warmupPs,
    long measureToPs,
    boolean ns2Classifier,
    double intervalScale,
    int ecnMarkPackets,
    long packetPeriodPs) {

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
        false,
        1.0,
        Simulation.NO_MARKING,
        0);
  }

  /**
   * For tests and quick looks: 4 leaves and 4 spines with 5 hosts per leaf, so that the uplinks (10
   * Gbps at the 1.25 oversubscription) stay at least as fast as a host link, as in the full fabric:
   * with slower uplinks ECMP would cap single flows and lose even at low load. Update intervals are
   * stretched twice (uplinks half as fast as the scripts'); 0.2 s of traffic, flows starting in
   * [0.02, 0.14) s measured.
   */
  public static DrillSetup small() {
    LeafSpine full = LeafSpine.drill(20);
    LeafSpine f = full.scaled(4, 4, 5);
    return new DrillSetup(
        "small",
        f,
        TcpConfig.drillScripts(),
        FlowSizes.webSearchDrill(),
        200 * Simulator.PS_PER_MS,
        20 * Simulator.PS_PER_MS,
        140 * Simulator.PS_PER_MS,
        false,
        (double) full.fabricRateBps() / f.fabricRateBps(),
        Simulation.NO_MARKING,
        0);
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
    return edit(b -> b.fabric = g);
  }

  public DrillSetup withDuration(long ps) {
    if (ps <= 0) throw new IllegalArgumentException("--duration must be positive");
    // Keep the proportions: warm-up a tenth, measurement until 70%.
    return edit(
        b -> {
          b.durationPs = ps;
          b.warmupPs = ps / 10;
          b.measureToPs = ps * 7 / 10;
        });
  }

  /**
   * The same measurement window, the run {@code ps} longer with flows still arriving: the window's
   * flows get that much more time to finish under the same load. A run of length D cuts off a flow
   * of the window after 0.3 D to 0.9 D, and the flows it cuts off are the slowest, so a short run
   * understates a scheme's slow tail; the DRILL scripts run 30 s, which gives nearly every logged
   * flow seconds.
   */
  public DrillSetup withTail(long ps) {
    if (ps <= 0) throw new IllegalArgumentException("--tail must be positive");
    return edit(b -> b.durationPs = durationPs + ps);
  }

  public DrillSetup withNs2Classifier(boolean on) {
    return edit(b -> b.ns2Classifier = on);
  }

  /**
   * Another TCP (the scripts' by default), and the switches' ECN marking threshold in packets for
   * one that reacts to marks ({@link Simulation#NO_MARKING} for none).
   */
  public DrillSetup withTcp(TcpConfig c, int markPackets) {
    return edit(
        b -> {
          b.tcp = c;
          b.ecnMarkPackets = markPackets;
        });
  }

  /**
   * PPU's and CU's per-packet updates spaced by {@code ps} (0: every packet refreshes its entry,
   * the model's reading); the other schemes are unaffected.
   */
  public DrillSetup withPacketPeriod(long ps) {
    if (ps < 0) throw new IllegalArgumentException("--ppu-period must not be negative");
    return edit(b -> b.packetPeriodPs = ps);
  }

  /** A copy with the components {@code change} sets; the others as in this setup. */
  private DrillSetup edit(java.util.function.Consumer<Copy> change) {
    Copy b = new Copy(this);
    change.accept(b);
    return new DrillSetup(
        b.name,
        b.fabric,
        b.tcp,
        b.sizes,
        b.durationPs,
        b.warmupPs,
        b.measureToPs,
        b.ns2Classifier,
        b.intervalScale,
        b.ecnMarkPackets,
        b.packetPeriodPs);
  }

  /** The components of a setup being copied, for {@link #edit}. */
  private static final class Copy {
    String name;
    LeafSpine fabric;
    TcpConfig tcp;
    FlowSizes sizes;
    long durationPs;
    long warmupPs;
    long measureToPs;
    boolean ns2Classifier;
    double intervalScale;
    int ecnMarkPackets;
    long packetPeriodPs;

    Copy(DrillSetup s) {
      name = s.name;
      fabric = s.fabric;
      tcp = s.tcp;
      sizes = s.sizes;
      durationPs = s.durationPs;
      warmupPs = s.warmupPs;
      measureToPs = s.measureToPs;
      ns2Classifier = s.ns2Classifier;
      intervalScale = s.intervalScale;
      ecnMarkPackets = s.ecnMarkPackets;
      packetPeriodPs = s.packetPeriodPs;
    }
  }

  /** One run at a load (fraction of host link rate), optionally sampling queues every 1 us. */
  public Simulation simulation(Scheme scheme, double load, long seed, boolean sampleQueues) {
    if (!(load > 0 && load <= 1)) {
      throw new IllegalArgumentException("load must be in (0, 1], got " + load);
    }
    double wire = (tcp.mss() + tcp.headerBytes()) / (double) tcp.mss();
    Simulation s =
        new Simulation(fabric)
            .scheme(scheme.withPacketPeriod(packetPeriodPs))
            .tcp(tcp)
            .workload(
                (rnd, n) ->
                    new PoissonAllToAll(
                        n, fabric.hostRateBps(), load, sizes, wire, 0, durationPs, rnd))
            .seed(seed)
            .end(durationPs)
            .measure(warmupPs, measureToPs)
            .perDestinationGroups(ns2Classifier)
            .ecnMarking(ecnMarkPackets);
    if (sampleQueues) s.sampleQueues(Simulator.PS_PER_US, warmupPs, measureToPs);
    return s;
  }

  /**
   * The run's length and measurement window in a few words, for a chart's axis: figures made with
   * and without {@code --tail} look alike and must say which they are.
   */
  public String window() {
    return String.format(
        Locale.ROOT,
        "flows starting in [%s, %s) s, run %s s",
        seconds(warmupPs),
        seconds(measureToPs),
        seconds(durationPs));
  }

  private static String seconds(long ps) {
    return java.math.BigDecimal.valueOf(ps / 1e12).stripTrailingZeros().toPlainString();
  }

  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s; %s; %.2f s of traffic, flows starting in [%.2f, %.2f) s measured%s%s%s%s",
        fabric.build(new io.pikachu.netmodels.net.Network(new Simulator(0))).description(),
        sizes.name(),
        durationPs / 1e12,
        warmupPs / 1e12,
        measureToPs / 1e12,
        ns2Classifier ? "; ns-2 per-destination classifiers" : "",
        intervalScale != 1
            ? String.format(
                Locale.ROOT, "; update intervals run %.0fx the nominal ones", intervalScale)
            : "",
        tcp.dctcp() ? "; DCTCP, switches mark at " + ecnMarkPackets + " packets" : "",
        packetPeriodPs > 0
            ? "; PPU and CU entries refreshed by packets at most once every "
                + Scheme.formatInterval(packetPeriodPs)
            : "");
  }
}
