package io.pikachu.core.binmap;

/**
 * A report carried in a task's status string between an opening marker and a closing bar, as the
 * map's and the reducer's bin-size reports are. Hadoop cuts long status strings, so a report
 * without its closing bar is taken as absent, never guessed at.
 */
final class StatusField {
  static final char CLOSE = '|';

  private StatusField() {}

  /** The text between {@code open} and the next closing bar in {@code status}; null if none. */
  static String body(String status, String open) {
    if (status == null) {
      return null;
    }
    int at = status.indexOf(open);
    if (at < 0) {
      return null;
    }
    int close = status.indexOf(CLOSE, at + open.length());
    return close < 0 ? null : status.substring(at + open.length(), close);
  }

  /** {@code status} from {@code open} on, or "" if it holds no such report. */
  static String from(String status, String open) {
    if (status == null) {
      return "";
    }
    int at = status.indexOf(open);
    return at < 0 ? "" : status.substring(at);
  }

  /** {@code parts} in base 36, joined by dots: one field of a report ({@code 1a.2kf3.c}). */
  static String dotted(long... parts) {
    StringBuilder out = new StringBuilder();
    for (long part : parts) {
      if (out.length() > 0) {
        out.append('.');
      }
      out.append(Long.toString(part, 36));
    }
    return out.toString();
  }

  /**
   * The base-36 numbers of a {@link #dotted} field; null unless it has exactly {@code count} of
   * them, each a number: a damaged field is never guessed at.
   */
  static long[] undotted(String field, int count) {
    String[] parts = field.split("\\.", -1);
    if (parts.length != count) {
      return null;
    }
    long[] out = new long[count];
    try {
      for (int i = 0; i < count; i++) {
        out[i] = Long.parseLong(parts[i], 36);
      }
    } catch (NumberFormatException e) {
      return null;
    }
    return out;
  }
}
