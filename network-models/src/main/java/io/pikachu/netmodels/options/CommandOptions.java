package io.pikachu.netmodels.options;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.MissingArgumentException;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;

/**
 * A subcommand's options, parsed by commons-cli: only known names, each at most once, no stray
 * words, and every value checked when read, so that a bad argument is named in the error. Every
 * subcommand declares its options as a {@link Spec}, which also prints its {@code --help}.
 */
public final class CommandOptions {
  private final CommandLine line;
  private final Map<String, String> used = new TreeMap<>();

  /** The options a subcommand accepts: {@code --name VALUE} pairs and bare flags. */
  public static final class Spec {
    private final Options options = new Options();

    /** An option that takes one value, e.g. {@code value("--out", "DIR", "where files go")}. */
    public Spec value(String name, String argName, String description) {
      options.addOption(
          Option.builder().longOpt(bare(name)).hasArg().argName(argName).desc(description).build());
      return this;
    }

    /** An option without a value. */
    public Spec flag(String name, String description) {
      options.addOption(Option.builder().longOpt(bare(name)).desc(description).build());
      return this;
    }

    public Options options() {
      return options;
    }

    /** Whether this spec declares the option ({@code --out} or {@code out}). */
    public boolean declares(String name) {
      return options.hasLongOption(bare(name));
    }

    /** Adds every option of {@code other} (declared by another command group) to this spec. */
    public Spec with(Spec other) {
      for (Option o : other.options.getOptions()) options.addOption((Option) o.clone());
      return this;
    }

    /**
     * A spec with only these of this spec's options, in this order: a group of commands declares
     * its options once and each command picks the ones it accepts.
     */
    public Spec pick(String... names) {
      Spec s = new Spec();
      for (String n : names) {
        Option o = options.getOption(bare(n));
        if (o == null) throw new IllegalStateException("no option " + n + " to pick");
        s.options.addOption((Option) o.clone());
      }
      return s;
    }

    /** Prints {@code usage: network-models COMMAND [options]}, the summary and every option. */
    public void printHelp(String command, String summary, PrintStream out) {
      PrintWriter w = new PrintWriter(out);
      HelpFormatter f = HelpFormatter.builder().get();
      f.setOptionComparator(null); // declaration order
      f.printHelp(
          w,
          100,
          "java -jar network-models.jar " + command + " [options]",
          summary + "\n\n",
          options,
          2,
          2,
          "",
          false);
      w.flush();
    }

    private static String bare(String name) {
      return name.startsWith("--") ? name.substring(2) : name;
    }
  }

  /**
   * Option names that were renamed, old to new: the old one still works with a warning on stderr,
   * for the commands that accept the new one.
   */
  public static final Map<String, String> DEPRECATED = Map.of("--reps", "--runs");

  /** Reads {@code args[1..]} (args[0] is the subcommand) against a spec. */
  public CommandOptions(String[] args, Spec spec) {
    this(args, spec, name -> List.of());
  }

  /**
   * Reads {@code args[1..]} (args[0] is the subcommand) against a spec; an option the spec lacks is
   * refused as one that does not apply here when {@code elsewhere} names commands that take it.
   */
  public CommandOptions(String[] args, Spec spec, Function<String, List<String>> elsewhere) {
    String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
    for (int i = 0; i < rest.length; i++) {
      String now = DEPRECATED.get(rest[i]);
      if (now != null && spec.declares(now)) {
        System.err.println("warning: " + rest[i] + " is deprecated, use " + now);
        rest[i] = now;
      }
    }
    try {
      // stopAtNonOption false: a stray word is left in the argument list and refused below
      line =
          DefaultParser.builder().setAllowPartialMatching(false).build().parse(spec.options, rest);
    } catch (UnrecognizedOptionException e) {
      String name = e.getOption();
      List<String> others = name.startsWith("--") ? elsewhere.apply(name) : List.of();
      String command = args.length > 0 ? args[0] : "";
      if (!others.isEmpty()) {
        throw new IllegalArgumentException(
            "option "
                + name
                + " does not apply to "
                + command
                + " (it is an option of "
                + String.join(", ", others)
                + ")");
      }
      throw new IllegalArgumentException("unknown option " + name + " for " + command);
    } catch (MissingArgumentException e) {
      throw new IllegalArgumentException(
          "option --" + e.getOption().getLongOpt() + " needs a value");
    } catch (ParseException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    if (!line.getArgList().isEmpty()) {
      throw new IllegalArgumentException("unexpected '" + line.getArgList().get(0) + "'");
    }
    for (Option o : line.getOptions()) {
      if (o.hasArg() && line.getOptionValues(o.getLongOpt()).length > 1) {
        throw new IllegalArgumentException("--" + o.getLongOpt() + " given twice");
      }
    }
    long distinct = Arrays.stream(line.getOptions()).map(Option::getLongOpt).distinct().count();
    if (distinct < line.getOptions().length) {
      throw new IllegalArgumentException("an option was given twice: " + String.join(" ", rest));
    }
  }

  /** True when {@code --help} or {@code -h} is among the arguments after the subcommand. */
  public static boolean wantsHelp(String[] args) {
    for (int i = 1; i < args.length; i++) {
      if (args[i].equals("--help") || args[i].equals("-h")) return true;
    }
    return false;
  }

  /** Fails if {@code given} was given together with any of {@code others}, which it excludes. */
  public void exclusive(String given, String... others) {
    if (!has(given)) return;
    for (String n : others) {
      if (has(n))
        throw new IllegalArgumentException("option " + n + " does not apply with " + given);
    }
  }

  public boolean has(String name) {
    return line.hasOption(Spec.bare(name));
  }

  /** A flag's value, recorded for the run manifest. */
  public boolean flag(String name) {
    boolean on = has(name);
    used.put(name, Boolean.toString(on));
    return on;
  }

  public String string(String name, String fallback) {
    String v = line.getOptionValue(Spec.bare(name));
    String value = v == null ? fallback : v;
    if (value != null) used.put(name, value);
    return value;
  }

  /**
   * Every option the command read, with the value it used (given, or the default it fell back to),
   * in name order: the parameters a run manifest records.
   */
  public Map<String, String> used() {
    return Collections.unmodifiableMap(used);
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
    if (v == null) {
      used.put(name, Long.toString(fallback));
      return fallback;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be an integer, got '" + v + "'");
    }
  }

  /** A positive, finite number. */
  public double doubleValue(String name, double fallback) {
    String v = string(name, null);
    if (v == null) {
      used.put(name, Double.toString(fallback));
      return fallback;
    }
    try {
      double d = Double.parseDouble(v.trim());
      if (!(d > 0) || Double.isInfinite(d)) throw new NumberFormatException();
      return d;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a positive number, got '" + v + "'");
    }
  }
}
