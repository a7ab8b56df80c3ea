package io.pikachu.task.reduce;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The reducer's local files of fetched and merged bins, in the task's local directories. */
final class ShuffleFiles {
  private static final Logger LOG = LoggerFactory.getLogger(ShuffleFiles.class);

  private final JobConf job;
  private final TaskAttemptID reduceId;
  private final FileSystem rfs;
  private final LocalDirAllocator dirs;
  private final AtomicLong fileSeq = new AtomicLong();

  ShuffleFiles(JobConf job, TaskAttemptID reduceId, FileSystem rawLocalFs, LocalDirAllocator dirs) {
    this.job = job;
    this.reduceId = reduceId;
    this.rfs = rawLocalFs;
    this.dirs = dirs;
  }

  /** The raw local file system: IFile carries its own checksums, as in stock shuffle. */
  FileSystem fs() {
    return rfs;
  }

  /** A path for one fetched or merged file of {@code bin} (-1: all bins). */
  Path newPath(int bin, String kind, long size) throws IOException {
    String name =
        "output/pikachu-"
            + reduceId
            + "/bin"
            + bin
            + "-"
            + kind
            + "-"
            + fileSeq.incrementAndGet()
            + ".out";
    return dirs.getLocalPathForWrite(name, size, job);
  }

  void delete(Path file) {
    try {
      rfs.delete(file, false);
    } catch (IOException e) {
      LOG.warn("Could not delete {}", file, e);
    }
  }
}
