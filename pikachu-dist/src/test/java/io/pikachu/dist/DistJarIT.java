package io.pikachu.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The admin jar carries our classes and relocated libraries, and nothing that could shadow
 * Hadoop's.
 */
class DistJarIT {

  private static List<String> entries() throws IOException {
    Path jar = Path.of(System.getProperty("pikachu.dist.jar"));
    try (JarFile file = new JarFile(jar.toFile())) {
      return file.stream().map(JarEntry::getName).toList();
    }
  }

  /**
   * Hadoop 3.3 and 3.4 run Java 8 and 11: a newer class file in the admin jar would fail every job
   * there, and one in the benchmark applications' jar every benchmark job.
   */
  @Test
  void everyClassIsJava8Bytecode() throws IOException {
    for (String property : List.of("pikachu.dist.jar", "pikachu.bench-apps.jar")) {
      Path jar = Path.of(System.getProperty(property));
      List<String> newer = new ArrayList<>();
      int classes = 0;
      try (JarFile file = new JarFile(jar.toFile())) {
        for (JarEntry e : java.util.Collections.list(file.entries())) {
          if (!e.getName().endsWith(".class")) {
            continue;
          }
          classes++;
          try (DataInputStream in = new DataInputStream(file.getInputStream(e))) {
            int magic = in.readInt();
            in.readUnsignedShort(); // minor
            int major = in.readUnsignedShort();
            if (magic != 0xCAFEBABE || major > 52) {
              newer.add(e.getName() + " (major " + major + ")");
            }
          }
        }
      }
      assertTrue(classes > 10, jar + " holds " + classes + " classes");
      assertEquals(List.of(), newer, "class files newer than Java 8 in " + jar);
    }
  }

  /**
   * No class of the admin jar refers to a library by its own name, which the cluster's class path
   * may hold in another version (Hadoop ships Guava and Commons Math): only to relocated copies.
   */
  @Test
  void noClassRefersToAnUnrelocatedLibrary() throws IOException {
    Path jar = Path.of(System.getProperty("pikachu.dist.jar"));
    List<String> offenders = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (JarEntry e : java.util.Collections.list(file.entries())) {
        if (e.getName().endsWith(".class") && !e.getName().startsWith("io/pikachu/shaded/")) {
          String bytes =
              new String(
                  file.getInputStream(e).readAllBytes(),
                  java.nio.charset.StandardCharsets.ISO_8859_1);
          for (String library : List.of("com/google/common/", "org/apache/commons/math3/")) {
            if (bytes.replace("io/pikachu/shaded/" + library, "").contains(library)) {
              offenders.add(e.getName() + " -> " + library);
            }
          }
        }
      }
    }
    assertEquals(List.of(), offenders);
  }

  @Test
  void carriesTheLicenseAndTheNoticeOfWhatItBundles() throws IOException {
    List<String> entries = entries();
    assertTrue(entries.contains("META-INF/LICENSE"), "Pikachu's license");
    assertTrue(entries.contains("META-INF/NOTICE"), "Pikachu's notice");
    assertTrue(entries.contains("META-INF/LICENSE.txt"), "Commons Math's license");
  }

  @Test
  void bundledLibrariesAreRelocated() throws IOException {
    List<String> entries = entries();
    assertTrue(
        entries.stream().anyMatch(e -> e.startsWith("io/pikachu/shaded/org/apache/commons/math3/")),
        "relocated Commons Math (node classification) should be in the jar");
    for (String module : List.of("core", "store", "task", "am")) {
      assertTrue(
          entries.stream().anyMatch(e -> e.startsWith("io/pikachu/" + module + "/")),
          module + " classes");
    }
    assertFalse(
        entries.stream().anyMatch(e -> e.startsWith("com/google/")),
        "unrelocated com.google classes");
    assertFalse(
        entries.stream().anyMatch(e -> e.startsWith("org/apache/commons/math3/")),
        "unrelocated Commons Math classes");
  }

  @Test
  void hadoopItselfIsNotBundled() throws IOException {
    // Folder entries lead to our own classes in Hadoop's package; only classes count.
    assertFalse(
        entries().stream()
            .anyMatch(
                e ->
                    e.startsWith("org/apache/hadoop/")
                        && e.endsWith(".class")
                        && !e.startsWith("org/apache/hadoop/mapreduce/task/reduce/Pikachu")),
        "Hadoop classes must come from the cluster, except our shuffle classes in Hadoop's package");
  }
}
