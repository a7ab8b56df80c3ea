package io.pikachu.realcluster;

/** The paths the pom's {@code real-cluster} profile hands the tests as system properties. */
final class RealClusterSettings {
  private RealClusterSettings() {}

  /**
   * The flags every JVM of the layout's Hadoop line needs on this JDK (the root pom's {@code
   * test.jvm.flags}: Java 17 opens for the lines built for Java 8, nothing for 3.5), split into
   * arguments.
   */
  static java.util.List<String> lineJvmFlags() {
    String flags = System.getProperty("realcluster.line.jvm.flags", "").trim();
    return flags.isEmpty()
        ? java.util.Collections.emptyList()
        : java.util.Arrays.asList(flags.split("\\s+"));
  }

  /**
   * The JDK the cluster's JVMs run on (daemons, MapReduce containers through the NodeManagers'
   * {@code JAVA_HOME}, and {@code hadoop jar} clients): {@code realcluster.java.home}, else the
   * test's own.
   */
  static java.nio.file.Path clusterJavaHome() {
    String home = System.getProperty("realcluster.java.home", "").trim();
    java.nio.file.Path path =
        java.nio.file.Path.of(home.isEmpty() ? System.getProperty("java.home") : home);
    if (!java.nio.file.Files.isExecutable(path.resolve("bin/java"))) {
      throw new IllegalStateException(
          "realcluster.java.home="
              + path
              + " holds no bin/java (real-cluster-tests/install-openjdk-11.sh installs Java 11)");
    }
    return path;
  }

  /**
   * The Java version of {@link #clusterJavaHome()}, from its {@code release} file (e.g. "11.0.24"),
   * which every JVM it starts reports as {@code java.version}.
   */
  static String clusterJavaVersion() {
    java.nio.file.Path release = clusterJavaHome().resolve("release");
    try {
      for (String line : java.nio.file.Files.readAllLines(release)) {
        if (line.startsWith("JAVA_VERSION=")) {
          return line.substring("JAVA_VERSION=".length()).replace("\"", "");
        }
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot read " + release, e);
    }
    throw new IllegalStateException(release + " names no JAVA_VERSION");
  }

  static String required(String property) {
    String value = System.getProperty(property);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(
          "system property "
              + property
              + " is not set: run with mvn -B -P real-cluster -pl real-cluster-tests -am verify");
    }
    return value;
  }
}
