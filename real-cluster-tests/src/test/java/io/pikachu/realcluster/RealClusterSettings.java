package io.pikachu.realcluster;

/** The paths the pom's {@code real-cluster} profile hands the tests as system properties. */
final class RealClusterSettings {
  private RealClusterSettings() {}

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
