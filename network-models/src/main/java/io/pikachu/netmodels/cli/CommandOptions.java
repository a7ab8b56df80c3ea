package io.pikachu.netmodels.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A subcommand's {@code --name value} pairs: only known names, each at most once, and every value
 * checked when read, so that a bad argument is named in the error.
 */
public final class CommandOptions {
  private final List<String> names = new ArrayList<>();
  private final List<String> values = new ArrayList<>();

  /** Reads {@code args[1..]} (args[0] is the subcommand). */
  public CommandOptions(String[] args, List<String> known) {
    for (int i = 1; i < args.length; i++) {
      String name = args[i];
      if (!name.startsWith("--")) throw new IllegalArgumentException("unexpected '" + name + "'");
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + name + " needs a value");
      }
      if (!known.contains(name)) throw new IllegalArgumentException("unknown option " + name);
      if (names.contains(name)) throw new IllegalArgumentException(name + " given twice");
      names.add(name);
      values.add(args[++i]);
    }
  }

  /** Fails if any of these options was given (they belong to other subcommands). */
  public void refuse(String... notHere) {
    for (String n : notHere) {
      if (names.contains(n)) {
        throw new IllegalArgumentException("option " + n + " does not apply here");
      }
    }
  }

  public String string(String name, String fallback) {
    int i = names.indexOf(name);
    return i < 0 ? fallback : values.get(i);
  }

  public int intValue(String name, int fallback) {
    long v = longValue(name, fallback);
    if (v != (int) v) throw new IllegalArgumentException(name + " is out of range: " + v);
    return (int) v;
  }

  public int positive(String name, int fallback) {
    int v = intValue(name, fallback);
    if (v < 1) throw new IllegalArgumentException(name + " must be at least 1, got " + v);
    return v;
  }

  public long longValue(String name, long fallback) {
    String v = string(name, null);
    if (v == null) return fallback;
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be an integer, got '" + v + "'");
    }
  }

  /** A positive, finite number. */
  public double doubleValue(String name, double fallback) {
    String v = string(name, null);
    if (v == null) return fallback;
    try {
      double d = Double.parseDouble(v);
      if (!(d > 0) || Double.isInfinite(d)) throw new NumberFormatException();
      return d;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a positive number, got '" + v + "'");
    }
  }
}
