package io.pikachu.netmodels.taalk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.netmodels.maglev.FiveTuple;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TaalkMechanismTest {
  /** The seed's testbed with no spells of other work: nothing but the mechanism. */
  private static Setup quiet(Policy p) {
    return Setup.seedTestbed().withPolicy(p).withStalls(0, 0);
  }

  @Test
  void marksAreMultiplesOfOnePrimeOnlyAndFitThirtyTwoBits() {
    Marks m = new Marks(64);
    assertEquals(65537, m.prime(0));
    assertEquals(65539, m.prime(1));
    for (long clock : new long[] {0, 1, 65537, 123_456_789, (1L << 32) - 5, 1L << 40}) {
      for (int i = 0; i < m.count(); i++) {
        long ts = m.mark(clock, i);
        assertTrue(ts > 0 && ts < Marks.TS_MODULUS, "mark " + ts);
        assertEquals(0, ts % m.prime(i));
        assertEquals(i, m.read(ts), "read back mark of prime " + i + " at clock " + clock);
      }
    }
    assertEquals(-1, m.read(0), "an unmarked (SYN) echo names no server");
    assertEquals(-1, m.read(65538));
  }

  @Test
  void hashFunctionsNameDifferentServersAndServersKnowWhichChoseThem() {
    ServerChoice c = new ServerChoice(16, 3, 7);
    int[] hits = new int[16];
    for (int port = 0; port < 3000; port++) {
      FiveTuple t = new FiveTuple(42, 1, 1024 + port, 80, 6);
      int[] s = c.choose(t);
      assertEquals(3, new HashSet<>(Arrays.stream(s).boxed().toList()).size(), "distinct");
      for (int j = 0; j < 3; j++) {
        assertEquals(j, c.indexOf(t, s[j]));
        hits[s[j]]++;
      }
    }
    // 9,000 picks over 16 servers: each near 562, none starved.
    for (int h : hits) assertTrue(h > 400 && h < 730, "picks per server " + Arrays.toString(hits));
  }

  @Test
  void taalkCopiesTheSynToBothServersAndTheLoserGivesUp() {
    LoadRun r = Testbed.run(quiet(Policy.TAALK), 1, 0);
    assertEquals(2, r.synCopies());
    assertEquals(1, r.won()[0] + r.won()[1], "one server won the connection");
    assertEquals(1, r.abandoned(), "the other gave its half-open connection up");
    assertEquals(0, r.unmarked(), "every later packet carried a readable mark");
    assertEquals(0, r.failed());
    // Handshake, request and ACK through 1 Gbps, 50 us links and millisecond processing.
    assertTrue(r.fct()[0] > 0.002 && r.fct()[0] < 0.02, "fct " + r.fct()[0]);
  }

  @Test
  void randomAndMaglevSendEachConnectionToOneServer() {
    for (Policy p : new Policy[] {Policy.RANDOM, Policy.MAGLEV}) {
      LoadRun r = Testbed.run(quiet(p), 40, 3);
      assertEquals(0, r.synCopies(), p.label());
      assertEquals(0, r.abandoned(), p.label());
      assertEquals(40, r.won()[0] + r.won()[1], p.label());
      assertEquals(0, r.unmarked(), p.label());
      assertTrue(r.won()[0] > 5 && r.won()[1] > 5, p.label() + " " + Arrays.toString(r.won()));
    }
  }

  @Test
  void maglevSendsTheSameConnectionToTheSameServerInEveryRepetitionOfARun() {
    LoadRun a = Testbed.run(quiet(Policy.MAGLEV), 30, 1);
    LoadRun b = Testbed.run(quiet(Policy.MAGLEV), 30, 1);
    assertTrue(Arrays.equals(a.won(), b.won()));
    assertTrue(Arrays.equals(a.fct(), b.fct()), "same seed, same run");
    LoadRun c = Testbed.run(quiet(Policy.MAGLEV), 30, 2);
    assertNotEquals(Arrays.toString(a.fct()), Arrays.toString(c.fct()), "another repetition");
  }

  @Test
  void aStalledServerLosesTheRaceSoTaalkRoutesAroundIt() {
    // Server 1 half speed: under TAALK it answers later and wins fewer connections.
    Setup s = quiet(Policy.TAALK).withServer(600_000_000L, 0, 8, 0.25);
    LoadRun r = Testbed.run(s, 60, 0);
    assertTrue(r.won()[0] > 2 * r.won()[1], "won " + Arrays.toString(r.won()));
    Set<Double> none = new HashSet<>();
    for (double f : r.fct()) if (f > 0.9) none.add(f);
    assertTrue(none.isEmpty(), "no back-off under TAALK: " + none);
  }
}
