package io.pikachu.benchsuite.suite;

import io.pikachu.benchmodel.ClusterSpec;
import io.pikachu.benchmodel.SlotConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * An embedded cluster the suite runs on, under a label that names it in results.csv. Three are
 * built in, all with 1.5 cores in all: one fast node with 4x the CPU of each of two slow nodes
 * (Config-1: two reduce slots everywhere; Config-2: reduce slots proportional to speed), and, as a
 * control, three equal nodes. Any other mix is described as {@code LABEL=NODE-GROUPS} ({@link
 * ClusterSpec#parse}) or {@code LABEL=@FILE}.
 */
public record SuiteCluster(String label, ClusterSpec spec) {

  static final double SLOW_CPUS = 0.25;
  static final int SPEED_RATIO = 4;

  public static final SuiteCluster CONFIG_1 =
      new SuiteCluster(
          "config-1", ClusterSpec.heterogeneous(1, 2, SLOW_CPUS, SPEED_RATIO, SlotConfig.CONFIG_1));
  public static final SuiteCluster CONFIG_2 =
      new SuiteCluster(
          "config-2", ClusterSpec.heterogeneous(1, 2, SLOW_CPUS, SPEED_RATIO, SlotConfig.CONFIG_2));
  public static final SuiteCluster HOMOGENEOUS =
      new SuiteCluster(
          "homogeneous", ClusterSpec.homogeneous(3, SLOW_CPUS * (SPEED_RATIO + 2) / 3, 2, 2));

  private static final List<SuiteCluster> BUILT_IN = List.of(CONFIG_1, CONFIG_2, HOMOGENEOUS);

  public SuiteCluster {
    if (!label.matches("[a-z0-9][a-z0-9.-]*")) {
      throw new IllegalArgumentException(
          "cluster label must be lower-case letters, digits, '.' and '-', got '" + label + "'");
    }
  }

  /** The built-in clusters, in the order reports list them. */
  public static List<SuiteCluster> values() {
    return BUILT_IN;
  }

  /**
   * A built-in cluster by its label, or {@code LABEL=NODE-GROUPS}, or {@code LABEL=@FILE} with the
   * node groups in a file.
   */
  public static SuiteCluster parse(String text) {
    String trimmed = text.trim();
    int eq = trimmed.indexOf('=');
    if (eq < 0) {
      String label = trimmed.toLowerCase(Locale.ROOT);
      return BUILT_IN.stream()
          .filter(c -> c.label().equals(label))
          .findFirst()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "unknown cluster configuration '"
                          + text
                          + "'; known: "
                          + BUILT_IN.stream().map(SuiteCluster::label).toList()
                          + ", or LABEL=[COUNTx]NAME:CORES:MAP_SLOTS:REDUCE_SLOTS;... or"
                          + " LABEL=@FILE"));
    }
    String label = trimmed.substring(0, eq).trim();
    String nodes = trimmed.substring(eq + 1).trim();
    if (BUILT_IN.stream().anyMatch(c -> c.label().equals(label))) {
      throw new IllegalArgumentException(
          "cluster label '" + label + "' is a built-in cluster's; choose another");
    }
    return new SuiteCluster(label, ClusterSpec.parse(nodes.startsWith("@") ? read(nodes) : nodes));
  }

  private static String read(String at) {
    Path file = Path.of(at.substring(1));
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the cluster file " + file.toAbsolutePath(), e);
    }
  }
}
