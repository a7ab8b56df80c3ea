package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 41: what crashed AMs left under a cluster-wide bin-map directory, and only that, goes. */
class BinMapCleanerTest {
  private static final long DAY = 86_400_000L;
  private static final long NOW = 1_800_000_000_000L;

  @TempDir java.nio.file.Path tmp;
  private FileSystem fs;
  private Path base;
  private final List<String> asked = new ArrayList<>();

  @BeforeEach
  void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration(false)).getRaw();
    base = new Path(tmp.resolve("binmaps").toUri());
    fs.mkdirs(base);
    fs.setPermission(base, new FsPermission((short) 01777));
  }

  private BinMapCleaner cleaner(String runningJob) {
    return new BinMapCleaner(
        fs,
        base,
        jobId -> {
          asked.add(jobId);
          return jobId.equals(runningJob) ? Optional.of("RUNNING") : Optional.empty();
        });
  }

  /** {@code name}/final and {@code name}/sub/layout, each changed at the given time. */
  private Path jobDir(String name, long dirMs, long fileMs, long nestedMs) throws IOException {
    Path dir = new Path(base, name);
    Path nested = new Path(dir, "sub/layout");
    for (Path f : new Path[] {new Path(dir, "final"), nested}) {
      try (OutputStream out = fs.create(f)) {
        out.write('1');
      }
    }
    fs.setTimes(nested, nestedMs, -1);
    fs.setTimes(nested.getParent(), nestedMs, -1);
    fs.setTimes(new Path(dir, "final"), fileMs, -1);
    fs.setTimes(dir, dirMs, -1);
    return dir;
  }

  private static String outcomes(List<BinMapCleaner.Entry> entries) {
    StringBuilder s = new StringBuilder();
    for (BinMapCleaner.Entry e : entries) {
      s.append(e.path.getName()).append('=').append(e.outcome).append(' ');
    }
    return s.toString().trim();
  }

  @Test
  void onlyJobDirectoriesUnchangedForTheAgeWhoseJobDoesNotRunGo() throws Exception {
    long old = NOW - 10 * DAY;
    jobDir("job_1700000000000_0001", old, old, old);
    jobDir("job_1700000000000_0002-x7k2", old, old, old);
    jobDir("job_1700000000000_0003", old, old, NOW - DAY); // a file deep inside changed lately
    jobDir("job_1700000000000_0004", NOW - DAY, old, old); // the directory changed lately
    jobDir("job_1700000000000_0005", old, old, old);
    jobDir("job_17000_x", old, old, old);
    try (OutputStream out = fs.create(new Path(base, "job_1700000000000_0006"))) {
      out.write('1'); // a file, not a directory
    }
    List<BinMapCleaner.Entry> dry = cleaner("job_1700000000000_0005").clean(7 * DAY, NOW, true);
    assertEquals(
        "job_1700000000000_0001=WOULD_REMOVE job_1700000000000_0002-x7k2=WOULD_REMOVE"
            + " job_1700000000000_0003=KEPT job_1700000000000_0004=KEPT"
            + " job_1700000000000_0005=KEPT job_1700000000000_0006=KEPT job_17000_x=KEPT",
        outcomes(dry));
    assertTrue(fs.exists(new Path(base, "job_1700000000000_0001")), "a dry run removes nothing");
    assertEquals(
        List.of("job_1700000000000_0001", "job_1700000000000_0002", "job_1700000000000_0005"),
        asked,
        "YARN is asked about old job directories only");

    List<BinMapCleaner.Entry> done = cleaner("job_1700000000000_0005").clean(7 * DAY, NOW, false);
    assertTrue(
        outcomes(done)
            .startsWith("job_1700000000000_0001=REMOVED job_1700000000000_0002-x7k2=REMOVED"));
    assertFalse(fs.exists(new Path(base, "job_1700000000000_0001")));
    assertFalse(fs.exists(new Path(base, "job_1700000000000_0002-x7k2")));
    assertEquals(5, fs.listStatus(base).length);
    assertEquals("job job_1700000000000_0005 is running in YARN", done.get(4).why);
    assertEquals("changed 24 h ago", done.get(2).why);
    assertEquals("unchanged for 10 days", done.get(0).why);
  }

  @Test
  void aBaseOthersMayWriteWithoutTheStickyBitIsRefused() throws Exception {
    jobDir("job_1700000000000_0001", 0, 0, 0);
    fs.setPermission(base, new FsPermission((short) 0777));
    StoreSafety.UnsafeStoreException e =
        assertThrows(
            StoreSafety.UnsafeStoreException.class, () -> cleaner("").clean(DAY, NOW, false));
    assertTrue(e.getMessage().contains(base.toString()), e.getMessage());
    assertTrue(fs.exists(new Path(base, "job_1700000000000_0001")));
  }

  @Test
  void nothingIsRemovedWhenYarnCannotBeAsked() throws Exception {
    jobDir("job_1700000000000_0001", 0, 0, 0);
    BinMapCleaner cleaner =
        new BinMapCleaner(
            fs,
            base,
            jobId -> {
              throw new IOException("ResourceManager unreachable");
            });
    assertThrows(IOException.class, () -> cleaner.clean(DAY, NOW, false));
    assertTrue(fs.exists(new Path(base, "job_1700000000000_0001")));
  }
}
