package io.pikachu.core.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The estimators an admin can name in {@code pikachu.estimator}: the design points of section 2.4.2
 * of the Pikachu paper, a fixed P for sweeps, and the two-stage controller that is the default.
 * What each does is {@code io.pikachu.core.decision.estimate.Estimates}; here is only the
 * vocabulary of the configuration, so that the keys need nothing of the decision logic.
 */
public enum Estimator {
  /** D1: stock Hadoop, every reducer gets the same key range. */
  EVEN("even"),
  /** D2 (Tarazu): ratio of map progress rates when the reducers start. */
  TARAZU("tarazu"),
  /** D3: ratio of observed shuffle rates once the shuffle has stabilised. */
  SHUFFLE_RATE("shuffle-rate"),
  /** D3', the paper's one-shot Pikachu: D3 corrected by the CPU efficiency (equation 2.1). */
  PIKACHU("pikachu"),
  /** P taken from configuration, for sweeps. */
  FIXED("fixed"),
  /** The default: a provisional map at reducer placement, one correction once measured. */
  TWO_STAGE("two-stage");

  private final String configValue;

  Estimator(String configValue) {
    this.configValue = configValue;
  }

  public String configValue() {
    return configValue;
  }

  /** Every configuration value, comma-separated. */
  public static String names() {
    List<String> names = new ArrayList<>();
    for (Estimator e : values()) {
      names.add(e.configValue);
    }
    return String.join(", ", names);
  }

  /**
   * @throws IllegalArgumentException for a name that is no estimator
   */
  public static Estimator fromConfigValue(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    for (Estimator e : values()) {
      if (e.configValue.equals(v)) {
        return e;
      }
    }
    throw new IllegalArgumentException("unknown estimator; expected one of " + names());
  }
}
