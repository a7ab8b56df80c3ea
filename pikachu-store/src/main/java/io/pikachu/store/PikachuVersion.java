package io.pikachu.store;

/**
 * The version of the Pikachu classes running in this JVM, from the jar's manifest: two jars on one
 * class path load whichever comes first, so the files Pikachu writes and its log lines say which
 * one ran.
 */
public final class PikachuVersion {
  private PikachuVersion() {}

  /** The manifest's {@code Implementation-Version}, or "unknown" outside a built jar. */
  public static String current() {
    String v = PikachuVersion.class.getPackage().getImplementationVersion();
    return v == null || v.isEmpty() ? "unknown" : v;
  }
}
