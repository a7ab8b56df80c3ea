package io.pikachu.netmodels.options;

import java.io.IOException;
import java.io.PrintStream;

/**
 * One subcommand of the jar: its name, the part of the harness it belongs to, a one-line summary,
 * the options it accepts (and only those), and what it does with them.
 *
 * @param group the heading it is listed under in {@code --help} (a seed or the harness)
 * @param details printed after the summary by {@code <command> --help} (a policy list, say), or ""
 */
public record Command(
    String name,
    String group,
    String summary,
    String details,
    CommandOptions.Spec spec,
    Action action) {

  /** What the command does once its options are parsed. */
  @FunctionalInterface
  public interface Action {
    void run(CommandOptions options, PrintStream out) throws IOException;
  }

  public Command(
      String name, String group, String summary, CommandOptions.Spec spec, Action action) {
    this(name, group, summary, "", spec, action);
  }

  public void printHelp(PrintStream out) {
    spec.printHelp(name, details.isEmpty() ? summary : summary + "\n" + details, out);
  }
}
