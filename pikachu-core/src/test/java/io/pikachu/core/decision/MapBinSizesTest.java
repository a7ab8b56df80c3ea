package io.pikachu.core.decision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinBytesReport;
import io.pikachu.core.binmap.MapBinBytesReport;
import io.pikachu.core.decision.observe.AttemptState;
import io.pikachu.core.decision.observe.BinSizes;
import io.pikachu.core.decision.observe.StatusReport;
import io.pikachu.core.decision.observe.TaskPhase;
import io.pikachu.core.decision.observe.TaskType;
import io.pikachu.core.partitioning.Slicing;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 43: the AM knows each bin's bytes from the maps' final statuses, as soon as a quarter of
 * the maps have finished, whether or not any reducer has reported.
 */
class MapBinSizesTest {

  private static final int MAPS = 40;
  private static final int REDUCERS = 20;
  private static final int BINS = 10 * REDUCERS; // the default bins per reducer: more than fit

  /** Bin b's bytes in each map's output: skewed, heavy bins scattered. */
  private static long perMap(int b) {
    return 1_000_000L * 40 / (1 + (b * 7) % 40) + b;
  }

  private static long[] perMapBytes() {
    long[] bytes = new long[BINS];
    for (int b = 0; b < BINS; b++) {
      bytes[b] = perMap(b);
    }
    return bytes;
  }

  private static StatusReport mapEnd(int map, AttemptState state, String binBytes) {
    return StatusReport.of(
            1_000L + map,
            "attempt_1_0001_m_" + map + "_0",
            TaskType.MAP,
            map,
            "n1",
            TaskPhase.SORT,
            state,
            1.0,
            0,
            map + 1,
            MAPS,
            100,
            1L)
        .withBinBytes(binBytes);
  }

  private static ByteShares shares() {
    return new ByteShares(ControllerConfig.fromMap(Map.of()), REDUCERS, Slicing.HASH);
  }

  @Test
  void aQuarterOfTheMapsReportsIsEnoughToKnowEveryBinsBytes() {
    ByteShares shares = shares();
    String report = MapBinBytesReport.encode(perMapBytes(), 512);
    int quarter = MAPS / 4;
    for (int m = 0; m < quarter - 1; m++) {
      shares.onReport(mapEnd(m, AttemptState.RUNNING, report));
    }
    assertFalse(shares.known(MAPS).isPresent(), "a map short of a quarter");
    assertTrue(shares.arriving());
    shares.onReport(mapEnd(quarter - 1, AttemptState.SUCCEEDED, report));
    long[] known = shares.known(MAPS).orElseThrow();
    MapBinBytesReport r = MapBinBytesReport.decode(report, BINS).orElseThrow();
    assertTrue(r.restBins() > 0, "some bins in the rest: " + r.listed() + " listed");
    long smallestListed = Long.MAX_VALUE;
    java.util.BitSet listed = new java.util.BitSet();
    for (int i = 0; i < r.listed(); i++) {
      assertEquals(perMap(r.bin(i)) * MAPS, known[r.bin(i)], "a listed bin is exact");
      smallestListed = Math.min(smallestListed, perMap(r.bin(i)));
      listed.set(r.bin(i));
    }
    long total = 0;
    for (int b = 0; b < BINS; b++) {
      total += known[b];
      if (!listed.get(b)) {
        assertTrue(known[b] <= smallestListed * MAPS, "bin " + b + ": " + known[b]);
      }
    }
    long expected = 0;
    for (long b : perMapBytes()) {
      expected += b * MAPS;
    }
    assertEquals(expected, total, MAPS, "the rest is spread, not lost");
  }

  @Test
  void aMapCountsOnceAndFailedForeignOrDamagedReportsCountNot() {
    ByteShares shares = shares();
    String report = MapBinBytesReport.encode(perMapBytes(), 512);
    for (int m = 0; m < MAPS / 4 - 1; m++) {
      shares.onReport(mapEnd(m, AttemptState.RUNNING, report));
    }
    // the same map's final status again (the AM re-sends it), and a second attempt of it
    shares.onReport(mapEnd(0, AttemptState.SUCCEEDED, report));
    shares.onReport(mapEnd(0, AttemptState.RUNNING, report));
    // a failed attempt; a report of another layout (20 bins); one cut short; one damaged
    shares.onReport(mapEnd(30, AttemptState.FAILED, report));
    long[] other = new long[20];
    java.util.Arrays.fill(other, 5);
    shares.onReport(mapEnd(31, AttemptState.SUCCEEDED, MapBinBytesReport.encode(other, 512)));
    shares.onReport(mapEnd(32, AttemptState.SUCCEEDED, report.substring(0, report.length() - 1)));
    shares.onReport(mapEnd(33, AttemptState.SUCCEEDED, report.replace('.', ',')));
    assertFalse(shares.known(MAPS).isPresent(), "still a map short of a quarter");
    shares.onReport(mapEnd(34, AttemptState.SUCCEEDED, report));
    assertTrue(shares.known(MAPS).isPresent());
  }

  @Test
  void theReducersReportStandsWhereItHasSeenABinFromMoreMaps() {
    BinSizes sizes = new BinSizes(4);
    long[] perMap = {100, 200, 300, 400};
    MapBinBytesReport r =
        MapBinBytesReport.decode(MapBinBytesReport.encode(perMap, 512), 4).orElseThrow();
    for (int m = 0; m < 3; m++) {
      assertTrue(sizes.updateFromMap(m, r));
    }
    assertFalse(sizes.updateFromMap(2, r), "once a map");
    // a reducer has kept bin 1 from 8 maps, at 250 a map; bin 2 from 2 maps only
    sizes.update(
        List.of(new BinBytesReport.Entry(1, 2_000, 8), new BinBytesReport.Entry(2, 100, 2)));
    assertEquals(3, sizes.fewestMaps());
    assertArrayEquals(new long[] {1_000, 2_500, 3_000, 4_000}, sizes.estimated(10));
  }

  @Test
  void aMapsRestIsSpreadOverTheBinsItDidNotList() {
    BinSizes sizes = new BinSizes(4);
    // map 0 lists bins 3 and 2 exactly, 30 bytes over bins 0 and 1; map 1 lists bins 0 and 1
    sizes.updateFromMap(0, MapBinBytesReport.decode("|mapbins 4.2.u 3.28 2.1e|", 4).orElseThrow());
    sizes.updateFromMap(1, MapBinBytesReport.decode("|mapbins 4.2.a 0.k 1.k|", 4).orElseThrow());
    // bin 0: 15 (map 0's even share) + 20; bin 2: 50 + 5 (map 1's even share); over 2 of 2 maps
    assertArrayEquals(new long[] {35, 35, 55, 85}, sizes.estimated(2));
  }

  @Test
  void theJobsBytesComeFromTheMapsReportsAloneAndFromTheSourceEachBinIsReadFrom() {
    BinSizes sizes = new BinSizes(4);
    assertEquals(0, sizes.estimatedTotal(10), "nothing seen");
    MapBinBytesReport r =
        MapBinBytesReport.decode(MapBinBytesReport.encode(new long[] {100, 200, 300, 400}, 512), 4)
            .orElseThrow();
    sizes.updateFromMap(0, r);
    // one map of ten reported, no reducer: every bin seen, the job 10 x 1,000 bytes
    assertEquals(10_000, sizes.estimatedTotal(10));
    // a reducer has kept bin 1 from 4 maps at 250 a map: its bytes stand for bin 1
    sizes.update(List.of(new BinBytesReport.Entry(1, 1_000, 4)));
    assertEquals(10_500, sizes.estimatedTotal(10));
  }
}
