package io.pikachu.core.decision.trace;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pikachu.core.partitioning.Slicing;
import java.util.Map;

/**
 * First line of a recorded trace.
 *
 * @param format always {@value #FORMAT}
 * @param version format version
 * @param numReducers reducers of the job
 * @param description where the trace comes from (job, cluster, command)
 * @param config the job's pikachu.* configuration when it was recorded
 * @param expect optional expectations a replay test checks (free keys, e.g. "reason")
 * @param slicing how the job's partitions were cut into bins (null in traces from before it was
 *     recorded: hash slices)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TraceHeader(
    String format,
    int version,
    int numReducers,
    String description,
    Map<String, String> config,
    Map<String, String> expect,
    Slicing slicing) {

  public static final String FORMAT = "pikachu-trace";

  /** Version 2 adds the decision marks of {@link TraceFile}; version 1 traces still read. */
  public static final int VERSION = 2;

  public TraceHeader {
    config = config == null ? Map.of() : Map.copyOf(config);
    expect = expect == null ? Map.of() : Map.copyOf(expect);
  }

  public static TraceHeader of(
      int numReducers, String description, Map<String, String> config, Slicing slicing) {
    return new TraceHeader(FORMAT, VERSION, numReducers, description, config, Map.of(), slicing);
  }

  public Slicing slicingOrDefault() {
    return slicing == null ? Slicing.HASH : slicing;
  }
}
