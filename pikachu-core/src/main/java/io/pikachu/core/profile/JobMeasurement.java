package io.pikachu.core.profile;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.value.ValueType;
import java.util.Map;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What one job measured of its nodes, as it adds it to the node profile: its map speeds (in the
 * job's own units), the maps each node ran, the job's work class and when it ended.
 */
@ValueType
@Value.Immutable
@JsonSerialize(as = ImmutableJobMeasurement.class)
@JsonDeserialize(as = ImmutableJobMeasurement.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public abstract class JobMeasurement {

  public abstract String jobId();

  public abstract String workClass();

  public abstract long timeMs();

  public abstract Map<String, Double> speeds();

  public abstract Map<String, Integer> maps();

  /**
   * Why this measurement cannot be folded into a profile, if it cannot: a file another process
   * wrote may hold anything that parses. A speed of 0 is no measurement and is skipped, not wrong.
   */
  public Optional<String> problem() {
    if (jobId().trim().isEmpty() || workClass().trim().isEmpty()) {
      return Optional.of("no job id or work class");
    }
    if (timeMs() < 0) {
      return Optional.of("time " + timeMs() + " is not a time");
    }
    for (Map.Entry<String, Double> e : speeds().entrySet()) {
      double s = e.getValue() == null ? Double.NaN : e.getValue();
      if (e.getKey().trim().isEmpty() || Double.isNaN(s) || Double.isInfinite(s) || s < 0) {
        return Optional.of("node " + e.getKey() + " has speed " + e.getValue());
      }
    }
    for (Map.Entry<String, Integer> e : maps().entrySet()) {
      if (e.getValue() == null || e.getValue() < 0) {
        return Optional.of("node " + e.getKey() + " ran " + e.getValue() + " maps");
      }
    }
    return Optional.empty();
  }

  /**
   * This measurement dated no later than {@code nowMs}: the reader's clock bounds every time a
   * writer's clock gave, so that an AM whose clock ran ahead cannot keep its measurements fresh for
   * longer than {@code pikachu.profile.max-age-ms}.
   */
  public JobMeasurement clampedTo(long nowMs) {
    return timeMs() <= nowMs ? this : of(jobId(), workClass(), nowMs, speeds(), maps());
  }

  public static JobMeasurement of(
      String jobId,
      String workClass,
      long timeMs,
      Map<String, ? extends Double> speeds,
      Map<String, ? extends Integer> maps) {
    return ImmutableJobMeasurement.of(jobId, workClass, timeMs, speeds, maps);
  }
}
