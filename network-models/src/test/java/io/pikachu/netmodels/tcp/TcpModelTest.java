package io.pikachu.netmodels.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.net.Packets;
import io.pikachu.netmodels.sim.Simulator;
import org.junit.jupiter.api.Test;

class TcpModelTest {
  private static final long US = Simulator.PS_PER_US;

  private static TcpConfig base() {
    return TcpConfig.drillScripts(); // IW 12, min RTO 200 us, no fast retransmit, SACK
  }

  @Test
  void oneWindowFlowTakesExactlyOneRoundTripPlusSerialisation() {
    Lab lab = new Lab(base());
    TcpSender s = lab.send(12 * 1460);
    // Last of 12 x 1500 B leaves h0 at 14.4 us, reaches h1 at 14.4 + 1 + 1.2 + 1 = 17.6 us; its
    // 40 B ACK (32 ns per hop) is back at 17.6 + 2 x 1.032 = 19.664 us.
    assertTrue(s.done());
    assertEquals(19.664, lab.fctUs(s), 1e-9);
    assertEquals(12, s.packetsSent());
    assertEquals(0, s.retransmits());
    assertEquals(0, lab.net.packets().live(), "every packet freed");
  }

  @Test
  void slowStartDoublesTheWindowEachRoundTrip() {
    Lab lab = new Lab(base().toBuilder().initialCwnd(1).build());
    TcpSender s = lab.send(7 * 1460); // 1 + 2 + 4 segments: three round trips
    assertEquals(7, s.packetsSent());
    double rtt = 2 * (1.2 + 1) + 2 * 1.032; // one segment there, its ACK back
    assertTrue(lab.fctUs(s) > 3 * rtt && lab.fctUs(s) < 3 * rtt + 6 * 1.2, "fct " + lab.fctUs(s));
  }

  @Test
  void lossWithoutFastRetransmitIsRecoveredByTheMinimumTimeout() {
    Lab lab = new Lab(base());
    lab.dropSegment(5, 1);
    TcpSender s = lab.send(30 * 1460);
    assertTrue(s.done());
    assertEquals(1, s.timeouts());
    assertEquals(0, s.fastRecoveries());
    assertEquals(1, s.retransmits());
    // The RTO (200 us floor) runs from the last new ACK, so the flow ends after 200 us.
    assertTrue(lab.fctUs(s) > 200 && lab.fctUs(s) < 300, "fct " + lab.fctUs(s));
  }

  @Test
  void afterATimeoutSackSparesWhatArrivedGoBackNResendsIt() {
    Lab sack = new Lab(base());
    sack.dropSegment(5, 1);
    sack.dropSegment(8, 1);
    TcpSender a = sack.send(30 * 1460);
    assertEquals(2, a.retransmits(), "only the two holes");
    Lab noSack = new Lab(base().toBuilder().sack(false).build());
    noSack.dropSegment(5, 1);
    noSack.dropSegment(8, 1);
    TcpSender b = noSack.send(30 * 1460);
    assertTrue(b.done());
    assertTrue(b.retransmits() > 2, "go-back-N also resends 9: " + b.retransmits());
  }

  @Test
  void retransmissionTimeoutBacksOffExponentially() {
    Lab lab = new Lab(base());
    lab.dropSegment(3, 3); // the original and two retransmissions are lost
    TcpSender s = lab.send(5 * 1460);
    assertEquals(3, s.timeouts());
    // Timeouts after 200, then 400, then 800 us: 1,400 us, plus the last round trip.
    assertTrue(lab.fctUs(s) > 1400 && lab.fctUs(s) < 1500, "fct " + lab.fctUs(s));
  }

  @Test
  void backOffStopsAtTheMaximumTimeout() {
    TcpConfig cfg = base().toBuilder().maxRto(500 * US).build();
    Lab lab = new Lab(cfg);
    lab.dropSegment(0, 4);
    TcpSender s = lab.send(1460);
    // 200 + 400 + 500 + 500 us of waiting.
    assertEquals(4, s.timeouts());
    assertTrue(lab.fctUs(s) > 1600 && lab.fctUs(s) < 1700, "fct " + lab.fctUs(s));
  }

  @Test
  void fastRetransmitRepairsASingleLossWithoutATimeout() {
    Lab lab = new Lab(base().toBuilder().fastRetransmit(true).build());
    lab.dropSegment(5, 1);
    TcpSender s = lab.send(30 * 1460);
    assertEquals(0, s.timeouts());
    assertEquals(1, s.fastRecoveries());
    assertEquals(1, s.retransmits());
    assertTrue(lab.fctUs(s) < 100, "fct " + lab.fctUs(s));
  }

  @Test
  void newRenoRepairsTwoLossesOfOneWindowWithPartialAcks() {
    Lab lab = new Lab(base().toBuilder().fastRetransmit(true).sack(false).build());
    lab.dropSegment(5, 1);
    lab.dropSegment(8, 1);
    TcpSender s = lab.send(30 * 1460);
    assertEquals(0, s.timeouts());
    assertEquals(1, s.fastRecoveries(), "one window reduction for both losses");
    assertEquals(2, s.retransmits());
  }

  @Test
  void reorderingIsVisibleAsDuplicateAcksAndOutOfOrderArrivals() {
    Lab lab = new Lab(TcpConfig.sprayingDefaults());
    Packets pk = lab.net.packets();
    lab.mid.holdPs = 5 * US; // segment 3 overtaken by the next four
    boolean[] held = {false};
    lab.mid.holdBack =
        p -> {
          if (!held[0] && pk.has(p, Packets.DATA) && pk.seq(p) == 3) {
            held[0] = true;
            return true;
          }
          return false;
        };
    TcpSender s = lab.send(10 * 1460);
    TcpReceiver r = lab.receivers.get(0);
    assertEquals(1, r.outOfOrder());
    // Four later segments produced duplicate ACKs: three triggered a spurious fast retransmit.
    assertEquals(1, s.fastRecoveries());
    assertEquals(0, s.timeouts());
  }

  @Test
  void lostSynsAreRetransmittedWithBackOff() {
    TcpConfig cfg = base().toBuilder().handshake(Simulator.PS_PER_S, 6, 5).build();
    Lab lab = new Lab(cfg);
    lab.dropSyns(2);
    TcpSender s = lab.send(1460);
    assertTrue(s.done());
    // SYNs at 0, 1 and 3 s (1 s, then 2 s): the third gets through.
    double fctS = lab.fctUs(s) / 1e6;
    assertTrue(fctS > 3 && fctS < 3.001, "fct " + fctS);
  }

  @Test
  void aConnectionFailsAfterItsLastSynRetry() {
    TcpConfig cfg = base().toBuilder().handshake(Simulator.PS_PER_S, 2, 5).build();
    Lab lab = new Lab(cfg);
    lab.dropSyns(10);
    TcpSender s = lab.send(1460);
    assertTrue(s.failed());
    assertEquals(1, lab.failed.size());
    // SYNs at 0, 1, 3 s; the last one's timer expires at 7 s.
    assertEquals(7.0, s.endPs() / 1e12, 1e-9);
  }

  @Test
  void aFullBacklogDropsTheSynAndTheClientRetries() {
    TcpConfig cfg = base().toBuilder().handshake(Simulator.PS_PER_S, 6, 5).build();
    Lab lab = new Lab(cfg);
    TcpServer server = new TcpServer(lab.stack, 0);
    lab.h1.setListener(server);
    lab.sim.schedule(
        2 * Simulator.PS_PER_S, tag -> lab.h1.setListener(new TcpServer(lab.stack, 1)), 0);
    TcpSender s = lab.send(1460);
    assertTrue(s.done());
    assertEquals(2, server.refused()); // SYNs at 0 and 1 s refused; the one at 3 s accepted
    assertTrue(lab.fctUs(s) / 1e6 > 3);
  }

  @Test
  void aLostSynAckIsRetransmittedByTheServer() {
    TcpConfig cfg = base().toBuilder().handshake(Simulator.PS_PER_S, 6, 5).build();
    Lab lab = new Lab(cfg);
    Packets pk = lab.net.packets();
    int[] left = {1};
    lab.mid.drop = p -> pk.flags(p) == (Packets.SYN | Packets.ACK) && left[0]-- > 0;
    TcpSender s = lab.send(1460);
    assertTrue(s.done());
    // Both ends time out after 1 s; the client's SYN and the server's SYN-ACK cross.
    double fctS = lab.fctUs(s) / 1e6;
    assertTrue(fctS > 1 && fctS < 1.001, "fct " + fctS);
  }

  @Test
  void delayedAcksHalveTheAckCount() {
    Lab lab = new Lab(base().toBuilder().delayedAck(40 * US).build());
    TcpSender s = lab.send(12 * 1460);
    assertTrue(s.done());
    assertEquals(6, lab.mid.ports().get(0).departures(), "6 ACKs toward h0");
  }
}
