package io.pikachu.netmodels.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.metrics.PortStats;
import io.pikachu.netmodels.net.Host;
import io.pikachu.netmodels.net.Network;
import io.pikachu.netmodels.net.Port;
import io.pikachu.netmodels.net.Switch;
import io.pikachu.netmodels.sim.EventSource;
import io.pikachu.netmodels.sim.Simulator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DCTCP's defining behaviour (Alizadeh et al., SIGCOMM 2010, Fig. 1): long flows sharing a
 * bottleneck hold its queue near the marking threshold K, where NewReno with SACK fills the buffer
 * until it drops. Three 30 MB flows from three hosts into a fourth through one switch, every link
 * 10 Gbps with 10 us of delay (RTT 40 us), a 1000-packet buffer; the bottleneck's queue sampled
 * every 10 us once the flows are past slow start.
 */
class DctcpTest {
  private static final int K = 20;

  /** The bottleneck queue's samples (packets waiting), and its port's figures. */
  private record Run(int[] queue, PortStats bottleneck, List<TcpSender> flows) {
    int percentile(double q) {
      int[] s = queue.clone();
      Arrays.sort(s);
      return s[(int) Math.min(s.length - 1, Math.floor(q * s.length))];
    }
  }

  private static Run run(TcpConfig cfg) {
    Simulator sim = new Simulator(1);
    Network net = new Network(sim);
    Switch sw = new Switch(net, "s");
    List<Host> senders = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Host h = new Host(net, "h" + i);
      senders.add(h);
      net.connect(h, sw, 10_000_000_000L, 10 * Simulator.PS_PER_US, 1_500_000, 1000);
    }
    Host sink = new Host(net, "sink");
    Port[] last = net.connect(sw, sink, 10_000_000_000L, 10 * Simulator.PS_PER_US, 1_500_000, 1000);
    Port bottleneck = last[0];
    net.buildRoutes(false);
    for (Port p : net.ports()) if (p.owner() == sw) p.markAbove(K);
    List<TcpSender> done = new ArrayList<>();
    TcpStack stack =
        new TcpStack(
            net,
            cfg,
            new FlowObserver() {
              @Override
              public void onComplete(TcpSender flow, TcpReceiver receiver) {
                done.add(flow);
              }
            });
    for (Host h : senders) stack.open(h, sink, 30_000_000);
    int[] samples = new int[1500];
    long from = 5 * Simulator.PS_PER_MS;
    EventSource sampler =
        new EventSource() {
          int n;

          @Override
          public void onEvent(int tag) {
            samples[n++] = bottleneck.queueLength();
            if (n < samples.length) sim.scheduleIn(10 * Simulator.PS_PER_US, this, 0);
          }
        };
    sim.schedule(from, sampler, 0);
    sim.runUntil(10 * Simulator.PS_PER_S);
    return new Run(samples, PortStats.of(bottleneck), done);
  }

  @Test
  void dctcpHoldsTheQueueNearTheMarkingThresholdWhereNewRenoFillsTheBuffer() {
    Run dctcp = run(TcpConfig.dataCentreDctcp());
    Run reno = run(TcpConfig.dataCentreSack());
    assertEquals(3, dctcp.flows().size());
    assertEquals(3, reno.flows().size());
    String d =
        "DCTCP queue p10/p50/p90 "
            + dctcp.percentile(0.1)
            + "/"
            + dctcp.percentile(0.5)
            + "/"
            + dctcp.percentile(0.9)
            + ", NewReno "
            + reno.percentile(0.1)
            + "/"
            + reno.percentile(0.5)
            + "/"
            + reno.percentile(0.9)
            + "; "
            + dctcp.bottleneck()
            + "; "
            + reno.bottleneck();
    // DCTCP: the queue sits at K, give or take the packets a window's cut takes to show.
    assertTrue(dctcp.percentile(0.5) >= K / 2 && dctcp.percentile(0.5) <= 2 * K, d);
    assertTrue(dctcp.percentile(0.9) <= 3 * K, d);
    assertTrue(dctcp.bottleneck().ecnMarks() > 0, d);
    assertEquals(0, dctcp.bottleneck().drops(), d);
    // NewReno: the queue climbs to the buffer's 1000 packets, drops, halves, climbs again.
    assertTrue(reno.percentile(0.5) >= 10 * K, d);
    assertTrue(reno.bottleneck().drops() > 0, d);
    assertEquals(0, reno.bottleneck().ecnMarks(), "NewReno's packets are not ECN-capable: " + d);
    // Both keep the bottleneck busy: DCTCP's short queue costs no throughput.
    for (Run r : List.of(dctcp, reno)) {
      long last = r.flows().stream().mapToLong(TcpSender::endPs).max().orElseThrow();
      double gbps = 3 * 30_000_000 * 8 / (last / 1e12) / 1e9;
      assertTrue(gbps > 9.0, "goodput " + gbps + " Gbps; " + d);
    }
    // Alpha converged to a small share: most windows see few marks.
    assertTrue(
        dctcp.flows().stream().allMatch(f -> f.dctcpAlpha() < 0.5 && f.ecnWindowCuts() > 0), d);
  }
}
