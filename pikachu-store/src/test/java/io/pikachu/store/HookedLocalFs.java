package io.pikachu.store;

import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system with hooks for tests: files that seem to be owned by another user (in its
 * {@link #attributes()}), one thread that stops at a chosen call until the test lets it go on, to
 * interleave two writers exactly, and an action run inside a thread's second listing.
 */
final class HookedLocalFs extends RawLocalFileSystem {

  /** Where the paused thread stops. */
  enum PauseAt {
    /** Its second file creation (a job adding its file, then a compaction writing its base). */
    SECOND_CREATE,
    /** Its first opening of a job file. */
    FIRST_JOB_OPEN
  }

  /** File or directory name to the owner it seems to have. */
  final Map<String, String> owners = new ConcurrentHashMap<>();

  private volatile Thread pausing;
  private volatile PauseAt at;
  private volatile int creates;
  private volatile CountDownLatch reached;
  private volatile CountDownLatch release;

  private volatile Thread relisting;
  private volatile Runnable onRelisting;
  private final Set<String> lookedUp = ConcurrentHashMap.newKeySet();

  HookedLocalFs() throws IOException {
    initialize(URI.create("file:///"), new Configuration(false));
  }

  /** Makes {@code thread} stop at {@code at}. */
  void pause(Thread thread, PauseAt at) {
    this.creates = 0;
    this.reached = new CountDownLatch(1);
    this.release = new CountDownLatch(1);
    this.at = at;
    this.pausing = thread;
  }

  /** Waits until the paused thread has stopped. */
  void awaitPaused() throws InterruptedException {
    if (!reached.await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the thread never reached " + at);
    }
  }

  void resume() {
    pausing = null;
    release.countDown();
  }

  private void stop() {
    reached.countDown();
    try {
      release.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    maybeStopAtCreate();
    return super.create(f, overwrite, bufferSize, replication, blockSize, progress);
  }

  private void maybeStopAtCreate() {
    if (Thread.currentThread() == pausing && at == PauseAt.SECOND_CREATE && ++creates == 2) {
      stop();
    }
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    maybeStopAtCreate();
    return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (Thread.currentThread() == pausing
        && at == PauseAt.FIRST_JOB_OPEN
        && f.getName().startsWith("job-")) {
      pausing = null;
      stop();
    }
    return super.open(f, bufferSize);
  }

  /**
   * Runs {@code action} once in {@code thread}, when it first asks the owner of a profile file it
   * asked before: in its next listing, after the directory was read and before any of its files'
   * owners are known, where a compaction of another thread can fold files away unseen.
   */
  void onRelisting(Thread thread, Runnable action) {
    lookedUp.clear();
    onRelisting = action;
    relisting = thread;
  }

  private void maybeActOnRelisting(String name) {
    if (Thread.currentThread() != relisting
        || !(name.startsWith("job-") || name.startsWith("base-"))
        || lookedUp.add(name)) {
      return;
    }
    relisting = null;
    onRelisting.run();
  }

  /** The local file system's attributes, but for the owners a test gave some names. */
  FileAttributes attributes() {
    FileAttributes local = FileAttributes.of(this);
    return new FileAttributes() {
      @Override
      public String owner(FileStatus status) throws IOException {
        maybeActOnRelisting(status.getPath().getName());
        return owners.getOrDefault(status.getPath().getName(), local.owner(status));
      }

      @Override
      public FsPermission permission(FileStatus status) throws IOException {
        return local.permission(status);
      }
    };
  }
}
