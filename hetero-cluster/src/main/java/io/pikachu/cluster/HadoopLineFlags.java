package io.pikachu.cluster;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.util.VersionInfo;

/**
 * What the cluster's own JVMs (the MapReduce AM and the tasks) need to run a given Hadoop line on
 * this JDK. Hadoop 3.3 and 3.4 were built for Java 8 and 11: on Java 17 their AM (Guice's cglib)
 * and parts of their tasks reflect into java.base and die unless the packages are opened. 3.5 needs
 * nothing. The list is Hadoop's own ({@code extraJavaTestArgs} in hadoop-project-3.4.2.pom); the
 * root pom's {@code hadoop-3.3} and {@code hadoop-3.4} profiles give the test JVMs the same.
 */
final class HadoopLineFlags {

  private static final List<String> ADD_OPENS =
      Arrays.asList(
          "java.base/java.io",
          "java.base/java.lang",
          "java.base/java.lang.reflect",
          "java.base/java.math",
          "java.base/java.net",
          "java.base/java.text",
          "java.base/java.util",
          "java.base/java.util.concurrent",
          "java.base/java.util.zip",
          "java.base/sun.nio.ch",
          "java.base/sun.nio.cs",
          "java.base/sun.security.util",
          "java.base/sun.security.x509",
          "java.base/sun.util.calendar",
          "java.base/jdk.internal.misc",
          "java.security.jgss/sun.security.krb5");

  private HadoopLineFlags() {}

  /** The flags for a JVM of the Hadoop line on the class path, on the JDK running this code. */
  static String containerJvmFlags() {
    return containerJvmFlags(VersionInfo.getVersion(), Runtime.version().feature());
  }

  static String containerJvmFlags(String hadoopVersion, int javaFeature) {
    if (javaFeature < 9 || atLeast(hadoopVersion, 3, 5)) {
      return "";
    }
    StringBuilder flags = new StringBuilder("-XX:+IgnoreUnrecognizedVMOptions");
    for (String module : ADD_OPENS) {
      flags.append(" --add-opens=").append(module).append("=ALL-UNNAMED");
    }
    return flags.append(" -Dio.netty.tryReflectionSetAccessible=true").toString();
  }

  private static boolean atLeast(String version, int major, int minor) {
    String[] parts = version.split("[.-]");
    try {
      int ma = Integer.parseInt(parts[0]);
      int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
      return ma > major || (ma == major && mi >= minor);
    } catch (NumberFormatException e) {
      throw new IllegalStateException("cannot read the Hadoop version '" + version + "'", e);
    }
  }
}
