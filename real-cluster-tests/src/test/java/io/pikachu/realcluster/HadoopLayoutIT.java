package io.pikachu.realcluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The layout the real cluster runs from carries its Hadoop line's own libraries, as that line's
 * release tarball does, and not the versions this build manages for itself (the issue that made a
 * "3.3.6" cluster run Guava 33, Commons CLI 1.9 and Commons Math 3.6.1).
 */
class HadoopLayoutIT {

  @Test
  void everyLibraryIsTheVersionTheLinesOwnPomManages() throws Exception {
    HadoopHome home = HadoopHome.fromSystemProperty();
    HadoopProjectPom pom =
        HadoopProjectPom.read(
            Path.of(RealClusterSettings.required("realcluster.hadoop.project.pom")));
    assertTrue(pom.size() > 100, "only " + pom.size() + " managed versions read");
    TreeMap<String, String> checked = new TreeMap<>();
    List<String> wrong = new ArrayList<>();
    for (String component : List.of("common", "common/lib", "hdfs", "yarn", "mapreduce")) {
      try (Stream<Path> files = Files.list(home.share(component))) {
        for (Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
          String name = jar.getFileName().toString();
          if (name.startsWith("pikachu-") || name.startsWith("hadoop-mapreduce-examples-")) {
            continue; // installed by the test, not part of the line's layout
          }
          for (int dash = name.indexOf('-'); dash > 0; dash = name.indexOf('-', dash + 1)) {
            String artifactId = name.substring(0, dash);
            String version = name.substring(dash + 1, name.length() - ".jar".length());
            String expected = pom.version(artifactId);
            if (expected != null && Character.isDigit(version.charAt(0))) {
              checked.put(artifactId, version);
              // a classifier follows the version: netty-...-4.1.130.Final-linux-x86_64.jar
              if (!version.equals(expected) && !version.startsWith(expected + "-")) {
                wrong.add(name + ": the line manages " + expected);
              }
              break;
            }
          }
        }
      }
    }
    System.out.println("layout libraries checked against the line's pom: " + checked);
    assertEquals(List.of(), wrong, "libraries of other versions than the line's own");
    assertTrue(checked.size() > 40, "only " + checked.size() + " jars matched a managed library");
    for (String library : List.of("guava", "commons-cli", "commons-math3", "jackson-databind")) {
      assertEquals(pom.version(library), checked.get(library), library + " in common/lib");
    }
  }
}
