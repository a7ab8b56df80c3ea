package io.pikachu.netmodels.options;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/** The last line every figure command prints: what it made, how long it took, where it wrote. */
public final class DoneLine {
  private DoneLine() {}

  public static void print(PrintStream out, String what, long startNanos, Path dir) {
    out.printf(
        Locale.ROOT,
        "%s done in %.1f s, written to %s%n",
        what,
        (System.nanoTime() - startNanos) / 1e9,
        dir.toAbsolutePath());
  }
}
