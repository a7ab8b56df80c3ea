package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.Method;
import io.pikachu.benchmodel.NodeSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.hadoop.util.VersionInfo;

/**
 * {@code setup.md}: what a reader needs to judge the suite's figures — the command, the machine,
 * Hadoop, the emulated clusters and the data sizes. The report puts it at its top. Each invocation
 * adds its own section, since one suite directory may be filled by several invocations with
 * different options (resuming).
 */
final class SuiteSetup {
  static final String FILE = "setup.md";

  private SuiteSetup() {}

  static void write(SuiteOptions options, List<String> commandLine, Path dir) throws IOException {
    StringBuilder text = new StringBuilder();
    text.append("### Invocation ")
        .append(ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT))
        .append("\n\n");
    text.append(
            "- **Command:** `mvn -q -Pdemo -DskipTests package -pl bench-suite -am -Ddemo.command=suite")
        .append(
            commandLine.isEmpty() ? "" : " -Ddemo.args=\"" + String.join(" ", commandLine) + "\"")
        .append("` (run from the repository root; resumes from `results.csv` unless `--fresh`)\n");
    text.append("- **Machine:** ").append(machine()).append('\n');
    text.append("- **Software:** Hadoop ")
        .append(VersionInfo.getVersion())
        .append(", Java ")
        .append(System.getProperty("java.version"))
        .append('\n');
    text.append(data(options)).append('\n');
    text.append(
        "- **Reducers:** one per reduce slot; reduce speculation off for every method (map speculation as"
            + " Hadoop's default)\n");
    if (!options.jobSettings().isEmpty()) {
      text.append("- **Job settings (-D, every method):** ");
      text.append(
              String.join(
                  ", ",
                  options.jobSettings().entrySet().stream()
                      .map(e -> "`" + e.getKey() + "=" + e.getValue() + "`")
                      .toList()))
          .append('\n');
    }
    text.append("- **Clusters** (CPU limits are real cgroup quotas, see docs/foundation.md):\n");
    for (SuiteCluster c : options.clusters()) {
      text.append("  - `").append(c.label()).append("`: ");
      text.append(String.join(", ", c.spec().nodes().stream().map(SuiteSetup::node).toList()))
          .append('\n');
    }
    text.append('\n');
    Files.writeString(
        dir.resolve(FILE),
        text.toString(),
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /**
   * The data and what ran on it, naming only the methods this invocation ran: a resumed suite
   * directory holds several invocations, and each section must say what its own did.
   */
  static String data(SuiteOptions options) {
    List<String> compared =
        Method.COMPARED.stream().map(Method::label).filter(options::runs).toList();
    StringBuilder line =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "- **Data:** %d input files of %d MB per application (one map each), seed %d",
                options.maps(),
                options.megabytesPerMap(),
                options.seed()));
    if (!compared.isEmpty()) {
      line.append(
          String.format(
              Locale.ROOT,
              "; %s, %d repetition%s",
              String.join(", ", compared),
              options.reps(),
              options.reps() == 1 ? "" : "s"));
    }
    if (options.runs("optimal")) {
      line.append(
          String.format(
              Locale.ROOT,
              "; fixed P %s, %d repetition%s per point%s",
              options.sweep(),
              options.sweepReps(),
              options.sweepReps() == 1 ? "" : "s",
              options.refine() ? ", refined around the grid's best point" : ", not refined"));
    }
    return line.append("; each repetition runs every application's methods in turn").toString();
  }

  private static String node(NodeSpec n) {
    return String.format(
        Locale.ROOT,
        "%s %.2f cores, %d map / %d reduce slots",
        n.name(),
        n.cores(),
        n.mapSlots(),
        n.reduceSlots());
  }

  private static String machine() {
    String model = "unknown CPU";
    try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      model =
          lines
              .filter(l -> l.startsWith("model name"))
              .findFirst()
              .map(l -> l.substring(l.indexOf(':') + 1).trim())
              .orElse(model);
    } catch (IOException | RuntimeException e) {
      // Not Linux: the core count and memory below still say what matters.
    }
    long memory =
        ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getTotalMemorySize();
    return String.format(
        Locale.ROOT,
        "%d cores (%s), %.0f GiB memory, %s %s",
        Runtime.getRuntime().availableProcessors(),
        model,
        memory / (1024.0 * 1024 * 1024),
        System.getProperty("os.name"),
        System.getProperty("os.version"));
  }
}
