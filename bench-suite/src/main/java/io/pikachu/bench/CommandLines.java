package io.pikachu.bench;

import java.util.function.Supplier;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/** The suite's and the main command's options, with errors that name the option. */
public final class CommandLines {
  private CommandLines() {}

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
}
