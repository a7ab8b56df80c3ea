package io.pikachu.benchsuite.namenode;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsTag;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * How many RPCs of each method a NameNode has served, read from its own metrics (the source {@code
 * RpcDetailedActivityForPort<port>}, one {@code <Method>NumOps} counter per method), taken fresh
 * from the source rather than through JMX, whose view is cached for a metrics period.
 */
record NameNodeRpcCounts(Map<String, Long> byMethod) {
  private static final String NUM_OPS = "NumOps";

  /** DataNodes' heartbeats and block reports: the cluster's own traffic, not any job's. */
  private static final Set<String> DATANODE_METHODS =
      Arrays.stream(DatanodeProtocol.class.getMethods())
          .map(m -> Character.toUpperCase(m.getName().charAt(0)) + m.getName().substring(1))
          .collect(Collectors.toUnmodifiableSet());

  static NameNodeRpcCounts read(int nameNodePort) {
    String name = "RpcDetailedActivityForPort" + nameNodePort;
    MetricsSource source = DefaultMetricsSystem.instance().getSource(name);
    if (source == null) {
      throw new IllegalStateException("no metrics source " + name + " in this JVM");
    }
    Counters counters = new Counters();
    source.getMetrics(counters, true);
    return new NameNodeRpcCounts(Map.copyOf(counters.values));
  }

  /** What was served between {@code before} and this snapshot, by method; zeros left out. */
  NameNodeRpcCounts since(NameNodeRpcCounts before) {
    return new NameNodeRpcCounts(gained(before.byMethod, byMethod));
  }

  /** How much each counter gained from {@code before} to {@code after}; zeros left out. */
  static Map<String, Long> gained(Map<String, Long> before, Map<String, Long> after) {
    Map<String, Long> diff = new TreeMap<>();
    after.forEach(
        (name, n) -> {
          long d = n - before.getOrDefault(name, 0L);
          if (d != 0) {
            diff.put(name, d);
          }
        });
    return diff;
  }

  /** RPCs from clients (job clients, AMs, tasks), without the DataNodes' own. */
  long clientTotal() {
    return byMethod.entrySet().stream()
        .filter(e -> !DATANODE_METHODS.contains(e.getKey()))
        .mapToLong(Map.Entry::getValue)
        .sum();
  }

  long of(String method) {
    return byMethod.getOrDefault(method, 0L);
  }

  /** Keeps the {@code <Method>NumOps} counters of one snapshot. */
  private static final class Counters implements MetricsCollector {
    final Map<String, Long> values = new TreeMap<>();
    private final MetricsRecordBuilder builder = new Builder();

    @Override
    public MetricsRecordBuilder addRecord(String name) {
      return builder;
    }

    @Override
    public MetricsRecordBuilder addRecord(MetricsInfo info) {
      return builder;
    }

    private final class Builder extends MetricsRecordBuilder {
      @Override
      public MetricsRecordBuilder addCounter(MetricsInfo info, long value) {
        // "Overall<Method>" (Hadoop 3.4+) sums a method over the NameNode's RPC servers: a repeat
        if (info.name().endsWith(NUM_OPS) && !info.name().startsWith("Overall")) {
          values.merge(
              info.name().substring(0, info.name().length() - NUM_OPS.length()), value, Long::sum);
        }
        return this;
      }

      @Override
      public MetricsRecordBuilder addCounter(MetricsInfo info, int value) {
        return addCounter(info, (long) value);
      }

      @Override
      public MetricsRecordBuilder tag(MetricsInfo info, String value) {
        return this;
      }

      @Override
      public MetricsRecordBuilder add(MetricsTag tag) {
        return this;
      }

      @Override
      public MetricsRecordBuilder add(AbstractMetric metric) {
        return this;
      }

      @Override
      public MetricsRecordBuilder setContext(String value) {
        return this;
      }

      @Override
      public MetricsRecordBuilder addGauge(MetricsInfo info, int value) {
        return this;
      }

      @Override
      public MetricsRecordBuilder addGauge(MetricsInfo info, long value) {
        return this;
      }

      @Override
      public MetricsRecordBuilder addGauge(MetricsInfo info, float value) {
        return this;
      }

      @Override
      public MetricsRecordBuilder addGauge(MetricsInfo info, double value) {
        return this;
      }

      @Override
      public MetricsCollector parent() {
        return Counters.this;
      }
    }
  }
}
