package io.pikachu.realcluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One JVM of the cluster (a daemon, or a {@code hadoop jar} client), started as {@code java -cp
 * <conf dir>:<Hadoop's jars> <main class>} with the cluster's JDK ({@link
 * RealClusterSettings#clusterJavaHome()}), its output in a log file, stopped by its PID together
 * with every process it started.
 */
final class JavaProcess {
  private final String name;
  private final Process process;
  private final Path log;

  private JavaProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  /**
   * @param heap the JVM's -Xmx, e.g. "256m"
   */
  static JavaProcess start(
      String name,
      String heap,
      List<String> classPath,
      String mainClass,
      List<String> args,
      Map<String, String> env,
      Path log)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(RealClusterSettings.clusterJavaHome().resolve("bin/java").toString());
    command.add("-Xmx" + heap);
    // Small, short-lived JVMs on a shared 2-core machine: little GC and JIT work.
    command.add("-XX:+UseSerialGC");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-Djava.net.preferIPv4Stack=true");
    command.addAll(RealClusterSettings.lineJvmFlags());
    command.add("-cp");
    command.add(String.join(java.io.File.pathSeparator, classPath));
    command.add(mainClass);
    command.addAll(args);
    Files.createDirectories(log.getParent());
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().putAll(env);
    return new JavaProcess(name, builder.start(), log);
  }

  String name() {
    return name;
  }

  long pid() {
    return process.pid();
  }

  Path log() {
    return log;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** The exit code, or -1 after killing it when it did not end within the timeout. */
  int waitFor(Duration timeout) throws InterruptedException {
    if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      return process.exitValue();
    }
    stop();
    return -1;
  }

  /**
   * Ends the process (SIGTERM, so Hadoop's shutdown hooks stop their containers and services;
   * SIGKILL after 30 s) and then any process it started that is still alive.
   */
  void stop() throws InterruptedException {
    List<ProcessHandle> children = process.descendants().toList();
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    for (ProcessHandle child : children) {
      child.destroyForcibly();
    }
  }

  /** The last lines of its log, for a failure message. */
  String tail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return name
          + " (pid "
          + pid()
          + ", log "
          + log
          + "), last lines:\n"
          + String.join(
              "\n",
              all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                  .map(JavaProcess::abbreviated)
                  .toList());
    } catch (IOException e) {
      return name + ": cannot read " + log + ": " + e;
    }
  }

  /** A line cut to a readable length: Hadoop's start banner prints the whole class path. */
  private static String abbreviated(String line) {
    return line.length() <= 400 ? line : line.substring(0, 400) + " ...";
  }

  /** Its whole output so far. */
  String output() throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }
}
