package io.pikachu.benchsuite.namenode;

import io.pikachu.core.config.PikachuKeys;
import java.net.InetAddress;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.server.namenode.AuditLogger;

/**
 * A NameNode audit logger ({@code dfs.namenode.audit.loggers}) that counts namespace operations by
 * what they touch, so the NameNode's RPC count can be attributed: Pikachu's bin-map store, its node
 * profile, or everything else (job submission, staging, history, input and output). The NameNode
 * makes its own instance by class name in this JVM, hence the static counts.
 */
public final class PathAudit implements AuditLogger {
  static final String BIN_MAPS = "bin-map store";
  static final String PROFILE = "node profile";
  static final String OTHER = "job and Hadoop";

  private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

  @Override
  public void initialize(Configuration conf) {}

  @Override
  public void logAuditEvent(
      boolean succeeded,
      String userName,
      InetAddress addr,
      String cmd,
      String src,
      String dst,
      FileStatus stat) {
    COUNTS.computeIfAbsent(area(src) + " " + cmd, k -> new LongAdder()).increment();
  }

  static String area(String src) {
    if (src == null) {
      return OTHER;
    }
    if (src.contains("/" + PikachuKeys.BINMAP_DIR_NAME)) {
      return BIN_MAPS;
    }
    return src.contains("/" + PikachuKeys.PROFILE_DIR_NAME) ? PROFILE : OTHER;
  }

  /** "area cmd" to the operations counted so far. */
  static Map<String, Long> snapshot() {
    Map<String, Long> copy = new TreeMap<>();
    COUNTS.forEach((k, v) -> copy.put(k, v.sum()));
    return copy;
  }
}
