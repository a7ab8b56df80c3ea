package io.pikachu.core.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.shuffle.FetchPlanner.Verdict;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FetchPlannerTest {
  private static BitSet bins(int from, int to) {
    BitSet set = new BitSet();
    set.set(from, to);
    return set;
  }

  private static String attempt(int map, int n) {
    return "attempt_1_0001_m_" + String.format("%06d", map) + "_" + n;
  }

  private static FetchPlanner planner(int maps, BitSet owned) {
    return new FetchPlanner(maps, 30, owned, 20, 60_000);
  }

  /** Fetches everything available, committing each output; returns the kept (map, bin) pairs. */
  private static List<String> drain(FetchPlanner p) {
    List<String> kept = new ArrayList<>();
    FetchUnit unit;
    while ((unit = p.next(0)) != null) {
      for (FetchUnit.Source s : unit.sources()) {
        if (p.commit(unit, s) != Verdict.DISCARD) {
          kept.add(s.map() + "/" + unit.bin());
        }
      }
      p.release(unit);
    }
    return kept;
  }

  @Test
  void fetchesEachOwnedBinOfEveryMapOnceBatchingMapsPerHost() {
    FetchPlanner p = planner(4, bins(10, 13));
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "http://h1:1/");
    p.mapSucceeded(1, attempt(1, 0), "h1:1", "http://h1:1/");
    p.mapSucceeded(2, attempt(2, 0), "h2:1", "http://h2:1/");
    FetchUnit first = p.next(0);
    assertEquals(10, first.bin());
    assertEquals(2, first.sources().size(), "maps of one host share a request");
    FetchUnit second = p.next(0);
    assertEquals("h2:1", second.host());
    assertNull(p.next(0), "a busy host gets no second request");
    p.release(first);
    p.release(second);
    drain(p);
    assertFalse(p.isComplete(), "map 3 has not finished");
    p.mapSucceeded(3, attempt(3, 0), "h2:1", "http://h2:1/");
    List<String> kept = drain(p);
    assertTrue(p.isComplete());
    assertEquals(1f, p.progress());
    assertEquals(3, kept.size(), "only map 3's three bins were left: " + kept);
  }

  @Test
  void lostBinsAreForgottenAndGainedBinsFetchedFromMapsAlreadyFetched() {
    FetchPlanner p = planner(2, bins(10, 20));
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/");
    p.mapSucceeded(1, attempt(1, 0), "h2:1", "u/");
    assertEquals(20, drain(p).size());
    assertTrue(p.isComplete());
    p.setOwned(bins(14, 24)); // lose 10..13, gain 20..23
    assertFalse(p.isComplete());
    assertFalse(p.kept(0).get(10), "lost bins are not kept any more");
    FetchUnit unit = p.next(0);
    assertTrue(unit.bin() >= 20 && unit.bin() < 24);
    assertEquals(
        Verdict.KEEP_RESHUFFLED,
        p.commit(unit, unit.sources().get(0)),
        "maps finished before the gain are re-shuffled");
    p.release(unit);
    assertEquals(7, drain(p).size());
    assertTrue(p.isComplete());
  }

  /**
   * Issue 29, item 7: map 0 re-runs after the reducer kept its bin 10 from attempt _0. Its bin 11
   * then comes from _1: kept beside _0's by default (deterministic maps), refused with one attempt
   * per map, and accepted again once no output of _0 is kept.
   */
  @Test
  void withOneAttemptPerMapAReRunMapsOutputIsNotMixedWithTheFirstAttempts() {
    for (boolean oneAttempt : new boolean[] {false, true}) {
      FetchPlanner p = new FetchPlanner(1, 30, bins(10, 11), 20, 60_000, oneAttempt);
      p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/");
      FetchUnit first = p.next(0);
      assertEquals(Verdict.KEEP, p.commit(first, first.sources().get(0)));
      p.release(first);
      p.mapObsolete(attempt(0, 0));
      p.mapSucceeded(0, attempt(0, 1), "h2:1", "u/");
      p.setOwned(bins(10, 12)); // bin 11 gained after the re-run
      FetchUnit second = p.next(0);
      assertEquals(11, second.bin());
      assertEquals(attempt(0, 1), second.sources().get(0).attempt());
      assertEquals(
          oneAttempt ? Verdict.OTHER_ATTEMPT : Verdict.KEEP_RESHUFFLED,
          p.commit(second, second.sources().get(0)),
          "one attempt per map: " + oneAttempt);
      p.release(second);
    }
    FetchPlanner p = new FetchPlanner(1, 30, bins(10, 11), 20, 60_000, true);
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/");
    FetchUnit first = p.next(0);
    p.commit(first, first.sources().get(0));
    p.release(first);
    p.mapObsolete(attempt(0, 0));
    p.mapSucceeded(0, attempt(0, 1), "h2:1", "u/");
    p.setOwned(bins(11, 12)); // bin 10, the only one from _0, lost: nothing of _0 is kept
    FetchUnit second = p.next(0);
    assertEquals(Verdict.KEEP_RESHUFFLED, p.commit(second, second.sources().get(0)));
  }

  @Test
  void anOutputOfABinLostWhileInFlightIsDiscarded() {
    FetchPlanner p = planner(1, bins(0, 2));
    p.mapSucceeded(0, attempt(0, 0), "h:1", "u/");
    FetchUnit unit = p.next(0);
    p.setOwned(bins(1, 3));
    if (unit.bin() == 0) {
      assertEquals(Verdict.DISCARD, p.commit(unit, unit.sources().get(0)));
    }
    p.release(unit);
    drain(p);
    assertTrue(p.isComplete());
    assertEquals(bins(1, 3), p.kept(0));
  }

  @Test
  void aBinLostAndRegainedDuringAFetchIsKeptExactlyOnce() {
    FetchPlanner p = planner(1, bins(0, 1));
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/");
    FetchUnit slow = p.next(0);
    p.setOwned(bins(1, 2));
    p.setOwned(bins(0, 1));
    p.release(slow); // as if the request timed out for the other output... then:
    FetchUnit again = p.next(0);
    assertNotNull(again);
    assertEquals(
        Verdict.KEEP_RESHUFFLED,
        p.commit(again, again.sources().get(0)),
        "regained after the map finished: re-shuffled");
    // the slow copy arriving late must not be kept a second time
    assertEquals(Verdict.DISCARD, p.commit(slow, slow.sources().get(0)));
  }

  @Test
  void obsoleteAttemptsAreNotFetchedAndReRunsReplaceThem() {
    FetchPlanner p = planner(1, bins(0, 2));
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/");
    FetchUnit unit = p.next(0);
    p.commit(unit, unit.sources().get(0));
    p.release(unit);
    p.mapObsolete(attempt(0, 0));
    assertNull(p.next(0), "nothing to fetch from an obsolete attempt");
    assertFalse(p.isComplete());
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/"); // a late duplicate event: still obsolete
    assertNull(p.next(0));
    p.mapSucceeded(0, attempt(0, 1), "h2:1", "u/");
    FetchUnit rerun = p.next(0);
    assertEquals("h2:1", rerun.host());
    assertEquals(attempt(0, 1), rerun.sources().get(0).attempt());
    assertEquals(1 - unit.bin(), rerun.bin(), "the bin kept from the old attempt stays kept");
    p.commit(rerun, rerun.sources().get(0));
    p.release(rerun);
    assertTrue(p.isComplete());
  }

  @Test
  void failedHostsArePenalisedWithGrowingBackOff() {
    FetchPlanner p = planner(1, bins(0, 1));
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/");
    FetchUnit unit = p.next(0);
    assertEquals(1, p.failed(unit, unit.sources().get(0), 0));
    p.release(unit);
    assertNull(p.next(5_000));
    assertEquals(8_000, p.millisUntilPenaltyEnds(5_000));
    FetchUnit retry = p.next(13_000);
    assertNotNull(retry);
    assertEquals(2, p.failed(retry, retry.sources().get(0), 13_000));
    p.release(retry);
    assertNull(p.next(13_000 + 16_000));
    assertNotNull(p.next(13_000 + 16_900));
  }

  @Test
  void tipFailedMapsDoNotBlockCompletion() {
    FetchPlanner p = planner(2, bins(0, 1));
    p.mapSucceeded(0, attempt(0, 0), "h1:1", "u/");
    drain(p);
    p.mapTipFailed(1);
    assertTrue(p.isComplete());
    assertEquals(2, p.mapsFinished());
  }

  /** Random interleavings of events, changes, failures and commits: never a second copy. */
  @Test
  void randomScheduleKeepsEveryOwnedOutputExactlyOnce() {
    Random random = new Random(3);
    for (int trial = 0; trial < 200; trial++) {
      int maps = 1 + random.nextInt(6);
      FetchPlanner p = new FetchPlanner(maps, 12, bins(0, 4), 1 + random.nextInt(3), 1000);
      Set<String> kept = new HashSet<>();
      List<FetchUnit> inFlight = new ArrayList<>();
      int[] attempts = new int[maps];
      long now = 0;
      for (int m = 0; m < maps; m++) {
        p.mapSucceeded(m, attempt(m, 0), "h" + random.nextInt(3), "u/");
      }
      for (int step = 0; step < 300; step++) {
        now += random.nextInt(500);
        int action = random.nextInt(10);
        if (action < 4) {
          FetchUnit u = p.next(now);
          if (u != null) {
            inFlight.add(u);
          }
        } else if (action < 7 && !inFlight.isEmpty()) {
          FetchUnit u = inFlight.remove(random.nextInt(inFlight.size()));
          for (FetchUnit.Source s : u.sources()) {
            if (random.nextInt(5) == 0) {
              p.failed(u, s, now);
            } else if (p.commit(u, s) != Verdict.DISCARD) {
              assertTrue(kept.add(s.map() + "/" + u.bin()), "kept twice: " + s + " " + u);
            }
          }
          p.release(u);
        } else if (action == 7) {
          int from = random.nextInt(10);
          BitSet target = bins(from, from + 1 + random.nextInt(12 - from));
          BitSet lost = p.owned();
          lost.andNot(target);
          kept.removeIf(k -> lost.get(Integer.parseInt(k.split("/")[1])));
          p.setOwned(target);
        } else if (action == 8) {
          int m = random.nextInt(maps);
          p.mapObsolete(attempt(m, attempts[m]));
          attempts[m]++;
          p.mapSucceeded(m, attempt(m, attempts[m]), "h" + random.nextInt(3), "u/");
        }
      }
      for (FetchUnit u : inFlight) {
        p.release(u);
      }
      now += 1_000_000;
      FetchUnit u;
      while ((u = p.next(now)) != null) {
        for (FetchUnit.Source s : u.sources()) {
          if (p.commit(u, s) != Verdict.DISCARD) {
            assertTrue(kept.add(s.map() + "/" + u.bin()));
          }
        }
        p.release(u);
      }
      assertTrue(p.isComplete(), "trial " + trial);
      BitSet owned = p.owned();
      assertEquals(maps * owned.cardinality(), kept.size(), "trial " + trial);
      for (String k : kept) {
        assertTrue(owned.get(Integer.parseInt(k.split("/")[1])));
      }
    }
  }

  @Test
  void aRefusedRequestOfSeveralMapsIsAskedForAgainOneMapAtATimeWithoutAFailure() {
    FetchPlanner p = planner(3, bins(0, 2));
    for (int m = 0; m < 3; m++) {
      p.mapSucceeded(m, attempt(m, 0), "h1:1", "http://h1:1/");
    }
    FetchUnit all = p.next(0);
    assertEquals(3, all.sources().size());
    assertTrue(p.splitRefused(all, all.sources()));
    p.release(all);
    FetchUnit one = p.next(0);
    assertNotNull(one, "no penalty: the host is asked again at once");
    assertEquals(List.of(FetchUnit.Source.of(0, attempt(0, 0))), one.sources());
    assertFalse(p.splitRefused(one, one.sources()), "a single map's refusal is that map's failure");
    assertEquals(1, p.failed(one, one.sources().get(0), 0));
    p.release(one);

    // a map that serves again, or is re-run, goes back to sharing requests
    FetchPlanner q = planner(3, bins(0, 1));
    for (int m = 0; m < 3; m++) {
      q.mapSucceeded(m, attempt(m, 0), "h1:1", "http://h1:1/");
    }
    FetchUnit first = q.next(0);
    q.splitRefused(first, first.sources());
    q.release(first);
    FetchUnit m0 = q.next(0);
    q.commit(m0, m0.sources().get(0));
    q.release(m0);
    q.mapSucceeded(1, attempt(1, 1), "h1:1", "http://h1:1/");
    FetchUnit alone = q.next(0);
    assertEquals(
        List.of(FetchUnit.Source.of(2, attempt(2, 0))),
        alone.sources(),
        "map 2 has not served since the refusal: still alone");
    q.commit(alone, alone.sources().get(0));
    q.release(alone);
    FetchUnit rerun = q.next(0);
    assertEquals(List.of(FetchUnit.Source.of(1, attempt(1, 1))), rerun.sources());
    q.commit(rerun, rerun.sources().get(0));
    q.release(rerun);
    q.setOwned(bins(0, 2));
    FetchUnit gained = q.next(0);
    assertEquals(1, gained.bin());
    assertEquals(3, gained.sources().size(), "every map served once: batching again");
  }

  /**
   * Issue 29, item 2: a reducer's bookkeeping grows with maps x the bins it owns, not with maps x
   * every bin of the job. 10,000 maps x 100,000 bins, a reducer owning 40 of them (four times its
   * even share), every output fetched: the planner retains far less than the 50 MB target.
   */
  @Test
  void bookkeepingGrowsWithTheOwnedBinsNotWithTheJob() {
    int maps = 10_000;
    FetchPlanner p = new FetchPlanner(maps, 100_000, bins(50_000, 50_040), 20, 60_000);
    for (int m = 0; m < maps; m++) {
      p.mapSucceeded(m, attempt(m, 0), "h" + (m % 500) + ":1", "http://h" + (m % 500) + ":1/");
    }
    assertEquals(maps * 40, drain(p).size());
    assertTrue(p.isComplete());
    long bytes = org.openjdk.jol.info.GraphLayout.parseInstance(p).totalSize();
    assertTrue(bytes < 10L << 20, "planner retains " + bytes + " bytes");
  }
}
