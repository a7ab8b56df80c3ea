package io.pikachu.benchsuite.replay;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.decision.TraceReplay;
import io.pikachu.core.decision.trace.TraceFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code replay [-D key=value]... <trace.jsonl>...}: runs recorded controller traces (written by
 * the AM when {@code pikachu.trace.dir} is set) through the controller offline and prints each
 * decision with the rules that fired, so an admin can see why a job got its P, and what another
 * setting would have decided, without running the job again.
 */
public final class ReplayCommand {
  public static final String USAGE =
      "usage: replay [-D pikachu.key=value]... <trace.jsonl>...\n"
          + "  replays each trace through the controller under the configuration it was recorded\n"
          + "  with (changed by the -D settings) and prints the decision and the rules that fired";

  private final Map<String, String> overrides;
  private final List<Path> traces;

  private ReplayCommand(Map<String, String> overrides, List<Path> traces) {
    this.overrides = overrides;
    this.traces = traces;
  }

  /**
   * @throws IllegalArgumentException naming the bad argument, with the usage
   */
  public static ReplayCommand parse(String[] args) {
    Map<String, String> overrides = new LinkedHashMap<>();
    List<Path> traces = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-D")) {
        if (i + 1 == args.length) {
          throw new IllegalArgumentException("-D needs a key=value\n" + USAGE);
        }
        setting(args[++i], overrides);
      } else if (args[i].startsWith("-D")) {
        setting(args[i].substring(2), overrides);
      } else if (args[i].startsWith("-")) {
        throw new IllegalArgumentException("unknown option " + args[i] + "\n" + USAGE);
      } else {
        traces.add(Path.of(args[i]));
      }
    }
    if (traces.isEmpty()) {
      throw new IllegalArgumentException("no trace files given\n" + USAGE);
    }
    return new ReplayCommand(overrides, traces);
  }

  private static void setting(String text, Map<String, String> into) {
    int eq = text.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException("-D " + text + ": expected key=value\n" + USAGE);
    }
    String key = text.substring(0, eq).trim();
    String value = text.substring(eq + 1).trim();
    if (!key.startsWith(PikachuKeys.PREFIX)) {
      throw new IllegalArgumentException("-D " + key + ": not a pikachu.* key\n" + USAGE);
    }
    PikachuKeys.checkKnown(Map.of(key, value));
    into.put(key, value);
  }

  /**
   * @return 0 when every trace replayed, 1 when one could not be read or replayed (its error is
   *     printed and the others still run)
   */
  public int run(PrintStream out, PrintStream err) {
    int status = 0;
    for (Path file : traces) {
      try {
        TraceFile trace = TraceFile.read(file);
        DecisionRecord r = TraceReplay.run(trace, overrides);
        out.println(file.getFileName() + ": " + trace.header().description());
        out.println(
            "  " + trace.reports().size() + " reports, " + r.last().numReducers() + " reducers");
        for (Decision d : r.versions()) {
          out.println("  " + d.summaryLine());
        }
        if (!trace.header().expect().isEmpty()) {
          out.println("  recorded expectation: " + trace.header().expect());
        }
      } catch (NoSuchFileException e) {
        err.println(file.toAbsolutePath() + ": no such file");
        status = 1;
      } catch (IOException | RuntimeException e) {
        err.println(file + ": " + e.getMessage());
        status = 1;
      }
    }
    return status;
  }
}
