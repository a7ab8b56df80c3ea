package io.pikachu.core.profile;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.value.ValueType;
import org.immutables.value.Value;

/**
 * Whether a job's map outputs are cut into bins, decided once by its first AM before any task runs
 * and read by every task: with {@code bins} false, the maps write stock's partitions and the
 * reducers run the stock shuffle, at exactly stock's cost. {@code why} says what decided, for the
 * logs.
 */
@ValueType
@Value.Immutable
@JsonSerialize(as = ImmutableJobLayout.class)
@JsonDeserialize(as = ImmutableJobLayout.class)
public abstract class JobLayout {

  public abstract boolean bins();

  public abstract String why();

  public static JobLayout bins(String why) {
    return ImmutableJobLayout.of(true, why);
  }

  public static JobLayout stock(String why) {
    return ImmutableJobLayout.of(false, why);
  }
}
