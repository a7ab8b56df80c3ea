package io.pikachu.cluster.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CPU budgets without cgroups: the node's container process groups are stopped and continued
 * (SIGSTOP/SIGCONT) so that they run only a fraction of every period. Coarser than a CFS quota (a
 * stopped process also stops its I/O), which is why it is only the fallback.
 */
final class DutyCycleLimiter implements CpuLimiter {
  private static final Logger LOG = LoggerFactory.getLogger(DutyCycleLimiter.class);
  private static final long PERIOD_MS = 100;

  private final int machineCores = Runtime.getRuntime().availableProcessors();
  private final List<NodeLimit> limits = new ArrayList<>();

  @Override
  public String method() {
    return "SIGSTOP/SIGCONT duty cycling every " + PERIOD_MS + " ms";
  }

  @Override
  public synchronized NodeCpuLimit limit(String nodeName, double cpus) {
    NodeLimit limit = new NodeLimit(nodeName, cpus);
    limits.add(limit);
    return limit;
  }

  @Override
  public synchronized void close() {
    limits.forEach(NodeLimit::close);
    limits.clear();
  }

  private final class NodeLimit implements NodeCpuLimit, Runnable {
    private final double cpus;
    private final Set<Path> pidFiles = ConcurrentHashMap.newKeySet();
    private final Thread cycler;
    private volatile boolean running = true;

    NodeLimit(String nodeName, double cpus) {
      this.cpus = cpus;
      this.cycler = new Thread(this, "duty-cycle-" + nodeName);
      cycler.setDaemon(true);
      cycler.start();
    }

    @Override
    public List<String> wrap(String launchScript, String pidFile) {
      pidFiles.add(Path.of(pidFile));
      return List.of("/bin/bash", launchScript);
    }

    @Override
    public void run() {
      while (running) {
        List<String> groups = liveProcessGroups();
        try {
          if (groups.isEmpty()) {
            TimeUnit.MILLISECONDS.sleep(PERIOD_MS);
            continue;
          }
          // Each process group may use a whole core while it runs, so the share of time it may run
          // shrinks with the number of groups competing for the node's budget.
          double share = Math.min(1.0, cpus / Math.min(machineCores, groups.size()));
          long runMs = Math.max(1, Math.round(PERIOD_MS * share));
          signal("-CONT", groups);
          TimeUnit.MILLISECONDS.sleep(runMs);
          if (runMs < PERIOD_MS) {
            signal("-STOP", groups);
            TimeUnit.MILLISECONDS.sleep(PERIOD_MS - runMs);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          running = false;
        }
      }
      signal("-CONT", liveProcessGroups());
    }

    /** Containers run as session leaders (setsid), so a container's pid is its process group. */
    private List<String> liveProcessGroups() {
      List<String> groups = new ArrayList<>();
      for (Path pidFile : pidFiles) {
        try {
          if (!Files.exists(pidFile)) {
            continue; // not written yet, or the container finished and the NodeManager removed it
          }
          long pid = Long.parseLong(Files.readString(pidFile).trim());
          if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            groups.add("-" + pid);
          } else {
            pidFiles.remove(pidFile);
          }
        } catch (IOException | NumberFormatException e) {
          LOG.debug("cannot read pid file {}", pidFile, e);
        }
      }
      return groups;
    }

    private void signal(String signal, List<String> groups) {
      if (groups.isEmpty()) {
        return;
      }
      List<String> command = new ArrayList<>(List.of("kill", signal, "--"));
      command.addAll(groups);
      try {
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start()
            .waitFor();
      } catch (IOException e) {
        LOG.warn("cannot send {} to {}", signal, groups, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void close() {
      running = false;
      cycler.interrupt();
      try {
        cycler.join(2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
