package io.pikachu.store;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.security.CodeSource;
import java.util.Properties;
import org.apache.hadoop.util.VersionInfo;

/**
 * Which Pikachu is running, for the first log line of each plugin and the files Pikachu writes: the
 * version and commit the jar was built from (the build writes them into {@code
 * pikachu-version.properties}, and the admin jar's manifest), the jar the classes came from, and
 * the Hadoop and Java they run on. Two jars on one class path load the classes of whichever comes
 * first; these say which did.
 */
public final class PikachuVersion {
  private static final String UNKNOWN = "unknown";
  private static final Properties BUILD = load();

  private PikachuVersion() {}

  /** The version of the build, e.g. {@code 0.2.0}; "unknown" when the build left none. */
  public static String version() {
    return value("version");
  }

  /**
   * The version the files Pikachu writes record (the job layout's {@code written-by}): {@link
   * #version()}, the same in a built jar and in a module's classes.
   */
  public static String current() {
    return version();
  }

  /** The abbreviated commit the build came from (it may have held uncommitted changes). */
  public static String commit() {
    return value("commit");
  }

  /**
   * {@code Pikachu <version> (commit <id>) <role>, from <jar>, on Hadoop <version> and Java
   * <version>}.
   */
  public static String banner(String role) {
    return "Pikachu "
        + version()
        + " (commit "
        + commit()
        + ") "
        + role
        + ", from "
        + location()
        + ", on Hadoop "
        + VersionInfo.getVersion()
        + " and Java "
        + System.getProperty("java.version");
  }

  private static String location() {
    try {
      CodeSource source = PikachuVersion.class.getProtectionDomain().getCodeSource();
      URL url = source == null ? null : source.getLocation();
      return url == null ? UNKNOWN : url.getPath();
    } catch (SecurityException e) {
      return UNKNOWN;
    }
  }

  private static String value(String key) {
    String v = BUILD.getProperty(key, "").trim();
    // an unfilled placeholder: built without Maven's filtering or outside a git checkout
    return v.isEmpty() || v.startsWith("${") ? UNKNOWN : v;
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = PikachuVersion.class.getResourceAsStream("pikachu-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // the banner says "unknown"
    }
    return p;
  }
}
