package io.pikachu.core.decision.observe;

import io.pikachu.core.binmap.BinBytesReport;
import java.util.List;

/**
 * Each bin's bytes as the reducers report them ({@link BinBytesReport}): per bin, the uncompressed
 * bytes its owner keeps and from how many maps. A bin's latest entry from the most maps stands (a
 * reducer that just gained it has fetched it from fewer maps than the one that held it). Two
 * numbers per bin, so the AM holds 1.2 MB at 100,000 bins whatever the maps.
 */
public final class BinSizes {
  private final long[] bytes;
  private final int[] maps;
  private int seen;

  public BinSizes(int totalBins) {
    this.bytes = new long[totalBins];
    this.maps = new int[totalBins];
  }

  /** Takes a reducer's report; entries for bins outside the job are ignored. */
  public void update(List<BinBytesReport.Entry> report) {
    for (BinBytesReport.Entry e : report) {
      int b = e.bin();
      if (b >= bytes.length || e.maps() == 0 || e.maps() < maps[b]) {
        continue;
      }
      if (maps[b] == 0) {
        seen++;
      }
      bytes[b] = e.bytes();
      maps[b] = e.maps();
    }
  }

  public int totalBins() {
    return bytes.length;
  }

  /** Whether any bin has been seen from a map. */
  public boolean anySeen() {
    return seen > 0;
  }

  /** Whether every bin has been seen from at least one map. */
  public boolean everyBinSeen() {
    return seen == bytes.length;
  }

  /** The fewest maps any bin has been seen from. */
  public int fewestMaps() {
    int fewest = Integer.MAX_VALUE;
    for (int m : maps) {
      fewest = Math.min(fewest, m);
    }
    return bytes.length == 0 ? 0 : fewest;
  }

  /**
   * Each bin's bytes over all {@code totalMaps} maps, from the maps it was seen from (the maps of a
   * job are taken to be alike, as Hadoop's splits make them); a bin not seen yet is 0.
   */
  public long[] estimated(int totalMaps) {
    long[] out = new long[bytes.length];
    for (int b = 0; b < out.length; b++) {
      out[b] = maps[b] == 0 ? 0 : Math.round((double) bytes[b] * totalMaps / maps[b]);
    }
    return out;
  }

  /**
   * The job's map output over all {@code totalMaps} maps, estimated from the bins seen so far (the
   * bins not seen yet taken to hold what a seen bin holds on average); 0 before any bin was seen.
   */
  public long estimatedTotal(int totalMaps) {
    if (seen == 0) {
      return 0;
    }
    double sum = 0;
    for (int b = 0; b < bytes.length; b++) {
      if (maps[b] > 0) {
        sum += (double) bytes[b] * totalMaps / maps[b];
      }
    }
    return Math.round(sum * bytes.length / seen);
  }
}
