package io.pikachu.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.store.NodeProfileStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The admin jar's commands as an admin runs them, Hadoop's generic options included. */
class PikachuAdminTest {
  private static final long HOUR = 3_600_000L;
  private static final long DAY = 24 * HOUR;

  @TempDir java.nio.file.Path tmp;
  private Configuration conf;
  private FileSystem fs;
  private Path base;

  /** What the fake ResourceManager says of each job it runs. */
  private final Map<String, String> running = new HashMap<>();

  private int exit;

  @BeforeEach
  void setUp() throws IOException {
    conf = new Configuration(false);
    conf.set(PikachuKeys.PROFILE_DIR.name(), tmp.resolve("profile").toUri().toString());
    fs = FileSystem.getLocal(conf).getRaw();
    base = new Path(tmp.resolve("binmaps").toUri());
    fs.mkdirs(base);
    fs.setPermission(base, new FsPermission((short) 01777));
  }

  private String run(String... args) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CleanCommand.Jobs yarn = jobId -> Optional.ofNullable(running.get(jobId));
    PikachuAdmin admin = new PikachuAdmin(conf, new PrintStream(bytes, true, "UTF-8"), c -> yarn);
    exit = ToolRunner.run(conf, admin, args);
    return bytes.toString("UTF-8");
  }

  @Test
  void profileShowAndResetTheNodeProfile() throws Exception {
    NodeProfileStore.of(conf, "alice")
        .add(
            JobMeasurement.of(
                "job_1",
                "wc",
                System.currentTimeMillis(),
                Map.of("fast-node", 4.0, "slow-node", 1.0),
                Map.of()));
    String shown = run("profile", "show", "--user", "alice");
    assertTrue(shown.indexOf("fast-node") < shown.indexOf("slow-node"), shown);
    assertTrue(shown.contains("work wc:"), shown);
    assertTrue(run("profile", "reset", "--user", "alice").contains("1 file(s)"));
    assertTrue(run("profile", "show", "--user", "alice").contains("(empty"));
    assertTrue(run("profile", "drop").contains("usage"));
    assertEquals(2, exit);
  }

  @Test
  void aProfileOthersMayWriteIsAnErrorNamingIt() throws Exception {
    Path dir = new Path(tmp.resolve("profile").toUri());
    fs.mkdirs(dir);
    fs.setPermission(dir, new FsPermission((short) 0777));
    String out = run("profile", "show");
    assertEquals(1, exit);
    assertTrue(out.startsWith("error: ") && out.contains("writable by group or others"), out);
  }

  /** A job directory with one bin map, last changed {@code ageMs} ago (directory and file). */
  private Path jobDir(String name, long ageMs) throws IOException {
    Path dir = new Path(base, name);
    Path file = new Path(dir, "final");
    try (OutputStream out = fs.create(file)) {
      out.write("0 1 2".getBytes(StandardCharsets.UTF_8));
    }
    long then = System.currentTimeMillis() - ageMs;
    fs.setTimes(file, then, -1);
    fs.setTimes(dir, then, -1);
    return dir;
  }

  @Test
  void cleanRemovesTheOldDirectoriesOfJobsNotRunningAndSaysWhyItKeepsTheRest() throws Exception {
    Path crashed = jobDir("job_1700000000000_0001", 10 * DAY);
    Path suffixed = jobDir("job_1700000000000_0002-k3x9q", 8 * DAY);
    Path recent = jobDir("job_1700000000000_0003", 2 * HOUR);
    Path touched = jobDir("job_1700000000000_0004", 10 * DAY);
    try (OutputStream out = fs.create(new Path(touched, "binmap-2"))) {
      out.write('1');
    }
    Path longJob = jobDir("job_1700000000000_0005", 9 * DAY);
    running.put("job_1700000000000_0005", "RUNNING");
    Path other = jobDir("not-a-job", 30 * DAY);
    fs.setTimes(base, System.currentTimeMillis() - DAY, -1);

    String dry =
        run(
            "-D",
            PikachuKeys.BINMAP_DIR.name() + "=" + base,
            "clean",
            "--older-than",
            "7d",
            "--dry-run");
    assertEquals(0, exit, dry);
    assertTrue(dry.contains("would remove") && dry.contains("job_1700000000000_0001"), dry);
    assertTrue(fs.exists(crashed) && fs.exists(suffixed), "a dry run removes nothing");

    String out =
        run("-D", PikachuKeys.BINMAP_DIR.name() + "=" + base, "clean", "--older-than", "7d");
    assertEquals(0, exit, out);
    assertFalse(fs.exists(crashed), out);
    assertFalse(fs.exists(suffixed), out);
    assertTrue(fs.exists(recent) && fs.exists(touched) && fs.exists(longJob) && fs.exists(other));
    assertTrue(line(out, "job_1700000000000_0001").contains("removed"), out);
    assertTrue(line(out, "job_1700000000000_0001").contains("unchanged for 10 days"), out);
    assertTrue(line(out, "job_1700000000000_0003").contains("changed 2 h ago"), out);
    assertTrue(line(out, "job_1700000000000_0004").contains("kept"), out);
    assertTrue(line(out, "job_1700000000000_0005").contains("is running in YARN"), out);
    assertTrue(line(out, "not-a-job").contains("not a job's bin-map directory"), out);
    assertTrue(out.contains("2 removed, 4 kept"), out);
  }

  private static String line(String out, String name) {
    for (String l : out.split("\n")) {
      if (l.contains(" " + name + " ")) {
        return l;
      }
    }
    throw new AssertionError("no line for " + name + " in\n" + out);
  }

  @Test
  void cleanTakesItsBaseFromAConfFileAndAFileSystemGivenAsGenericOptions() throws Exception {
    Path crashed = jobDir("job_1700000000000_0001", 2 * DAY);
    java.nio.file.Path site = tmp.resolve("site.xml");
    Files.write(
        site,
        ("<configuration><property><name>"
                + PikachuKeys.BINMAP_DIR.name()
                + "</name><value>"
                + base.toUri().getPath()
                + "</value></property></configuration>")
            .getBytes(StandardCharsets.UTF_8));
    String out = run("-conf", site.toString(), "-fs", "file:///", "clean", "--older-than", "36h");
    assertEquals(0, exit, out);
    assertFalse(fs.exists(crashed), out);
  }

  @Test
  void cleanRefusesABaseOthersMayWriteWithoutTheStickyBit() throws Exception {
    Path crashed = jobDir("job_1700000000000_0001", 10 * DAY);
    fs.setPermission(base, new FsPermission((short) 0777));
    conf.set(PikachuKeys.BINMAP_DIR.name(), base.toString());
    String out = run("clean", "--older-than", "1d");
    assertEquals(1, exit, out);
    assertTrue(out.contains("without the sticky bit"), out);
    assertTrue(fs.exists(crashed));
  }

  @Test
  void cleanNeedsTheKeyAndAnAge() throws Exception {
    String out = run("clean", "--older-than", "7d");
    assertEquals(1, exit, out);
    assertTrue(out.contains(PikachuKeys.BINMAP_DIR.name() + " is not set"), out);
    conf.set(PikachuKeys.BINMAP_DIR.name(), base.toString());
    assertTrue(run("clean").contains("clean needs --older-than"));
    assertEquals(2, exit);
    assertTrue(run("clean", "--older-than", "7 days").contains("is not an age"));
    assertEquals(2, exit);
  }

  @Test
  void aJobIsRunningWhileYarnHasNotFinishedItsApplication() {
    assertEquals(
        ApplicationId.newInstance(1700000000000L, 12),
        YarnRunningJobs.applicationOf("job_1700000000000_0012"));
    assertEquals(Optional.of("RUNNING"), YarnRunningJobs.unfinished(YarnApplicationState.RUNNING));
    assertEquals(
        Optional.of("ACCEPTED"), YarnRunningJobs.unfinished(YarnApplicationState.ACCEPTED));
    assertEquals(Optional.empty(), YarnRunningJobs.unfinished(YarnApplicationState.FINISHED));
    assertEquals(Optional.empty(), YarnRunningJobs.unfinished(YarnApplicationState.KILLED));
  }
}
