package io.pikachu.benchmodel;

import java.util.Locale;

/**
 * The paper's two slot configurations (section 2.3.1): map slots proportional to cores on both;
 * Config-1 gives every node two reduce slots (as Tarazu), Config-2 makes reduce slots proportional
 * to cores too (the paper's 4 on a fast node, 1 on a slow one).
 */
public enum SlotConfig {
  CONFIG_1,
  CONFIG_2;

  /** {@code config-1} or {@code config-2}: how results.csv, figures and options name it. */
  public String label() {
    return this == CONFIG_1 ? "config-1" : "config-2";
  }

  /**
   * Reduce slots of a node of this configuration with {@code coreRatio} times a slow node's cores
   * (1 on a slow node).
   */
  public int reduceSlots(int coreRatio) {
    return this == CONFIG_1 ? 2 : coreRatio;
  }

  /**
   * @throws IllegalArgumentException for anything but config-1 or config-2 (1, 2, config_1 ...)
   */
  public static SlotConfig parse(String text) {
    switch (text.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "")) {
      case "1":
      case "config1":
        return CONFIG_1;
      case "2":
      case "config2":
        return CONFIG_2;
      default:
        throw new IllegalArgumentException(
            "slot configuration must be config-1 or config-2, got '" + text + "'");
    }
  }
}
