package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FsBinMapStoreTest {
  @TempDir java.nio.file.Path tmp;
  FileSystem fs;
  Path dir;

  @BeforeEach
  void setUp() throws Exception {
    fs = FileSystem.getLocal(new Configuration());
    dir = new Path(tmp.toString(), "job_1/pikachu-binmap");
  }

  private FsBinMapStore store() {
    return new FsBinMapStore(fs, dir, 3, 10);
  }

  @Test
  void nothingPublishedReadsAsNull() throws Exception {
    assertNull(store().read());
  }

  @Test
  void readersSeeTheNewestPublishedMapThenTheFinalOne() throws Exception {
    FsBinMapStore publisher = store();
    publisher.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    publisher.publish(BinMap.fromCounts(2, false, 10, new int[] {14, 8, 8}));
    assertEquals(BinMap.fromCounts(2, false, 10, new int[] {14, 8, 8}), store().read());
    BinMap fin = BinMap.fromCounts(3, true, 10, new int[] {12, 9, 9});
    assertEquals(fin, publisher.publish(fin));
    assertEquals(fin, store().read());
  }

  @Test
  void versionsMustGrowAndNothingFollowsTheFinalMap() throws Exception {
    FsBinMapStore publisher = store();
    publisher.publish(BinMap.fromCounts(2, false, 10, new int[] {18, 6, 6}));
    assertThrows(
        IllegalArgumentException.class,
        () -> publisher.publish(BinMap.fromCounts(2, false, 10, new int[] {14, 8, 8})));
    publisher.seal(BinMap.fromCounts(2, false, 10, new int[] {18, 6, 6}));
    assertThrows(
        IllegalStateException.class,
        () -> publisher.publish(BinMap.fromCounts(5, false, 10, new int[] {14, 8, 8})));
    assertThrows(
        IllegalArgumentException.class,
        () -> publisher.publish(BinMap.fromCounts(6, false, 10, new int[] {20, 10})));
  }

  @Test
  void theFirstSealWinsAndEveryoneFollowsIt() throws Exception {
    BinMap reducerView = BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6});
    BinMap amFinal = BinMap.fromCounts(2, true, 10, new int[] {12, 9, 9});
    BinMap sealed = store().seal(reducerView);
    assertEquals(reducerView.withVersion(1, true), sealed);
    // the AM publishing later learns its final map lost
    assertEquals(sealed, store().publish(amFinal));
    assertEquals(sealed, store().read());
  }

  @Test
  void concurrentSealsAgreeOnOneMap() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (int round = 0; round < 5; round++) {
        Path roundDir = new Path(dir, "round" + round);
        List<Callable<BinMap>> sealers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          int[] counts = {10 + i, 10, 10 - i};
          BinMap candidate = BinMap.fromCounts(i, false, 10, counts);
          // separate store objects: different processes in real life
          sealers.add(() -> new FsBinMapStore(fs, roundDir, 3, 10).seal(candidate));
        }
        Set<BinMap> winners = new HashSet<>();
        for (Future<BinMap> f : pool.invokeAll(sealers)) {
          winners.add(f.get());
        }
        assertEquals(1, winners.size(), "round " + round + ": " + winners);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anUnreadableFinalMapIsAnErrorNamingThePath() throws Exception {
    fs.mkdirs(dir);
    try (var out = fs.create(new Path(dir, "final"))) {
      out.write("pikachu-binmap 1\nversion 4\n".getBytes(StandardCharsets.UTF_8));
    }
    var e = assertThrows(BinMapFormatException.class, () -> store().read());
    assertTrue(e.getMessage().contains("final"), e.getMessage());
  }

  @Test
  void anUnreadableProvisionalMapIsSkippedForTheNewestReadableOne() throws Exception {
    FsBinMapStore publisher = store();
    BinMap v1 = BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6});
    publisher.publish(v1);
    try (var out = fs.create(new Path(dir, "binmap-4"))) {
      out.write("pikachu-binmap 1\nversion 4\n".getBytes(StandardCharsets.UTF_8));
    }
    try (var out = fs.create(new Path(dir, "binmap-5.copying"))) {
      out.write("not a bin map".getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(v1, store().read(), "the truncated v4 and the stray file are passed over");
    BinMap v6 = BinMap.fromCounts(6, false, 10, new int[] {14, 8, 8});
    publisher.publish(v6);
    assertEquals(v6, store().read(), "a valid newer map is followed");
    BinMap fin = BinMap.fromCounts(7, true, 10, new int[] {12, 9, 9});
    publisher.publish(fin);
    assertEquals(fin, store().read());
  }

  @Test
  void aJobsDirectoryIsMadeBelowItsStagingDirectory() throws IOException {
    Configuration conf = new Configuration(false);
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> FsBinMapStore.createDirectory(conf, "job_7"));
    assertTrue(e.getMessage().contains("mapreduce.job.dir"), e.getMessage());
    conf.set("mapreduce.job.dir", tmp.resolve("staging/job_7").toUri().toString());
    Path made = FsBinMapStore.createDirectory(conf, "job_7");
    assertEquals(
        tmp.resolve("staging/job_7/pikachu-binmap").toUri().getPath(),
        made.toUri().getPath() + "/");
    assertEquals(
        "rwx------", made.getFileSystem(conf).getFileStatus(made).getPermission().toString());
  }

  /** Issue 41: nobody can create a job's directory in a shared base before its AM does. */
  @Test
  void aClusterWideDirectoryHoldsOneUnguessableDirectoryPerJob() throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("pikachu.binmap.dir", tmp.resolve("shared").toUri().toString());
    Path first = FsBinMapStore.createDirectory(conf, "job_7_0001");
    Path again = FsBinMapStore.createDirectory(conf, "job_7_0001");
    assertTrue(first.getName().matches("job_7_0001-[0-9a-f]{16}"), first.getName());
    assertTrue(!first.equals(again), "a new name each time: " + first + ", " + again);
    assertEquals(
        "rwx------", first.getFileSystem(conf).getFileStatus(first).getPermission().toString());
  }
}
