package io.pikachu.bench.suite;

import io.pikachu.cluster.ClusterSpec;
import io.pikachu.cluster.ClusterSpec.SlotConfig;
import java.util.Arrays;
import java.util.Locale;

/**
 * The embedded clusters the suite runs on. All three have 1.5 cores in all: one fast node with 4x
 * the CPU of each of two slow nodes (Config-1: two reduce slots everywhere; Config-2: reduce slots
 * proportional to speed), and, as a control, three equal nodes.
 */
public enum SuiteCluster {
  CONFIG_1,
  CONFIG_2,
  HOMOGENEOUS;

  static final double SLOW_CPUS = 0.25;
  static final int SPEED_RATIO = 4;

  public ClusterSpec spec() {
    return switch (this) {
      case CONFIG_1 -> ClusterSpec.heterogeneous(1, 2, SLOW_CPUS, SPEED_RATIO, SlotConfig.CONFIG_1);
      case CONFIG_2 -> ClusterSpec.heterogeneous(1, 2, SLOW_CPUS, SPEED_RATIO, SlotConfig.CONFIG_2);
      case HOMOGENEOUS -> ClusterSpec.homogeneous(3, SLOW_CPUS * (SPEED_RATIO + 2) / 3, 2, 2);
    };
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  public static SuiteCluster parse(String text) {
    return Arrays.stream(values())
        .filter(c -> c.label().equals(text.trim().toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown cluster configuration '"
                        + text
                        + "'; known: "
                        + Arrays.stream(values()).map(SuiteCluster::label).toList()));
  }
}
