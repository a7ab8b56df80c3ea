package io.pikachu.netmodels.options;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * {@code <command>.manifest.json}, written beside a command's output files: the command line, every
 * parameter the command used (given or default), the seed, the build's version and commit, the JVM
 * and machine, when it started and its wall time. The outputs themselves stay byte-identical for
 * the same seed; the manifest is what differs between two runs, and says how each was made.
 */
public final class RunManifest {
  private static final Properties BUILD = build();

  private RunManifest() {}

  private static Properties build() {
    Properties p = new Properties();
    try (InputStream in =
        RunManifest.class.getResourceAsStream("/io/pikachu/netmodels/build.properties")) {
      if (in != null) p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** The module's version, e.g. {@code 0.2.0-SNAPSHOT}, or "unknown" outside a Maven build. */
  public static String version() {
    return BUILD.getProperty("version", "unknown");
  }

  /** The commit the jar was built from ({@code -dirty} with uncommitted changes), or "unknown". */
  public static String commit() {
    return BUILD.getProperty("commit", "unknown");
  }

  /** The file a command's manifest goes to in {@code dir}. */
  public static Path file(Path dir, String command) {
    return dir.resolve(command + ".manifest.json");
  }

  /** Writes the manifest of one command run into {@code dir}. */
  public static Path write(
      Path dir,
      String command,
      String[] args,
      Map<String, String> parameters,
      Instant started,
      double wallSeconds)
      throws IOException {
    StringBuilder b = new StringBuilder("{\n");
    field(b, "command", command);
    b.append("  \"arguments\": [");
    for (int i = 0; i < args.length; i++) b.append(i == 0 ? "" : ", ").append(quote(args[i]));
    b.append("],\n  \"parameters\": {");
    int i = 0;
    for (var e : parameters.entrySet()) {
      b.append(i++ == 0 ? "\n" : ",\n")
          .append("    ")
          .append(quote(e.getKey()))
          .append(": ")
          .append(quote(e.getValue()));
    }
    b.append(parameters.isEmpty() ? "},\n" : "\n  },\n");
    field(b, "seed", parameters.getOrDefault("--seed", ""));
    field(b, "version", version());
    field(b, "commit", commit());
    field(b, "java", System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
    field(
        b,
        "machine",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + ", "
            + System.getProperty("os.arch")
            + ", "
            + Runtime.getRuntime().availableProcessors()
            + " processors");
    field(b, "started", started.truncatedTo(ChronoUnit.MILLIS).toString());
    b.append(String.format(Locale.ROOT, "  \"wall_seconds\": %.3f\n}\n", wallSeconds));
    Files.createDirectories(dir);
    Path f = file(dir, command);
    Files.writeString(f, b.toString());
    return f;
  }

  private static void field(StringBuilder b, String name, String value) {
    b.append("  ").append(quote(name)).append(": ").append(quote(value)).append(",\n");
  }

  /** A JSON string. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\t' -> b.append("\\t");
        case '\r' -> b.append("\\r");
        default -> {
          if (c < 0x20) b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          else b.append(c);
        }
      }
    }
    return b.append('"').toString();
  }
}
