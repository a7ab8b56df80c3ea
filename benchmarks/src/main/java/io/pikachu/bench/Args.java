package io.pikachu.bench;

import java.util.function.Supplier;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/** Command-line arguments of the benchmark commands, with errors that name the argument. */
public final class Args {
  private Args() {}

  /**
   * Parses options that take no positional arguments. Every failure, and {@code --help}, is an
   * IllegalArgumentException whose message ends with the usage text.
   */
  public static CommandLine parseOptions(Options options, String[] args, Supplier<String> usage) {
    CommandLine line;
    try {
      line = new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      throw new IllegalArgumentException(e.getMessage() + "\n" + usage.get(), e);
    }
    if (line.hasOption("help")) {
      throw new IllegalArgumentException(usage.get());
    }
    if (!line.getArgList().isEmpty()) {
      throw new IllegalArgumentException(
          "unexpected arguments " + line.getArgList() + "\n" + usage.get());
    }
    return line;
  }

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
