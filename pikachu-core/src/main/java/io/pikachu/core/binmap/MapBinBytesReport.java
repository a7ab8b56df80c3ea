package io.pikachu.core.binmap;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * How a map tells the AM the bytes of every bin of its output: in the status string of the final
 * status update it sends anyway ({@code Task.sendLastUpdate}), so the AM knows the sizes from the
 * maps as they finish, with no NameNode call, no counter and nothing added to a map's critical
 * path. The map's index file holds every bin's length once its output is written.
 *
 * <p>A status string is short (the task's {@code mapreduce.task.max.status.length}, 512 by default,
 * and 1,024 characters in Hadoop's {@code TaskStatus}), so the largest bins go exactly and the rest
 * as one total, in base 36: {@code |mapbins <bins>.<rest bins>.<rest bytes> <bin>.<bytes> ...|}.
 * The first field is the layout's number of bins: a report of another layout is not this job's and
 * is ignored. Every bin not listed holds no more than the smallest listed one.
 */
public final class MapBinBytesReport {

  private static final String OPEN = "|mapbins ";
  private static final char CLOSE = StatusField.CLOSE;

  /**
   * The most characters a report takes: {@code TaskStatus} keeps 1,024 of the whole state string,
   * which also holds the rest of the map's status (" > sort") after it.
   */
  public static final int MAX_CHARS = 960;

  private final int totalBins;
  private final int[] bins;
  private final long[] bytes;
  private final int restBins;
  private final long restBytes;

  private MapBinBytesReport(int totalBins, int[] bins, long[] bytes, int restBins, long restBytes) {
    this.totalBins = totalBins;
    this.bins = bins;
    this.bytes = bytes;
    this.restBins = restBins;
    this.restBytes = restBytes;
  }

  /** The layout's number of bins the map wrote. */
  public int totalBins() {
    return totalBins;
  }

  /** How many bins are listed exactly. */
  public int listed() {
    return bins.length;
  }

  /** The {@code i}th listed bin. */
  public int bin(int i) {
    return bins[i];
  }

  /** The bytes of the {@code i}th listed bin. */
  public long bytes(int i) {
    return bytes[i];
  }

  /** How many bins are counted in {@link #restBytes} only. */
  public int restBins() {
    return restBins;
  }

  /** The bytes of the bins not listed, together. */
  public long restBytes() {
    return restBytes;
  }

  /**
   * A map's report of {@code binBytes} (every bin's uncompressed bytes in its output, by bin) in at
   * most {@code maxChars} characters (and {@link #MAX_CHARS}): the largest bins exactly, largest
   * first, the rest as one total. Empty when not even the total fits.
   */
  public static String encode(long[] binBytes, int maxChars) {
    int budget = Math.min(maxChars, MAX_CHARS);
    long total = 0;
    for (long b : binBytes) {
      if (b < 0) {
        throw new IllegalArgumentException("a bin of " + b + " bytes");
      }
      total += b;
    }
    // the header's length at most, whatever goes into the rest
    int header =
        OPEN.length() + StatusField.dotted(binBytes.length, binBytes.length, total).length() + 1;
    if (header > budget) {
      return "";
    }
    // an entry takes at least 4 characters (" b.n"), so no more than this many can fit
    Integer[] largest = largest(binBytes, Math.max(0, (budget - header) / 4));
    StringBuilder entries = new StringBuilder();
    int listed = 0;
    long listedBytes = 0;
    for (Integer b : largest) {
      String one = " " + StatusField.dotted(b, binBytes[b]);
      if (header + entries.length() + one.length() > budget) {
        break;
      }
      entries.append(one);
      listed++;
      listedBytes += binBytes[b];
    }
    return OPEN
        + StatusField.dotted(binBytes.length, binBytes.length - listed, total - listedBytes)
        + entries
        + CLOSE;
  }

  /**
   * The report in {@code status}, empty when there is none, or when it is cut, damaged or of a
   * layout of other than {@code totalBins} bins: a report is never guessed at.
   */
  public static Optional<MapBinBytesReport> decode(String status, int totalBins) {
    String body = StatusField.body(status, OPEN);
    if (body == null) {
      return Optional.empty();
    }
    String[] fields = body.split(" ", -1);
    long[] head = StatusField.undotted(fields[0], 3);
    if (head == null || head[0] != totalBins) {
      return Optional.empty();
    }
    long restBins = head[1];
    long restBytes = head[2];
    int listed = fields.length - 1;
    if (restBins < 0
        || restBytes < 0
        || restBins + listed != totalBins
        || (restBins == 0 && restBytes != 0)) {
      return Optional.empty();
    }
    int[] bins = new int[listed];
    long[] bytes = new long[listed];
    BitSet seen = new BitSet(totalBins);
    for (int i = 0; i < listed; i++) {
      long[] entry = StatusField.undotted(fields[i + 1], 2);
      if (entry == null
          || entry[0] < 0
          || entry[0] >= totalBins
          || entry[1] < 0
          || seen.get((int) entry[0])) {
        return Optional.empty(); // damaged, or not ours
      }
      bins[i] = (int) entry[0];
      bytes[i] = entry[1];
      seen.set(bins[i]);
    }
    return Optional.of(new MapBinBytesReport(totalBins, bins, bytes, (int) restBins, restBytes));
  }

  /** The report's text in a status string, from its opening to its closing bar; "" if none. */
  public static String excerpt(String status) {
    String body = StatusField.body(status, OPEN);
    return body == null ? "" : OPEN + body + CLOSE;
  }

  /**
   * The {@code k} largest bins, largest first (ties by bin): a bounded heap, so a map of 100,000
   * bins does not sort them all.
   */
  private static Integer[] largest(long[] binBytes, int k) {
    PriorityQueue<Integer> heap =
        new PriorityQueue<>(
            Math.max(1, k),
            (a, b) -> binBytes[a] != binBytes[b] ? Long.compare(binBytes[a], binBytes[b]) : b - a);
    for (int b = 0; b < binBytes.length && k > 0; b++) {
      if (heap.size() < k) {
        heap.add(b);
      } else if (heap.comparator().compare(b, heap.peek()) > 0) {
        heap.poll();
        heap.add(b);
      }
    }
    Integer[] out = heap.toArray(new Integer[0]);
    Arrays.sort(out, heap.comparator().reversed());
    return out;
  }
}
