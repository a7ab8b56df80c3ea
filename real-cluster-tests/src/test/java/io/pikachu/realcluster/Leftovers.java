package io.pikachu.realcluster;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Processes of this cluster that outlived their parent: MapReduce containers whose NodeManager
 * died, or a whole cluster whose test JVM was killed. They are found by the cluster's own work
 * directory in their command line (every daemon's class path names its conf dir there, and every
 * container's command its log dir) and ended by PID.
 */
final class Leftovers {
  private Leftovers() {}

  static List<ProcessHandle> find(Path work) {
    String marker = work.toAbsolutePath().toString();
    long self = ProcessHandle.current().pid();
    return ProcessHandle.allProcesses()
        .filter(p -> p.pid() != self)
        .filter(p -> commandLine(p).map(c -> c.contains(marker)).orElse(false))
        .toList();
  }

  /** Kills what {@link #find} finds and returns how many there were. */
  static int kill(Path work) throws InterruptedException {
    List<ProcessHandle> left = find(work);
    for (ProcessHandle p : left) {
      p.destroyForcibly();
    }
    for (ProcessHandle p : left) {
      p.onExit().completeOnTimeout(p, 10, java.util.concurrent.TimeUnit.SECONDS).join();
    }
    return left.size();
  }

  private static Optional<String> commandLine(ProcessHandle p) {
    ProcessHandle.Info info = p.info();
    if (info.commandLine().isPresent()) {
      return info.commandLine();
    }
    return info.arguments().map(a -> String.join(" ", a));
  }
}
