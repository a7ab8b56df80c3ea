package io.pikachu.benchsuite.report;

import java.util.Locale;

/**
 * How the report writes numbers: always {@link Locale#ROOT}, so a report made on a German machine
 * still has decimal points, and "n/a" wherever a figure could not be computed (NaN), so a missing
 * method never prints as "NaN".
 */
final class Fmt {
  static final String NA = "n/a";

  private Fmt() {}

  static String seconds(double s) {
    return format("%.1f", s);
  }

  static String p(double p) {
    return format("%.2f", p);
  }

  /** A speedup or slowdown factor, e.g. {@code 1.08x}. */
  static String factor(double f) {
    return format("%.2fx", f);
  }

  /** A share, e.g. 0.9612 as {@code 96.1%}. */
  static String percent(double fraction) {
    return Double.isNaN(fraction) ? NA : format("%.1f%%", fraction * 100);
  }

  /** A change, with its sign, e.g. {@code +3.9%}; the sign is what tells more from less. */
  static String change(double fraction) {
    return Double.isNaN(fraction) ? NA : format("%+.1f%%", fraction * 100);
  }

  static String megabytes(double bytes) {
    return Double.isNaN(bytes) ? NA : format("%.1f", bytes / 1e6);
  }

  static String range(Summary s) {
    return s.isEmpty() ? NA : seconds(s.min()) + "–" + seconds(s.max());
  }

  /** A median in seconds with its range, e.g. {@code 2.1 (0.5–4.0)}. */
  static String secondsRange(Summary s) {
    return s.isEmpty()
        ? NA
        : s.min() == s.max() ? seconds(s.median()) : seconds(s.median()) + " (" + range(s) + ")";
  }

  static String pRange(Summary s) {
    return s.isEmpty()
        ? NA
        : s.min() == s.max()
            ? p(s.median())
            : p(s.median()) + " (" + p(s.min()) + "–" + p(s.max()) + ")";
  }

  static String format(String pattern, double value) {
    return Double.isNaN(value) ? NA : String.format(Locale.ROOT, pattern, value);
  }
}
