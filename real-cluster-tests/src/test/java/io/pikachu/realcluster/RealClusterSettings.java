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
