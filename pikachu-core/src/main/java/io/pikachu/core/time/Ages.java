package io.pikachu.core.time;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Ages as people write and read them: {@code 7d}, {@code 12h}, {@code 1d12h}; "3 h", "9 days". */
public final class Ages {
  private static final Pattern PART = Pattern.compile("(\\d{1,9})([dhms])");
  private static final Pattern WHOLE = Pattern.compile("(\\d{1,9}[dhms])+");

  private Ages() {}

  /**
   * Milliseconds of an age written as numbers each with a unit: {@code d}ays, {@code h}ours, {@code
   * m}inutes, {@code s}econds ({@code 7d}, {@code 12h}, {@code 30m}, {@code 1d12h}).
   *
   * @throws IllegalArgumentException for anything else, naming what is accepted
   */
  public static long parseMs(String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (!WHOLE.matcher(t).matches()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not an age: write a number and a unit, as 7d, 12h, 30m or 1d12h");
    }
    long ms = 0;
    Matcher part = PART.matcher(t);
    while (part.find()) {
      long n = Long.parseLong(part.group(1));
      switch (part.group(2)) {
        case "d":
          ms += n * 86_400_000L;
          break;
        case "h":
          ms += n * 3_600_000L;
          break;
        case "m":
          ms += n * 60_000L;
          break;
        default:
          ms += n * 1_000L;
      }
    }
    return ms;
  }

  /** An age as a person reads it: minutes up to two hours, hours up to two days, then days. */
  public static String format(long ms) {
    long minutes = ms / 60_000;
    return minutes < 120
        ? String.format(Locale.ROOT, "%d min", minutes)
        : minutes < 48 * 60
            ? String.format(Locale.ROOT, "%d h", minutes / 60)
            : String.format(Locale.ROOT, "%d days", minutes / (24 * 60));
  }
}
