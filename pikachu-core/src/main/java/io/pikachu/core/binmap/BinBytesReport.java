package io.pikachu.core.binmap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How a reducer tells the AM the bytes of its bins: at the end of the status string it sends with
 * every report anyway, so the AM learns each bin's size without a NameNode call, without a counter
 * (the job's counter limit) and without touching a map's critical path. Each entry is a bin, the
 * uncompressed bytes of the map outputs of it the reducer keeps, and from how many maps, in base
 * 36: {@code |binbytes 1a.2kf3.c 1b.9x.c|}. A status string holds at most 1,024 characters
 * (Hadoop's {@code TaskStatus}), so a reducer of many bins reports them a window at a time, in
 * turn; the AM keeps each bin's latest entry.
 */
public final class BinBytesReport {

  private static final String OPEN = "|binbytes ";
  private static final char CLOSE = StatusField.CLOSE;

  /** Characters a report may take at the end of a status string. */
  public static final int BUDGET = 700;

  private BinBytesReport() {}

  /** One bin's bytes, as seen from {@code maps} map outputs. */
  public static final class Entry {
    private final int bin;
    private final long bytes;
    private final int maps;

    public Entry(int bin, long bytes, int maps) {
      if (bin < 0 || bytes < 0 || maps < 0) {
        throw new IllegalArgumentException(
            "bin " + bin + ", " + bytes + " bytes, " + maps + " maps");
      }
      this.bin = bin;
      this.bytes = bytes;
      this.maps = maps;
    }

    public int bin() {
      return bin;
    }

    public long bytes() {
      return bytes;
    }

    public int maps() {
      return maps;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Entry)) {
        return false;
      }
      Entry e = (Entry) o;
      return bin == e.bin && bytes == e.bytes && maps == e.maps;
    }

    @Override
    public int hashCode() {
      return (bin * 31 + Long.hashCode(bytes)) * 31 + maps;
    }

    @Override
    public String toString() {
      return bin + ":" + bytes + "B/" + maps;
    }
  }

  /** {@code entries} as a report, as many as fit in {@link #BUDGET} characters, in order. */
  public static String encode(List<Entry> entries) {
    StringBuilder out = new StringBuilder(OPEN.length() + BUDGET);
    out.append(OPEN);
    boolean first = true;
    for (Entry e : entries) {
      String one = StatusField.dotted(e.bin, e.bytes, e.maps);
      if (out.length() + one.length() + 2 > OPEN.length() + BUDGET) {
        break;
      }
      if (!first) {
        out.append(' ');
      }
      out.append(one);
      first = false;
    }
    return out.append(CLOSE).toString();
  }

  /** How many of {@code entries} {@link #encode} fits. */
  public static int fits(List<Entry> entries) {
    String encoded = encode(entries);
    String body = encoded.substring(OPEN.length(), encoded.length() - 1);
    return body.isEmpty() ? 0 : body.split(" ").length;
  }

  /**
   * A status string from its report on (a reducer's report ends its status), or "" if it holds
   * none.
   */
  public static String tail(String status) {
    return StatusField.from(status, OPEN);
  }

  /** The entries in a status string; none when it holds no report or a malformed one. */
  public static List<Entry> decode(String status) {
    String field = StatusField.body(status, OPEN);
    if (field == null) {
      return Collections.emptyList(); // none, or cut off: Hadoop truncates long status strings
    }
    String body = field.trim();
    List<Entry> entries = new ArrayList<>();
    if (body.isEmpty()) {
      return entries;
    }
    try {
      for (String one : body.split(" ")) {
        long[] f = StatusField.undotted(one, 3);
        if (f == null || f[0] > Integer.MAX_VALUE || f[2] > Integer.MAX_VALUE) {
          return Collections.emptyList();
        }
        entries.add(new Entry((int) f[0], f[1], (int) f[2]));
      }
    } catch (IllegalArgumentException e) {
      return Collections.emptyList(); // not ours, or damaged: a report is never guessed at
    }
    return entries;
  }
}
