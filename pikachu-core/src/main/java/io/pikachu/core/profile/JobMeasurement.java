package io.pikachu.core.profile;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.value.ValueType;
import java.util.Map;
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

  public static JobMeasurement of(
      String jobId,
      String workClass,
      long timeMs,
      Map<String, ? extends Double> speeds,
      Map<String, ? extends Integer> maps) {
    return ImmutableJobMeasurement.of(jobId, workClass, timeMs, speeds, maps);
  }
}
