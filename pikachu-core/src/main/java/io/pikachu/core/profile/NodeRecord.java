package io.pikachu.core.profile;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.value.ValueType;
import org.immutables.value.Value;

/**
 * What the profile knows of one node for one class of work: its map speed relative to the profile's
 * other nodes (only ratios between nodes mean anything: a job's absolute speeds depend on its map's
 * work), how many jobs and map tasks measured it, and when it was last measured.
 */
@ValueType
@Value.Immutable
@JsonSerialize(as = ImmutableNodeRecord.class)
@JsonDeserialize(as = ImmutableNodeRecord.class)
public abstract class NodeRecord {

  public abstract double relativeSpeed();

  public abstract int jobs();

  public abstract int tasks();

  public abstract long updatedMs();

  @Value.Check
  protected void check() {
    if (!(relativeSpeed() > 0) || Double.isInfinite(relativeSpeed()) || jobs() < 1 || tasks() < 0) {
      throw new IllegalArgumentException(
          "a node record needs a positive speed and at least one job: " + this);
    }
  }

  public static NodeRecord of(double relativeSpeed, int jobs, int tasks, long updatedMs) {
    return ImmutableNodeRecord.of(relativeSpeed, jobs, tasks, updatedMs);
  }
}
