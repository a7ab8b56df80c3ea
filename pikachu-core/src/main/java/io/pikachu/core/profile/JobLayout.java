package io.pikachu.core.profile;

import io.pikachu.core.value.ValueType;
import org.immutables.value.Value;

/**
 * Whether a job's map outputs are cut into bins, decided once by its first AM before any task runs
 * and read by every task: with {@code bins} false, the maps write stock's partitions and the
 * reducers run the stock shuffle, at exactly stock's cost. {@code why} says what decided, for the
 * logs.
 *
 * <p>With bins, {@code binsPerReducer} is the AM's reading of {@code pikachu.bins.per-reducer}, and
 * every task cuts or reads bins by it rather than by its own node's configuration: a value that
 * differs between nodes' mapred-site.xml (a rollout) would otherwise make reducers read slices the
 * maps did not write, silently. 0: not recorded (a stock layout, or one written by an older AM).
 */
@ValueType
@Value.Immutable
public abstract class JobLayout {

  public abstract boolean bins();

  public abstract String why();

  @Value.Default
  public int binsPerReducer() {
    return 0;
  }

  @Value.Check
  protected void check() {
    if (binsPerReducer() < 0 || (!bins() && binsPerReducer() != 0)) {
      throw new IllegalArgumentException(
          "bins per reducer " + binsPerReducer() + " in a layout with bins=" + bins());
    }
  }

  public static JobLayout bins(String why, int binsPerReducer) {
    if (binsPerReducer < 1) {
      throw new IllegalArgumentException("bins per reducer must be >= 1, got " + binsPerReducer);
    }
    return ImmutableJobLayout.of(true, why, binsPerReducer);
  }

  /** A layout as read back from its file; {@code binsPerReducer} 0: not recorded. */
  public static JobLayout of(boolean bins, String why, int binsPerReducer) {
    return ImmutableJobLayout.of(bins, why, binsPerReducer);
  }

  public static JobLayout stock(String why) {
    return ImmutableJobLayout.of(false, why, 0);
  }
}
