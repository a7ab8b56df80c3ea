package io.pikachu.dist;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.time.Ages;
import io.pikachu.store.BinMapCleaner;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code clean --older-than AGE [--dry-run] [--skip-running-check]}: removes the per-job bin-map
 * directories crashed AMs left under a cluster-wide {@code pikachu.binmap.dir} ({@link
 * BinMapCleaner}), and prints every entry of it with what became of it and why.
 */
final class CleanCommand {

  /** The jobs YARN runs, asked once per candidate; closed after the command. */
  interface Jobs extends BinMapCleaner.RunningJobs, Closeable {
    @Override
    default void close() throws IOException {}
  }

  /** A command line that cannot be run as given. */
  static final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }

  private final Configuration conf;
  private final PrintStream out;
  private final Function<Configuration, Jobs> jobs;

  CleanCommand(Configuration conf, PrintStream out, Function<Configuration, Jobs> jobs) {
    this.conf = conf;
    this.out = out;
    this.jobs = jobs;
  }

  int run(List<String> args) throws IOException {
    List<String> rest = new ArrayList<>(args);
    boolean dryRun = rest.remove("--dry-run");
    boolean askYarn = !rest.remove("--skip-running-check");
    int at = rest.indexOf("--older-than");
    if (at < 0 || at + 1 >= rest.size()) {
      throw new UsageException("clean needs --older-than AGE (as 7d, 12h or 30m)");
    }
    long olderThanMs;
    try {
      olderThanMs = Ages.parseMs(rest.get(at + 1));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--older-than: " + e.getMessage());
    }
    rest.subList(at, at + 2).clear();
    if (!rest.isEmpty()) {
      throw new UsageException("clean does not take " + String.join(" ", rest));
    }
    String dir = conf.getTrimmed(PikachuKeys.BINMAP_DIR.name(), "");
    if (dir.isEmpty()) {
      out.println(
          "error: "
              + PikachuKeys.BINMAP_DIR.name()
              + " is not set (set it in mapred-site.xml, or give -D "
              + PikachuKeys.BINMAP_DIR.name()
              + "=DIR): without it each job's bin maps are in its staging directory,"
              + " which Hadoop removes with the job, and there is nothing to clean");
      return 1;
    }
    Path base = new Path(dir);
    Jobs running = askYarn ? jobs.apply(conf) : jobId -> Optional.empty();
    List<BinMapCleaner.Entry> entries;
    try {
      entries =
          new BinMapCleaner(base.getFileSystem(conf), base, running)
              .clean(olderThanMs, System.currentTimeMillis(), dryRun);
    } finally {
      running.close();
    }
    print(base, olderThanMs, dryRun, askYarn, entries);
    return entries.stream().anyMatch(e -> e.outcome == BinMapCleaner.Outcome.FAILED) ? 1 : 0;
  }

  private void print(
      Path base,
      long olderThanMs,
      boolean dryRun,
      boolean askYarn,
      List<BinMapCleaner.Entry> entries) {
    out.println(
        "Pikachu bin-map directories in "
            + base
            + ": removing those unchanged for "
            + Ages.format(olderThanMs)
            + (askYarn ? " whose job YARN does not run" : " (the ResourceManager not asked)")
            + (dryRun ? " (dry run: nothing is removed)" : ""));
    Map<BinMapCleaner.Outcome, Integer> counts = new EnumMap<>(BinMapCleaner.Outcome.class);
    for (BinMapCleaner.Entry e : entries) {
      counts.merge(e.outcome, 1, Integer::sum);
      out.println(
          String.format(
              Locale.ROOT, "  %-12s %s  (%s)", label(e.outcome), e.path.getName(), e.why));
    }
    List<String> summary = new ArrayList<>();
    counts.forEach((outcome, n) -> summary.add(n + " " + label(outcome)));
    out.println(summary.isEmpty() ? "nothing there" : String.join(", ", summary));
  }

  private static String label(BinMapCleaner.Outcome outcome) {
    switch (outcome) {
      case REMOVED:
        return "removed";
      case WOULD_REMOVE:
        return "would remove";
      case KEPT:
        return "kept";
      default:
        return "not removed";
    }
  }
}
