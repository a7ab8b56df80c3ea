package io.pikachu.core.decision.trace;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.value.Nullable;
import io.pikachu.core.value.ValueType;
import java.util.Collections;
import java.util.Map;
import org.immutables.value.Value;

/**
 * First line of a recorded trace.
 *
 * <p>Fields:
 *
 * <ul>
 *   <li>{@code format}: always {@value #FORMAT}
 *   <li>{@code version}: format version
 *   <li>{@code numReducers}: reducers of the job
 *   <li>{@code description}: where the trace comes from (job, cluster, command)
 *   <li>{@code config}: the job's pikachu.* configuration when it was recorded
 *   <li>{@code expect}: optional expectations a replay test checks (free keys, e.g. "reason")
 *   <li>{@code slicing}: how the job's partitions were cut into bins (null in traces from before it
 *       was recorded: hash slices)
 *   <li>{@code profiled}: the node speeds the AM took from the node profile when the job started
 *       (empty without one), which a replay must give its controller too
 * </ul>
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@ValueType
@Value.Immutable
@JsonSerialize(as = ImmutableTraceHeader.class)
@JsonDeserialize(as = ImmutableTraceHeader.class)
public abstract class TraceHeader {

  public static final String FORMAT = "pikachu-trace";

  /** Version 2 adds the decision marks of {@link TraceFile}; version 1 traces still read. */
  public static final int VERSION = 2;

  public abstract String format();

  public abstract int version();

  public abstract int numReducers();

  @Nullable
  public abstract String description();

  public abstract Map<String, String> config();

  public abstract Map<String, String> expect();

  @Nullable
  public abstract Slicing slicing();

  public static TraceHeader of(
      String format,
      int version,
      int numReducers,
      String description,
      Map<String, ? extends String> config,
      Map<String, ? extends String> expect,
      @Nullable Slicing slicing) {
    return ImmutableTraceHeader.of(
        format, version, numReducers, description, config, expect, slicing);
  }

  public static TraceHeader of(
      int numReducers, String description, Map<String, String> config, Slicing slicing) {
    return of(
        FORMAT,
        VERSION,
        numReducers,
        description,
        config,
        Collections.<String, String>emptyMap(),
        slicing);
  }

  @Value.Parameter(false)
  @Value.Default
  public Map<String, Double> profiled() {
    return Collections.emptyMap();
  }

  /** This header with the node speeds the job took from the node profile. */
  public TraceHeader withProfile(Map<String, Double> speeds) {
    return ((ImmutableTraceHeader) ImmutableTraceHeader.copyOf(this)).withProfiled(speeds);
  }

  public Slicing slicingOrDefault() {
    return slicing() == null ? Slicing.HASH : slicing();
  }
}
