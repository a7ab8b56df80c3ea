package io.pikachu.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.UserPrincipal;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, items 4 and 5: who may write a job's bin maps, a total-order job's maps refused when
 * not contiguous, and what one poll of the store costs the NameNode.
 */
class StoreSafetyTest {
  @TempDir java.nio.file.Path tmp;
  FileSystem fs;
  Path base;
  Path dir;

  @BeforeEach
  void setUp() throws Exception {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    base = new Path(tmp.toString(), "binmaps");
    dir = new Path(base, "job_1_0001");
  }

  @Test
  void theAmCreatesTheJobsDirectoryOwnerOnly() throws Exception {
    new FsBinMapStore(fs, dir, 3, 10).prepare();
    FileStatus status = fs.getFileStatus(dir);
    assertEquals("rwx------", status.getPermission().toString());
  }

  @Test
  void aGroupOrWorldWritableDirectoryIsRejectedNamingIt() throws Exception {
    fs.mkdirs(dir);
    fs.setPermission(dir, new org.apache.hadoop.fs.permission.FsPermission((short) 0777));
    var e = assertThrows(IOException.class, () -> new FsBinMapStore(fs, dir, 3, 10).prepare());
    assertTrue(e.getMessage().contains(dir.toUri().getPath()), e.getMessage());
    assertTrue(e.getMessage().contains("writable by group or others"), e.getMessage());
    // a reducer refuses to read it too
    assertThrows(IOException.class, () -> new FsBinMapStore(fs, dir, 3, 10).read());
  }

  @Test
  void aDirectoryPlantedByAnotherUserIsRejectedNamingIt() throws Exception {
    fs.mkdirs(dir);
    fs.setPermission(dir, StoreSafety.OWNER_ONLY);
    UserPrincipal nobody = nobody();
    Files.setOwner(java.nio.file.Path.of(dir.toUri().getPath()), nobody);
    var e = assertThrows(IOException.class, () -> new FsBinMapStore(fs, dir, 3, 10).prepare());
    assertTrue(e.getMessage().contains("owned by " + nobody.getName()), e.getMessage());
    assertTrue(e.getMessage().contains(dir.toUri().getPath()), e.getMessage());
  }

  @Test
  void aFinalMapWrittenByAnotherUserIsNotFollowed() throws Exception {
    FsBinMapStore am = new FsBinMapStore(fs, dir, 3, 10);
    am.prepare();
    am.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    Path planted = new Path(dir, "final");
    FsBinMapStore attacker = new FsBinMapStore(fs, new Path(base, "elsewhere"), 3, 10);
    attacker.seal(BinMap.fromCounts(2, false, 10, new int[] {28, 1, 1}));
    fs.rename(new Path(base, "elsewhere/final"), planted);
    Files.setOwner(java.nio.file.Path.of(planted.toUri().getPath()), nobody());
    var e = assertThrows(IOException.class, () -> new FsBinMapStore(fs, dir, 3, 10).read());
    assertTrue(e.getMessage().contains("final"), e.getMessage());
  }

  @Test
  void aSharedBaseMustBeStickyWhenOthersMayWriteIt() throws Exception {
    fs.mkdirs(base);
    fs.setPermission(base, new org.apache.hadoop.fs.permission.FsPermission((short) 0777));
    var e = assertThrows(IOException.class, () -> new FsBinMapStore(fs, dir, 3, 10).prepare());
    assertTrue(e.getMessage().contains(base.toUri().getPath()), e.getMessage());
    assertTrue(e.getMessage().contains("sticky"), e.getMessage());
    fs.setPermission(base, new org.apache.hadoop.fs.permission.FsPermission((short) 01777));
    new FsBinMapStore(fs, dir, 3, 10).prepare();
  }

  @Test
  void aTotalOrderJobRefusesABinMapThatIsNotContiguous() throws Exception {
    new FsBinMapStore(fs, dir, 3, 10)
        .seal(BinMap.fromCounts(1, true, 10, new int[] {10, 10, 10}).withVersion(1, true));
    // rewrite as a hash-style map (any owner anywhere): reducer 0 owns bins 0-9 and 20-23
    fs.delete(new Path(dir, "final"), false);
    int[] owners = new int[30];
    for (int b = 0; b < 30; b++) {
      owners[b] = b < 10 || (b >= 20 && b < 24) ? 0 : b < 20 ? 1 : 2;
    }
    new FsBinMapStore(fs, dir, 3, 10)
        .seal(new BinMap(2, true, io.pikachu.core.binmap.BinAllocation.ofOwners(10, 3, owners)));
    var e =
        assertThrows(
            BinMapFormatException.class, () -> new FsBinMapStore(fs, dir, 3, 10, true).read());
    assertTrue(e.getMessage().contains(new Path(dir, "final").toString()), e.getMessage());
    assertTrue(e.getMessage().contains("contiguous"), e.getMessage());
  }

  @Test
  void aPollThatFindsNothingNewCostsOneListing() throws Exception {
    FsBinMapStore am = new FsBinMapStore(fs, dir, 3, 10);
    am.publish(BinMap.fromCounts(1, false, 10, new int[] {18, 6, 6}));
    Counting counting = new Counting(fs);
    FsBinMapStore reducer = new FsBinMapStore(counting, dir, 3, 10);
    reducer.read();
    int first = counting.calls.getAndSet(0);
    assertTrue(first <= 3, "a first read: directory check, listing, the map: " + first);
    reducer.read();
    assertEquals(1, counting.calls.get(), "nothing new: the listing alone");
    am.publish(BinMap.fromCounts(2, true, 10, new int[] {14, 8, 8}));
    counting.calls.set(0);
    assertTrue(reducer.read().isFinal());
    assertEquals(2, counting.calls.get(), "a new map: the listing and one open");
  }

  private static UserPrincipal nobody() throws IOException {
    assumeTrue("root".equals(System.getProperty("user.name")), "needs root to give a file away");
    return java.nio.file.FileSystems.getDefault()
        .getUserPrincipalLookupService()
        .lookupPrincipalByName("nobody");
  }

  /** Counts the calls that are each one NameNode RPC on HDFS. */
  private static final class Counting extends FilterFileSystem {
    final AtomicInteger calls = new AtomicInteger();

    Counting(FileSystem fs) {
      super(fs);
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
      calls.incrementAndGet();
      return super.listStatus(f);
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
      calls.incrementAndGet();
      return super.getFileStatus(f);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      calls.incrementAndGet();
      return super.open(f, bufferSize);
    }
  }
}
