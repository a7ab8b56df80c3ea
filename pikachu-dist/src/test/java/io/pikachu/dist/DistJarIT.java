package io.pikachu.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The admin jar carries our classes and the Commons Math classes they reach, relocated, and nothing
 * that could shadow Hadoop's.
 */
class DistJarIT {

  private static List<String> entries() throws IOException {
    return entries(Path.of(System.getProperty("pikachu.dist.jar")));
  }

  private static List<String> entries(Path jar) throws IOException {
    try (JarFile file = new JarFile(jar.toFile())) {
      return file.stream().map(JarEntry::getName).toList();
    }
  }

  /**
   * Hadoop 3.3 and 3.4 run Java 8 and 11: a newer class file in the admin jar would fail every job
   * there, one in the benchmark applications' jar every benchmark job, and one in the advise jar
   * advise on a Java 8 gateway.
   */
  @Test
  void everyClassIsJava8Bytecode() throws IOException {
    for (String property :
        List.of("pikachu.dist.jar", "pikachu.bench-apps.jar", "pikachu.advise.jar")) {
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
   * No class of the admin jar refers to Commons Math by its own name, which the cluster's class
   * path holds in another version (3.1.1 on Hadoop 3.3): only to the relocated copy.
   */
  @Test
  void noClassRefersToAnUnrelocatedLibrary() throws IOException {
    assertEquals(List.of(), unrelocatedCommonsMath("pikachu.dist.jar", "io/pikachu/shaded/"));
  }

  /**
   * The benchmark applications' jar refers to Commons Math only under its own relocation, so its
   * generators never run on the cluster's copy; and it holds nothing outside its own package.
   */
  @Test
  void theBenchmarkJarsCommonsMathIsItsOwn() throws IOException {
    assertEquals(
        List.of(), unrelocatedCommonsMath("pikachu.bench-apps.jar", "io/pikachu/bench/shaded/"));
    for (String e : entries(Path.of(System.getProperty("pikachu.bench-apps.jar")))) {
      assertTrue(!e.endsWith(".class") || e.startsWith("io/pikachu/bench/"), e);
    }
  }

  /** The classes of a jar, outside its relocation, that name Commons Math unrelocated. */
  private static List<String> unrelocatedCommonsMath(String property, String shaded)
      throws IOException {
    Path jar = Path.of(System.getProperty(property));
    List<String> offenders = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (JarEntry e : java.util.Collections.list(file.entries())) {
        if (e.getName().endsWith(".class") && !e.getName().startsWith(shaded)) {
          String bytes =
              new String(
                  file.getInputStream(e).readAllBytes(),
                  java.nio.charset.StandardCharsets.ISO_8859_1);
          if (bytes
              .replace(shaded + "org/apache/commons/math3/", "")
              .contains("org/apache/commons/math3/")) {
            offenders.add(e.getName());
          }
        }
      }
    }
    return offenders;
  }

  @Test
  void carriesTheLicenseAndTheNoticeOfWhatItBundles() throws IOException {
    List<String> entries = entries();
    assertTrue(entries.contains("META-INF/LICENSE"), "Pikachu's license");
    assertTrue(entries.contains("META-INF/NOTICE"), "Pikachu's notice");
    assertTrue(entries.contains("META-INF/LICENSE.txt"), "Commons Math's license");
  }

  /**
   * Only Pikachu's classes and relocated Commons Math: nothing under a package another jar of the
   * cluster's class path could hold, besides the shuffle classes that must live in Hadoop's
   * package.
   */
  @Test
  void everyClassIsPikachusOrRelocated() throws IOException {
    List<String> foreign = new ArrayList<>();
    for (String e : entries()) {
      if (e.endsWith(".class")
          && !e.startsWith("io/pikachu/")
          && !e.startsWith("org/apache/hadoop/mapreduce/task/reduce/Pikachu")) {
        foreign.add(e);
      }
    }
    assertEquals(List.of(), foreign, "classes outside Pikachu's packages");
    for (String module : List.of("core", "store", "task", "am")) {
      assertTrue(
          entries().stream().anyMatch(e -> e.startsWith("io/pikachu/" + module + "/")),
          module + " classes");
    }
  }

  /**
   * Every resource is Pikachu's own, a license file, or relocated with the classes that read it
   * (Commons Math's message translations under {@code assets/io/pikachu/shaded/}).
   */
  @Test
  void everyResourceIsPikachusALicenseOrRelocated() throws IOException {
    List<String> own =
        List.of(
            "pikachu-default.xml",
            "Pikachu.properties",
            "io/pikachu/store/pikachu-version.properties",
            "io/pikachu/am/DecisionCounter.properties");
    List<String> other = new ArrayList<>();
    for (String e : entries()) {
      boolean ok =
          e.endsWith("/")
              || e.endsWith(".class")
              || own.contains(e)
              || e.equals("META-INF/MANIFEST.MF")
              || e.matches("META-INF/(LICENSE|NOTICE)(\\.txt)?")
              || e.startsWith("assets/io/pikachu/shaded/");
      if (!ok) {
        other.add(e);
      }
    }
    assertEquals(List.of(), other, "resources neither Pikachu's nor relocated");
    for (String e : own) {
      assertTrue(entries().contains(e), e);
    }
    assertTrue(
        entries().stream().anyMatch(e -> e.startsWith("assets/io/pikachu/shaded/")),
        "Commons Math's translations, relocated");
  }

  /**
   * Minimised and complete, in the admin jar and the benchmark applications' jar: the bundled
   * Commons Math classes are exactly those the jar's own classes reach (through one another), so
   * none is missing at run time and none is dead weight.
   */
  @Test
  void bundledClassesAreExactlyThoseReached() throws IOException {
    assertReachedExactly(
        "pikachu.dist.jar",
        "io/pikachu/shaded/",
        "io/pikachu/shaded/org/apache/commons/math3/ml/clustering/KMeansPlusPlusClusterer");
    assertReachedExactly(
        "pikachu.bench-apps.jar",
        "io/pikachu/bench/shaded/",
        "io/pikachu/bench/shaded/org/apache/commons/math3/distribution/ZipfDistribution");
  }

  private static void assertReachedExactly(String property, String shaded, String used)
      throws IOException {
    Path jar = Path.of(System.getProperty(property));
    try (JarFile file = new JarFile(jar.toFile())) {
      BundledClassRefs refs = new BundledClassRefs(file, shaded);
      Set<String> reached = refs.reachableFromOwnClasses();
      Set<String> bundled = refs.bundled();
      Set<String> missing = new TreeSet<>(reached);
      missing.removeAll(bundled);
      Set<String> unused = new TreeSet<>(bundled);
      unused.removeAll(reached);
      assertEquals(Set.of(), missing, jar + ": referenced but not bundled");
      assertEquals(Set.of(), unused, jar + ": bundled but never reached");
      assertTrue(bundled.contains(used), jar + " lacks " + used);
    }
  }

  /**
   * {@code advise} on a gateway, beside {@code hadoop classpath}: its classes refer to nothing but
   * the JDK, Hadoop and SLF4J (the gateway's) and classes the jar itself holds, Pikachu's own or
   * relocated under {@code io/pikachu/advisor/shaded/}; so no library of the cluster's (Hadoop
   * 3.3's Commons CLI 1.2, say) is ever the one it loads.
   */
  @Test
  void theAdviseJarNeedsOnlyTheJdkHadoopAndItself() throws IOException {
    Path jar = Path.of(System.getProperty("pikachu.advise.jar"));
    List<String> gateway =
        List.of(
            "java/",
            "javax/",
            "jdk/",
            "sun/",
            "org/w3c/",
            "org/xml/",
            "org/ietf/",
            "org/apache/hadoop/",
            "org/slf4j/",
            // log4j 1's API, which every line's class path carries (reload4j, in 3.3.6, 3.4.2 and
            // 3.5.0 alike): QuietLogging uses it and does nothing where a LinkageError says it is
            // absent
            "org/apache/log4j/",
            // annotations of the build (Immutables) and of a library (SpotBugs'), which the JVM
            // never loads to run the class
            "org/immutables/value/",
            "edu/umd/cs/findbugs/annotations/");
    Set<String> held = new TreeSet<>();
    Map<String, Set<String>> refs = new java.util.HashMap<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (JarEntry e : java.util.Collections.list(file.entries())) {
        if (e.getName().endsWith(".class")) {
          String name = e.getName().substring(0, e.getName().length() - ".class".length());
          held.add(name);
          refs.put(name, BundledClassRefs.referencedClasses(file.getInputStream(e)));
        }
      }
    }
    Set<String> foreign = new TreeSet<>();
    Set<String> missing = new TreeSet<>();
    refs.forEach(
        (from, names) -> {
          for (String n : names) {
            if (gateway.stream().anyMatch(n::startsWith)) {
              continue;
            }
            if (!n.startsWith("io/pikachu/")) {
              foreign.add(n + " (from " + from + ")");
            } else if (!held.contains(n)) {
              missing.add(n + " (from " + from + ")");
            }
          }
        });
    assertEquals(Set.of(), foreign, "classes of neither the gateway nor the jar");
    assertEquals(Set.of(), missing, "classes the jar names but lacks");
    assertTrue(held.contains("io/pikachu/advisor/AdviseMain"), "the advisor");
    assertTrue(
        held.stream()
            .anyMatch(n -> n.startsWith("io/pikachu/advisor/shaded/org/apache/commons/cli/")),
        "its own Commons CLI");
  }

  /** An operator can tell which Pikachu a jar is without running it. */
  @Test
  void theManifestNamesTheVersionAndCommit() throws IOException {
    Path jar = Path.of(System.getProperty("pikachu.dist.jar"));
    try (JarFile file = new JarFile(jar.toFile())) {
      Attributes main = file.getManifest().getMainAttributes();
      assertEquals("Pikachu", main.getValue("Implementation-Title"));
      assertEquals(System.getProperty("pikachu.version"), main.getValue("Implementation-Version"));
      assertTrue(
          main.getValue("Pikachu-Commit").matches("[0-9a-f]{10}|unknown"),
          main.getValue("Pikachu-Commit"));
      Properties logged = new Properties();
      logged.load(
          file.getInputStream(file.getEntry("io/pikachu/store/pikachu-version.properties")));
      assertEquals(main.getValue("Implementation-Version"), logged.getProperty("version"));
      assertEquals(main.getValue("Pikachu-Commit"), logged.getProperty("commit"));
      assertEquals("io.pikachu.dist.PikachuAdmin", main.getValue("Main-Class"));
    }
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
