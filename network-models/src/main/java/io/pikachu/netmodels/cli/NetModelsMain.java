package io.pikachu.netmodels.cli;

import io.pikachu.netmodels.options.Command;
import io.pikachu.netmodels.options.CommandOptions;
import io.pikachu.netmodels.options.RunManifest;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The jar's entry point: finds the subcommand ({@link Commands}), parses its options against what
 * it declares, and runs it. A wrong command, option or value ends with one line naming it and exit
 * code 2, never a stack trace.
 */
public final class NetModelsMain {
  private NetModelsMain() {}

  public static void main(String[] args) throws IOException {
    System.setProperty("java.awt.headless", "true");
    try {
      run(args, System.out);
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      // The whole usage would bury the one line that matters; point at it instead.
      String command = args.length > 0 ? args[0] : "";
      System.err.println(
          Commands.find(command) == null
              ? Commands.usage()
              : "(java -jar network-models.jar " + command + " --help lists its options)");
      System.exit(2);
    }
  }

  /** Runs one command line ({@code args[0]} is the command), printing to {@code out}. */
  public static void run(String[] args, PrintStream out) throws IOException {
    if (args.length == 0) throw new IllegalArgumentException("no command given");
    String name = args[0];
    if (name.equals("--help") || name.equals("-h") || name.equals("help")) {
      out.print(Commands.usage());
      return;
    }
    Command command = Commands.find(name);
    if (command == null) throw new IllegalArgumentException("unknown command '" + name + "'");
    if (!command.name().equals(name)) {
      System.err.println("warning: '" + name + "' is deprecated, use '" + command.name() + "'");
    }
    if (CommandOptions.wantsHelp(args)) {
      command.printHelp(out);
      return;
    }
    CommandOptions o = new CommandOptions(args, command.spec(), Commands::declaring);
    Instant started = Instant.now();
    long t0 = System.nanoTime();
    command.action().run(o, out);
    // A command that wrote files gets their manifest beside them.
    String dir = o.used().get("--out");
    if (dir != null && Files.isDirectory(Path.of(dir))) {
      RunManifest.write(
          Path.of(dir), command.name(), args, o.used(), started, (System.nanoTime() - t0) / 1e9);
    }
  }

  /** {@link #run(String[], PrintStream)} on the console. */
  static void run(String[] args) throws IOException {
    run(args, System.out);
  }
}
