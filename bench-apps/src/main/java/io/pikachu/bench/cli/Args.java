package io.pikachu.bench.cli;

/** Positional arguments of the benchmark programs, with errors that name the argument. */
public final class Args {
  private Args() {}

  public static int atLeast(String name, String text, int min) {
    try {
      int value = Integer.parseInt(text);
      if (value < min) {
        throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
      }
      return value;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number, got '" + text + "'", e);
    }
  }
}
