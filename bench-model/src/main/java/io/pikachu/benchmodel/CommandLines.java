package io.pikachu.benchmodel;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/**
 * The one command-line helper of the suite, the simulator and the advisor (commons-cli): options
 * declared the same way, usage text the same width, and every error a {@link UsageException} that
 * names the option and ends with the usage.
 */
public final class CommandLines {
  private static final int WIDTH = 100;

  private CommandLines() {}

  /** A wrong command line, or {@code --help}: the message is what to print. */
  public static final class UsageException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final boolean help;

    UsageException(String message, boolean help, Throwable cause) {
      super(message, cause);
      this.help = help;
    }

    /** Whether the user asked for the usage ({@code --help}): print it and succeed. */
    public boolean isHelp() {
      return help;
    }
  }

  /** A wrong command line found after parsing (a missing argument, options that need another). */
  public static UsageException error(String message, String usage) {
    return new UsageException(message + "\n" + usage, false, null);
  }

  /** A {@code --name VALUE} option. */
  public static Option valued(String name, String description) {
    return Option.builder().longOpt(name).hasArg().desc(description).build();
  }

  /** A {@code --name} switch. */
  public static Option flag(String name, String description) {
    return Option.builder().longOpt(name).desc(description).build();
  }

  /** {@code -h, --help}. */
  public static Option help() {
    return Option.builder("h").longOpt("help").desc("this help").build();
  }

  /** Usage text: {@code syntax}, a header line, then every option. */
  public static String usage(String syntax, String header, Options options) {
    StringWriter s = new StringWriter();
    new HelpFormatter().printHelp(new PrintWriter(s), WIDTH, syntax, header, options, 2, 4, "");
    return s.toString();
  }

  /**
   * Parses options that take no positional arguments.
   *
   * @throws UsageException on every failure, and for {@code --help}; its message ends with the
   *     usage
   */
  public static CommandLine parseOptions(Options options, String[] args, String usage) {
    return parse(options, args, 0, 0, usage);
  }

  /**
   * Parses options and between {@code minArgs} and {@code maxArgs} positional arguments.
   *
   * @throws UsageException on every failure, and for {@code --help}; its message ends with the
   *     usage
   */
  public static CommandLine parse(
      Options options, String[] args, int minArgs, int maxArgs, String usage) {
    CommandLine line;
    try {
      line = new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      throw new UsageException(e.getMessage() + "\n" + usage, false, e);
    }
    if (line.hasOption("help")) {
      throw new UsageException(usage, true, null);
    }
    int n = line.getArgList().size();
    if (n > maxArgs) {
      throw new UsageException(
          (maxArgs == 0 ? "unexpected arguments " : "too many arguments ")
              + line.getArgList()
              + "\n"
              + usage,
          false,
          null);
    }
    if (n < minArgs) {
      throw new UsageException(
          "missing argument" + (minArgs - n > 1 ? "s" : "") + "\n" + usage, false, null);
    }
    return line;
  }

  /** A number option, or {@code fallback} when absent; a wrong value names the option. */
  public static double number(CommandLine line, String option, double fallback) {
    String v = line.getOptionValue(option);
    if (v == null) {
      return fallback;
    }
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new UsageException("--" + option + " must be a number, got '" + v + "'", false, e);
    }
  }

  /** A whole-number option, or {@code fallback} when absent; a wrong value names the option. */
  public static long whole(CommandLine line, String option, long fallback) {
    String v = line.getOptionValue(option);
    if (v == null) {
      return fallback;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(
          "--" + option + " must be a whole number, got '" + v + "'", false, e);
    }
  }
}
