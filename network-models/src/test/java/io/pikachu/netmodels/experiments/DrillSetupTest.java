package io.pikachu.netmodels.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.lb.Scheme;
import io.pikachu.netmodels.run.RunResult;
import io.pikachu.netmodels.sim.Simulator;
import io.pikachu.netmodels.tcp.TcpConfig;
import org.junit.jupiter.api.Test;

class DrillSetupTest {
  /**
   * A tail keeps the measured flows and gives them time: every flow the short run finished is
   * finished, the same, in the longer one, and fewer of the window's flows are left unfinished.
   */
  @Test
  void aTailMeasuresTheSameFlowsAndLetsMoreOfThemFinish() {
    DrillSetup base = DrillSetup.small().withDuration(40 * Simulator.PS_PER_MS);
    DrillSetup tailed = base.withTail(40 * Simulator.PS_PER_MS);
    assertEquals(base.warmupPs(), tailed.warmupPs());
    assertEquals(base.measureToPs(), tailed.measureToPs());
    assertEquals(80 * Simulator.PS_PER_MS, tailed.durationPs());
    Scheme ecmp = Scheme.parse("ecmp");
    RunResult shortRun = base.simulation(ecmp, 0.9, 1, false).run();
    RunResult longRun = tailed.simulation(ecmp, 0.9, 1, false).run();
    assertEquals(shortRun.windowStarted(), longRun.windowStarted());
    assertTrue(longRun.flows().containsAll(shortRun.flows()));
    assertTrue(
        shortRun.unfinishedInWindow() > 0
            && longRun.unfinishedInWindow() < shortRun.unfinishedInWindow(),
        "unfinished without and with the tail: "
            + shortRun.unfinishedInWindow()
            + ", "
            + longRun.unfinishedInWindow());
  }

  /** A chart names its run: a figure given a tail must not look like the 1 s one. */
  @Test
  void theWindowNamesTheRunLength() {
    DrillSetup full = DrillSetup.full();
    assertEquals("flows starting in [0.1, 0.7) s, run 1 s", full.window());
    assertEquals(
        "flows starting in [0.1, 0.7) s, run 2 s", full.withTail(Simulator.PS_PER_S).window());
  }

  /** Each {@code with...} changes what it names and leaves every other component as it was. */
  @Test
  void eachWithChangesOnlyWhatItNames() {
    DrillSetup s = DrillSetup.small();
    assertEquals(
        new DrillSetup(
            s.name(),
            s.fabric(),
            s.tcp(),
            s.sizes(),
            s.durationPs(),
            s.warmupPs(),
            s.measureToPs(),
            true,
            s.intervalScale(),
            s.ecnMarkPackets(),
            s.packetPeriodPs()),
        s.withNs2Classifier(true));
    DrillSetup p = s.withPacketPeriod(7);
    assertEquals(7, p.packetPeriodPs());
    assertEquals(
        s,
        new DrillSetup(
            p.name(),
            p.fabric(),
            p.tcp(),
            p.sizes(),
            p.durationPs(),
            p.warmupPs(),
            p.measureToPs(),
            p.ns2Classifier(),
            p.intervalScale(),
            p.ecnMarkPackets(),
            0));
    TcpConfig dctcp = TcpConfig.drillScripts();
    DrillSetup t = s.withTcp(dctcp, 20);
    assertEquals(20, t.ecnMarkPackets());
    assertEquals(s.fabric(), t.fabric());
    assertEquals(s.durationPs(), t.durationPs());
    DrillSetup u = s.withUplinkGbps(40);
    assertEquals(40_000_000_000L, u.fabric().fabricRateBps());
    assertEquals(s.fabric().leaves(), u.fabric().leaves());
    assertEquals(s.tcp(), u.tcp());
    assertEquals(s.intervalScale(), u.intervalScale());
    DrillSetup d = s.withDuration(10 * Simulator.PS_PER_MS);
    assertEquals(Simulator.PS_PER_MS, d.warmupPs());
    assertEquals(7 * Simulator.PS_PER_MS, d.measureToPs());
    assertEquals(s.ns2Classifier(), d.ns2Classifier());
    assertEquals(s.name(), d.name());
  }
}
