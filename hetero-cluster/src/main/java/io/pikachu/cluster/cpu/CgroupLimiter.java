package io.pikachu.cluster.cpu;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * CPU budgets through the kernel's CFS bandwidth control: each node gets a cgroup whose quota is
 * its number of cores times the period, and every container of the node starts inside it, so all
 * its child processes (the task JVM and anything it forks) share the budget.
 */
final class CgroupLimiter implements CpuLimiter {
  private static final Logger LOG = LoggerFactory.getLogger(CgroupLimiter.class);
  private static final long PERIOD_US = 100_000;
  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  /** The two kernel interfaces differ only in the files and formats of quota and weight. */
  enum Version {
    V1 {
      @Override
      void writeQuota(Path group, long quotaUs) throws IOException {
        Files.writeString(group.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
        Files.writeString(group.resolve("cpu.cfs_quota_us"), Long.toString(quotaUs));
      }

      @Override
      long readQuota(Path group) throws IOException {
        return Long.parseLong(Files.readString(group.resolve("cpu.cfs_quota_us")).trim());
      }

      @Override
      void writeWeight(Path group, double cpus) throws IOException {
        Files.writeString(
            group.resolve("cpu.shares"), Long.toString(Math.max(2, Math.round(1024 * cpus))));
      }
    },
    V2 {
      @Override
      void writeQuota(Path group, long quotaUs) throws IOException {
        Files.writeString(group.resolve("cpu.max"), quotaUs + " " + PERIOD_US);
      }

      @Override
      long readQuota(Path group) throws IOException {
        return Long.parseLong(Files.readString(group.resolve("cpu.max")).trim().split("\\s+")[0]);
      }

      @Override
      void writeWeight(Path group, double cpus) throws IOException {
        Files.writeString(
            group.resolve("cpu.weight"),
            Long.toString(Math.min(10_000, Math.max(1, Math.round(100 * cpus)))));
      }
    };

    abstract void writeQuota(Path group, long quotaUs) throws IOException;

    abstract long readQuota(Path group) throws IOException;

    /**
     * Relative weight under contention, in cores; the quota caps a group but guarantees it nothing.
     */
    abstract void writeWeight(Path group, double cpus) throws IOException;
  }

  private final Version version;
  private final Path root;

  private CgroupLimiter(Version version, Path root) {
    this.version = version;
    this.root = root;
  }

  /**
   * Creates a private cgroup under {@code parent} and proves that a quota can be written to it.
   *
   * @throws IOException when this machine does not let us use the interface
   */
  static CgroupLimiter create(Version version, Path parent) throws IOException {
    if (!Files.isDirectory(parent)) {
      throw new IOException(parent + " is not a directory");
    }
    if (version == Version.V2) {
      Path control = parent.resolve("cgroup.subtree_control");
      if (!Files.readString(control).contains("cpu")) {
        Files.writeString(control, "+cpu");
      }
    }
    Path root =
        parent.resolve(
            "pikachu-" + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet());
    Files.createDirectory(root);
    try {
      // Other work on the host (a build, a second test JVM) must not starve the emulated nodes,
      // or a fast node would look slow; the cluster's whole tree competes as if it had 16 cores.
      version.writeWeight(root, 16);
      if (version == Version.V2) {
        Files.writeString(root.resolve("cgroup.subtree_control"), "+cpu");
      }
      Path probe = Files.createDirectory(root.resolve("probe"));
      version.writeQuota(probe, PERIOD_US / 2);
      if (version.readQuota(probe) != PERIOD_US / 2) {
        throw new IOException("the kernel did not keep the quota written to " + probe);
      }
      Files.delete(probe);
    } catch (IOException | RuntimeException e) {
      deleteQuietly(root.resolve("probe"));
      deleteQuietly(root);
      throw e instanceof IOException io ? io : new IOException(e);
    }
    return new CgroupLimiter(version, root);
  }

  @Override
  public String method() {
    return version == Version.V1
        ? "cgroup-v1 cpu.cfs_quota_us under " + root
        : "cgroup-v2 cpu.max under " + root;
  }

  @Override
  public NodeCpuLimit limit(String nodeName, double cpus) {
    Path group = root.resolve(nodeName);
    try {
      Files.createDirectories(group);
      version.writeQuota(group, Math.max(1000, Math.round(cpus * PERIOD_US)));
      version.writeWeight(group, cpus);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot set the CPU quota of node " + nodeName + " in " + group, e);
    }
    return new NodeCpuLimit() {
      @Override
      public List<String> wrap(String launchScript, String pidFile) {
        Path procs = group.resolve("cgroup.procs");
        // Join the node's group before exec-ing the script, so the task JVM is born limited.
        String join =
            String.format(
                Locale.ROOT,
                "echo $$ > '%s' || { echo 'pikachu hetero-cluster: cannot join cgroup %s' >&2; exit 97; }; "
                    + "exec /bin/bash \"$0\"",
                procs,
                group);
        return List.of("/bin/bash", "-c", join, launchScript);
      }

      @Override
      public void close() {
        killAndRemove(group);
      }
    };
  }

  @Override
  public void close() {
    try (var children = Files.list(root)) {
      children.filter(Files::isDirectory).forEach(CgroupLimiter::killAndRemove);
    } catch (IOException e) {
      LOG.warn("cannot list {}", root, e);
    }
    deleteQuietly(root);
  }

  private static void killAndRemove(Path group) {
    if (!Files.isDirectory(group)) {
      return;
    }
    try {
      for (String pid : Files.readAllLines(group.resolve("cgroup.procs"))) {
        if (!pid.isBlank()) {
          ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
        }
      }
    } catch (IOException | NumberFormatException e) {
      LOG.warn("cannot list the processes of {}", group, e);
    }
    // A killed process leaves the group a moment after the signal; retry the removal briefly.
    for (int attempt = 0; attempt < 50 && Files.exists(group); attempt++) {
      try {
        Files.delete(group);
      } catch (IOException e) {
        try {
          Thread.sleep(100);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  private static void deleteQuietly(Path dir) {
    try {
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      LOG.warn("cannot remove {}", dir, e);
    }
  }
}
