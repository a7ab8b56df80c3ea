package io.pikachu.core.binmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Issue 43: a map's bins' sizes in its final status string. */
class MapBinBytesReportTest {

  /** Hadoop's default {@code mapreduce.task.max.status.length}. */
  private static final int STATUS_LIMIT = 512;

  @Test
  void aMapOfFewBinsReportsEveryBinExactly() {
    long[] bytes = {0, 123_456_789L, 7, 40L << 30, 3};
    String report = MapBinBytesReport.encode(bytes, STATUS_LIMIT);
    MapBinBytesReport r =
        MapBinBytesReport.decode("map " + report + " > sort", bytes.length).orElseThrow();
    assertEquals(bytes.length, r.listed());
    assertEquals(0, r.restBins());
    assertEquals(0, r.restBytes());
    long[] back = new long[bytes.length];
    for (int i = 0; i < r.listed(); i++) {
      back[r.bin(i)] = r.bytes(i);
    }
    assertEquals(java.util.Arrays.toString(bytes), java.util.Arrays.toString(back));
    assertEquals(3, r.bin(0), "largest first");
  }

  @Test
  void aMapOfManyBinsFitsTheStatusLimitWithTheLargestExactAndTheRestAsATotal() {
    Random random = new Random(43);
    for (int bins : new int[] {96, 1_200, 100_000}) {
      long[] bytes = new long[bins];
      long total = 0;
      for (int b = 0; b < bins; b++) {
        // Zipf-like over the bins, in scattered order, up to tens of GB
        bytes[b] = (long) (50_000_000_000.0 / (1 + random.nextInt(bins)));
        total += bytes[b];
      }
      String report = MapBinBytesReport.encode(bytes, STATUS_LIMIT);
      assertTrue(report.length() <= STATUS_LIMIT, bins + " bins: " + report.length());
      assertTrue(report.length() > STATUS_LIMIT - 20, "the budget is used: " + report.length());
      MapBinBytesReport r = MapBinBytesReport.decode(report, bins).orElseThrow();
      assertTrue(r.listed() >= 30, bins + " bins: " + r.listed() + " listed");
      assertEquals(bins, r.listed() + r.restBins());
      long listed = 0;
      long smallestListed = Long.MAX_VALUE;
      for (int i = 0; i < r.listed(); i++) {
        assertEquals(bytes[r.bin(i)], r.bytes(i), "exact");
        listed += r.bytes(i);
        smallestListed = Math.min(smallestListed, r.bytes(i));
      }
      assertEquals(total, listed + r.restBytes(), "nothing lost");
      java.util.BitSet isListed = new java.util.BitSet();
      for (int i = 0; i < r.listed(); i++) {
        isListed.set(r.bin(i));
      }
      for (int b = 0; b < bins; b++) {
        if (!isListed.get(b)) {
          assertTrue(bytes[b] <= smallestListed, "the largest bins are the ones listed");
        }
      }
    }
  }

  @Test
  void aLargerStatusLimitListsMoreButStaysWithinWhatTaskStatusKeeps() {
    long[] bytes = new long[5_000];
    for (int b = 0; b < bytes.length; b++) {
      bytes[b] = 1_000_000L + b;
    }
    String small = MapBinBytesReport.encode(bytes, STATUS_LIMIT);
    String large = MapBinBytesReport.encode(bytes, 100_000);
    assertTrue(large.length() <= MapBinBytesReport.MAX_CHARS, "" + large.length());
    assertTrue(
        MapBinBytesReport.decode(large, bytes.length).orElseThrow().listed()
            > MapBinBytesReport.decode(small, bytes.length).orElseThrow().listed());
    assertEquals("", MapBinBytesReport.encode(bytes, 12), "not even the total fits");
  }

  @Test
  void aCutDamagedOrForeignReportIsIgnoredNotGuessedAt() {
    long[] bytes = {10, 20, 30, 40};
    String good = MapBinBytesReport.encode(bytes, STATUS_LIMIT);
    assertTrue(MapBinBytesReport.decode(good, 4).isPresent());
    // another job's layout: 4 bins written, this job has 8
    assertEquals(Optional.empty(), MapBinBytesReport.decode(good, 8));
    // cut by a status limit: no closing bar
    assertEquals(Optional.empty(), MapBinBytesReport.decode(good.substring(0, 20), 4));
    assertEquals("", MapBinBytesReport.excerpt(good.substring(0, 20)));
    // damaged
    assertEquals(Optional.empty(), MapBinBytesReport.decode("|mapbins 4.0.0 0.a 1.k 2.u 3.!|", 4));
    // a bin listed twice, a bin outside the layout, counts that do not add up
    assertEquals(Optional.empty(), MapBinBytesReport.decode("|mapbins 4.0.0 0.a 0.k 2.u 3.1|", 4));
    assertEquals(Optional.empty(), MapBinBytesReport.decode("|mapbins 4.0.0 0.a 1.k 2.u 4.1|", 4));
    assertEquals(Optional.empty(), MapBinBytesReport.decode("|mapbins 4.1.5 0.a 1.k 2.u 3.1|", 4));
    assertEquals(Optional.empty(), MapBinBytesReport.decode("|mapbins 4.0.5 0.a 1.k 2.u 3.1|", 4));
    assertEquals(Optional.empty(), MapBinBytesReport.decode("|mapbins 4.2.-5 0.a 1.k|", 4));
    // numbers beyond an int where the report holds bins: rejected, not wrapped
    assertEquals(Optional.empty(), MapBinBytesReport.decode("|mapbins 4.zzzzzzz.5 0.a 1.k|", 4));
    assertEquals(
        Optional.empty(), MapBinBytesReport.decode("|mapbins 4.0.0 0.a 1.k 2.u zzzzzzz.1|", 4));
    // none at all, or a reducer's report
    assertEquals(Optional.empty(), MapBinBytesReport.decode(null, 4));
    assertEquals(Optional.empty(), MapBinBytesReport.decode("map > sort", 4));
    assertFalse(MapBinBytesReport.decode("|binbytes 1.a.2|", 4).isPresent());
  }
}
