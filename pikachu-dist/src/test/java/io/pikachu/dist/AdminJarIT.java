package io.pikachu.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin jar as {@code hadoop jar} runs it: its manifest's Main-Class, started in a JVM of its
 * own with the jar and Hadoop's jars alone on the class path (none of the build's own classes).
 */
class AdminJarIT {

  @TempDir Path tmp;

  private static Path jar() {
    return Path.of(System.getProperty("pikachu.dist.jar"));
  }

  @Test
  void theManifestNamesTheAdminCommand() throws IOException {
    try (JarFile file = new JarFile(jar().toFile())) {
      assertEquals(
          PikachuAdmin.class.getName(),
          file.getManifest().getMainAttributes().getValue("Main-Class"));
    }
  }

  @Test
  void theJarRunsCleanAndProfileWithGenericOptions() throws Exception {
    Path base = Files.createDirectories(tmp.resolve("binmaps"));
    Path crashed = Files.createDirectories(base.resolve("job_1700000000000_0001"));
    Files.write(crashed.resolve("final"), "0 1".getBytes(StandardCharsets.UTF_8));
    FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3 * 86_400_000L);
    Files.setLastModifiedTime(crashed.resolve("final"), old);
    Files.setLastModifiedTime(crashed, old);

    String out =
        run(
            "-D",
            "pikachu.binmap.dir=" + base.toUri(),
            "clean",
            "--older-than",
            "2d",
            "--skip-running-check");
    assertTrue(out.contains("removed") && out.contains("job_1700000000000_0001"), out);
    assertFalse(Files.exists(crashed), out);

    out = run("-D", "pikachu.profile.dir=" + tmp.resolve("profile").toUri(), "profile", "show");
    assertTrue(out.contains("Pikachu node profile in") && out.contains("(empty"), out);
  }

  /** Runs the jar's main class; fails unless it exits 0. */
  private String run(String... args) throws Exception {
    String main;
    try (JarFile file = new JarFile(jar().toFile())) {
      main = file.getManifest().getMainAttributes().getValue("Main-Class");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(jar() + File.pathSeparator + hadoopClassPath());
    command.add(main);
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    return out;
  }

  /** This test's class path without anything the build made (classes and jars of the modules). */
  private static String hadoopClassPath() {
    Path root = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> !Path.of(e).toAbsolutePath().startsWith(root))
        .collect(Collectors.joining(File.pathSeparator));
  }
}
