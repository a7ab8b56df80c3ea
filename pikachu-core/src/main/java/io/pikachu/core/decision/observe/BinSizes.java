package io.pikachu.core.decision.observe;

import io.pikachu.core.binmap.BinBytesReport;
import io.pikachu.core.binmap.MapBinBytesReport;
import java.util.BitSet;
import java.util.List;

/**
 * Each bin's bytes as the maps and the reducers report them, with no number per map and bin:
 *
 * <ul>
 *   <li>the maps, each once as it finishes ({@link MapBinBytesReport}): per bin the bytes summed
 *       over the maps that reported, a listed bin exactly, a bin in a map's rest as an even share
 *       of that rest. Two numbers per bin (the listed bytes, and the even shares of the maps that
 *       listed the bin, to take back out of the sum of every map's even share) and a bit per map;
 *   <li>the reducers, in turn ({@link BinBytesReport}): per bin the uncompressed bytes its owner
 *       keeps and from how many maps; a bin's latest entry from the most maps stands (a reducer
 *       that just gained it has fetched it from fewer maps than the one that held it). Two numbers
 *       per bin.
 * </ul>
 *
 * A bin's size is read from whichever source has seen it from more maps (the reducer's on a tie: it
 * is exact). The AM holds 2.8 MB at 100,000 bins, and 1.25 KB at 10,000 maps.
 */
public final class BinSizes {
  private final long[] bytes;
  private final int[] maps;
  private int seen;

  private final long[] mapListedBytes;
  private final double[] mapEvenWhenListed;
  private double mapEvenSum;
  private int mapsReported;
  private final BitSet reportedMaps = new BitSet();

  public BinSizes(int totalBins) {
    this.bytes = new long[totalBins];
    this.maps = new int[totalBins];
    this.mapListedBytes = new long[totalBins];
    this.mapEvenWhenListed = new double[totalBins];
  }

  /**
   * Takes map {@code mapIndex}'s report, once per map (a map's final status can reach the AM more
   * than once, and a second attempt wrote the same output); a report of another layout is ignored.
   *
   * @return whether the report counted
   */
  public boolean updateFromMap(int mapIndex, MapBinBytesReport report) {
    if (mapIndex < 0 || report.totalBins() != bytes.length || reportedMaps.get(mapIndex)) {
      return false;
    }
    reportedMaps.set(mapIndex);
    mapsReported++;
    double even = report.restBins() == 0 ? 0 : (double) report.restBytes() / report.restBins();
    mapEvenSum += even;
    for (int i = 0; i < report.listed(); i++) {
      int b = report.bin(i);
      mapListedBytes[b] += report.bytes(i);
      mapEvenWhenListed[b] += even;
    }
    return true;
  }

  /** How many maps' reports have counted. */
  public int mapsReported() {
    return mapsReported;
  }

  /** Bin {@code b}'s bytes summed over the maps that reported. */
  private double mapBytes(int b) {
    return mapListedBytes[b] + Math.max(0, mapEvenSum - mapEvenWhenListed[b]);
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
    return seen > 0 || mapsReported > 0;
  }

  /** Whether every bin has been seen from at least one map. */
  public boolean everyBinSeen() {
    return seen == bytes.length || mapsReported > 0;
  }

  /** The fewest maps any bin has been seen from, by the source that saw it from more. */
  public int fewestMaps() {
    int fewest = Integer.MAX_VALUE;
    for (int m : maps) {
      fewest = Math.min(fewest, Math.max(m, mapsReported));
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
      if (mapsReported > maps[b]) {
        out[b] = Math.round(mapBytes(b) * totalMaps / mapsReported);
      } else {
        out[b] = maps[b] == 0 ? 0 : Math.round((double) bytes[b] * totalMaps / maps[b]);
      }
    }
    return out;
  }

  /**
   * The job's map output over all {@code totalMaps} maps, estimated from the bins seen so far, by
   * the same source per bin as {@link #estimated} (the bins not seen yet taken to hold what a seen
   * bin holds on average; once a map reported, every bin is seen); 0 before any bin was seen.
   */
  public long estimatedTotal(int totalMaps) {
    long[] perBin = estimated(totalMaps);
    double sum = 0;
    int counted = 0;
    for (int b = 0; b < perBin.length; b++) {
      if (maps[b] > 0 || mapsReported > 0) { // seen by either source
        sum += perBin[b];
        counted++;
      }
    }
    return counted == 0 ? 0 : Math.round(sum * perBin.length / counted);
  }
}
