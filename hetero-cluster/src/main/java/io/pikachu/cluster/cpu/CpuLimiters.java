package io.pikachu.cluster.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Picks the best CPU-limiting method this machine allows: cgroup v1, cgroup v2, then duty cycling.
 */
public final class CpuLimiters {
  /** System property to force a method: auto (default), cgroup-v1, cgroup-v2 or duty-cycle. */
  public static final String METHOD_PROPERTY = "pikachu.cluster.cpu-limit";

  private static final Logger LOG = LoggerFactory.getLogger(CpuLimiters.class);
  private static final Path CGROUP_ROOT = Path.of("/sys/fs/cgroup");

  private CpuLimiters() {}

  public static CpuLimiter detect() {
    String wanted = System.getProperty(METHOD_PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
    return switch (wanted) {
      case "auto" -> firstAvailable();
      case "cgroup-v1" -> cgroupOrFail(CgroupLimiter.Version.V1);
      case "cgroup-v2" -> cgroupOrFail(CgroupLimiter.Version.V2);
      case "duty-cycle" -> new DutyCycleLimiter();
      default ->
          throw new IllegalArgumentException(
              METHOD_PROPERTY
                  + " must be auto, cgroup-v1, cgroup-v2 or duty-cycle, got '"
                  + wanted
                  + "'");
    };
  }

  private static CpuLimiter firstAvailable() {
    for (CgroupLimiter.Version version : CgroupLimiter.Version.values()) {
      try {
        return CgroupLimiter.create(version, ownGroup(version));
      } catch (IOException | RuntimeException e) {
        LOG.info("CPU limits through {} are not available here: {}", version, e.getMessage());
      }
    }
    return new DutyCycleLimiter();
  }

  private static CpuLimiter cgroupOrFail(CgroupLimiter.Version version) {
    try {
      return CgroupLimiter.create(version, ownGroup(version));
    } catch (IOException e) {
      throw new IllegalStateException(
          METHOD_PROPERTY + "=" + version + " was asked for but cannot be used: " + e.getMessage(),
          e);
    }
  }

  /** Our own cgroup directory for the given interface, from /proc/self/cgroup. */
  static Path ownGroup(CgroupLimiter.Version version) throws IOException {
    List<String> lines = Files.readAllLines(Path.of("/proc/self/cgroup"));
    for (String line : lines) {
      String[] fields = line.split(":", 3);
      if (fields.length < 3) {
        continue;
      }
      String relative = fields[2].startsWith("/") ? fields[2].substring(1) : fields[2];
      if (version == CgroupLimiter.Version.V2 && fields[0].equals("0") && fields[1].isEmpty()) {
        Path mount =
            Files.exists(CGROUP_ROOT.resolve("cgroup.controllers"))
                ? CGROUP_ROOT
                : CGROUP_ROOT.resolve("unified");
        return mount.resolve(relative);
      }
      if (version == CgroupLimiter.Version.V1 && List.of(fields[1].split(",")).contains("cpu")) {
        for (String mount : List.of("cpu", "cpu,cpuacct", "cpuacct,cpu")) {
          Path dir = CGROUP_ROOT.resolve(mount);
          if (Files.exists(dir.resolve("cpu.cfs_quota_us"))) {
            return dir.resolve(relative);
          }
        }
      }
    }
    throw new IOException("no " + version + " cpu controller in /proc/self/cgroup");
  }
}
