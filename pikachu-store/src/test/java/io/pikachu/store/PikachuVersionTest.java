package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** The line every plugin logs first says which Pikachu, from where, on which Hadoop and Java. */
class PikachuVersionTest {

  @Test
  void theBuildFilledInVersionAndCommit() {
    assertTrue(PikachuVersion.version().matches("\\d+\\.\\d+\\.\\d+.*"), PikachuVersion.version());
    // the build's commit, or "unknown" when built outside a git checkout
    assertTrue(PikachuVersion.commit().matches("[0-9a-f]{10}|unknown"), PikachuVersion.commit());
  }

  @Test
  void theBannerNamesTheRoleTheJarHadoopAndJava() {
    String banner = PikachuVersion.banner("shuffle consumer");
    assertTrue(
        banner.startsWith(
            "Pikachu "
                + PikachuVersion.version()
                + " (commit "
                + PikachuVersion.commit()
                + ") shuffle consumer, from "),
        banner);
    assertTrue(banner.contains("pikachu-store"), "the classes' location: " + banner);
    assertTrue(
        banner.endsWith(
            ", on Hadoop "
                + VersionInfo.getVersion()
                + " and Java "
                + System.getProperty("java.version")),
        banner);
  }
}
