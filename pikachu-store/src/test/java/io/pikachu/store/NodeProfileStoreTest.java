package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.core.profile.NodeProfile;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeProfileStoreTest {
  private static final long DAY = 86_400_000L;

  @TempDir java.nio.file.Path tmp;
  Configuration conf;
  FileSystem fs;

  @BeforeEach
  void setUp() throws Exception {
    conf = new Configuration(false);
    conf.set(PikachuKeys.PROFILE_DIR.name(), tmp.resolve("profile").toUri().toString());
    fs = FileSystem.getLocal(conf);
  }

  private NodeProfileStore store() throws Exception {
    return NodeProfileStore.of(conf, "alice");
  }

  private static JobMeasurement job(int i, long timeMs, Map<String, Double> speeds) {
    return JobMeasurement.of("job_" + i, "wc", timeMs, speeds, Map.of());
  }

  @Test
  void withoutAProfileDirEachUserHasOneBesideTheirStagingDirectory() {
    Configuration plain = new Configuration(false);
    plain.set(MRJobConfig.MR_AM_STAGING_DIR, "/tmp/staging");
    assertEquals(
        new Path("/tmp/staging/alice/" + PikachuKeys.PROFILE_DIR_NAME),
        NodeProfileStore.directory(plain, "alice"));
  }

  @Test
  void theNextJobReadsWhatEarlierJobsAdded() throws Exception {
    assertTrue(store().read(0).isEmpty());
    store().add(job(1, 1000, Map.of("a", 4.0, "b", 1.0)));
    store().add(job(2, 2000, Map.of("a", 8.0, "b", 2.0, "c", 2.0)));
    Map<String, Double> speeds = store().read(3000).freshSpeeds("wc", 3000, DAY);
    assertEquals(4.0, speeds.get("a"), 1e-9);
    assertEquals(1.0, speeds.get("c"), 1e-9);
  }

  @Test
  void jobsEndingTogetherLoseNoMeasurement() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    List<Future<Path>> added = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      int n = i;
      added.add(pool.submit(() -> store().add(job(n, 5000, Map.of("node" + n, 1.0, "a", 1.0)))));
    }
    for (Future<Path> f : added) {
      f.get();
    }
    pool.shutdown();
    assertEquals(17, store().read(5000).freshSpeeds("wc", 5000, DAY).size());
  }

  @Test
  void manyJobsAreCompactedIntoABaseWithoutChangingTheProfile() throws Exception {
    NodeProfile expected = NodeProfile.empty();
    for (int i = 0; i <= NodeProfileStore.COMPACT_AFTER; i++) {
      JobMeasurement j = job(i, 1000L * i, Map.of("a", 2.0 + (i % 3), "b", 1.0));
      expected = expected.merge(j, PikachuKeys.PROFILE_MAX_AGE_MS.defaultValue());
      store().add(j);
    }
    FileStatus[] files = fs.listStatus(store().dir());
    assertEquals(1, files.length, Arrays.toString(files));
    assertTrue(files[0].getPath().getName().startsWith("base-"), files[0].getPath().getName());
    long now = 1000L * NodeProfileStore.COMPACT_AFTER;
    assertEquals(
        expected.freshSpeeds("wc", now, DAY), store().read(now).freshSpeeds("wc", now, DAY));
  }

  @Test
  void anUnreadableFileIsSkippedAndMeasurementsAgeOut() throws Exception {
    store().add(job(1, 1000, Map.of("a", 4.0, "b", 1.0)));
    try (OutputStream out = fs.create(new Path(store().dir(), "job-1500-job_x.json"))) {
      out.write("{ truncated".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(2, store().read(2000).freshSpeeds("wc", 2000, DAY).size());
    conf.setLong(PikachuKeys.PROFILE_MAX_AGE_MS.name(), 500);
    assertTrue(store().read(2000).isEmpty());
  }

  @Test
  void aNewProfileDirectoryIsItsOwnersAlone() throws Exception {
    NodeProfileStore store = store();
    store.add(job(1, DAY, Map.of("fast-0", 2.0, "slow-0", 0.5)));
    assertEquals(
        new org.apache.hadoop.fs.permission.FsPermission((short) 0700),
        fs.getFileStatus(store.dir()).getPermission());
  }
}
