package io.pikachu.core.decision.estimate;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The design points of section 2.4.2 of the Pikachu paper, plus a fixed P for sweeps. */
public enum EstimatorKind {
  /** D1: stock Hadoop, every reducer gets the same key range. */
  EVEN("even"),
  /** D2 (Tarazu): ratio of map progress rates when the reducers start. */
  TARAZU("tarazu"),
  /** D3: ratio of observed shuffle rates once the shuffle has stabilised. */
  SHUFFLE_RATE("shuffle-rate"),
  /** D3': D3 corrected by the CPU efficiency of classes that caught up (equation 2.1). */
  PIKACHU("pikachu"),
  /** P taken from configuration, for sweeps. */
  FIXED("fixed");

  private final String configValue;

  EstimatorKind(String configValue) {
    this.configValue = configValue;
  }

  public String configValue() {
    return configValue;
  }

  /** Whether this estimator waits for the shuffle to stabilise (T_s, T_w) before deciding. */
  public boolean waitsForStabilisation() {
    return this == SHUFFLE_RATE || this == PIKACHU;
  }

  /** Every configuration value, comma-separated. */
  public static String names() {
    return Arrays.stream(values())
        .map(EstimatorKind::configValue)
        .collect(Collectors.joining(", "));
  }

  /**
   * @throws IllegalArgumentException for a name that is no estimator
   */
  public static EstimatorKind fromConfigValue(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    for (EstimatorKind k : values()) {
      if (k.configValue.equals(v)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown estimator; expected one of " + names());
  }
}
