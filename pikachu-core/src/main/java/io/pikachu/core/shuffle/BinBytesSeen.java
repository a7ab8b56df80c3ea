package io.pikachu.core.shuffle;

import io.pikachu.core.binmap.BinBytesReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bytes of each bin a reducer owns, as it keeps map outputs of it: what the AM sizes bins by
 * ({@link BinBytesReport}). A bin the reducer loses is forgotten, and its new owner counts it from
 * its first map again. Reports go out a window at a time, in turn over the owned bins, so that a
 * reducer of many bins fits each report in its status string. Guarded by the coordinator's lock.
 */
final class BinBytesSeen {
  private final Map<Integer, long[]> byBin = new TreeMap<>(); // bin -> {bytes, maps}
  private int next;

  /** An output of {@code bin}, {@code rawBytes} uncompressed, kept. */
  void kept(int bin, long rawBytes) {
    long[] seen = byBin.computeIfAbsent(bin, b -> new long[2]);
    seen[0] += rawBytes;
    seen[1]++;
  }

  /** {@code bin} is no longer this reducer's. */
  void dropped(int bin) {
    byBin.remove(bin);
  }

  /** The next window of bins, as the end of a status string. */
  String report() {
    List<BinBytesReport.Entry> all = new ArrayList<>();
    for (Map.Entry<Integer, long[]> e : byBin.entrySet()) {
      all.add(new BinBytesReport.Entry(e.getKey(), e.getValue()[0], (int) e.getValue()[1]));
    }
    if (all.isEmpty()) {
      return "";
    }
    int from = next % all.size();
    List<BinBytesReport.Entry> turn = new ArrayList<>(all.subList(from, all.size()));
    turn.addAll(all.subList(0, from));
    int fit = BinBytesReport.fits(turn);
    next = from + Math.max(1, fit);
    return " " + BinBytesReport.encode(turn);
  }
}
