package io.pikachu.store;

import io.pikachu.core.time.Ages;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Removes what crashed AMs left under a cluster-wide {@code pikachu.binmap.dir}: the per-job
 * directories ({@code <job id>}, or {@code <job id>-<suffix>}) whose newest change, of the
 * directory or anything in it, is older than an age, and whose job is not running. The AM removes
 * its job's directory when the job ends; an AM that crashed, or was killed with its container,
 * cannot, and a busy cluster would otherwise fill the base directory up to HDFS's limit of items
 * per directory, after which every job's AM fails.
 */
public final class BinMapCleaner {

  /** A job directory: named by the job id, with the random suffix of newer AMs. */
  static final Pattern JOB_DIR = Pattern.compile("(job_\\d+_\\d+)(-[A-Za-z0-9]+)*");

  /** Whether a job still runs, by its id; empty when it does not (or is no longer known). */
  public interface RunningJobs {
    Optional<String> state(String jobId) throws IOException;
  }

  /** What became of one entry of the base directory. */
  public enum Outcome {
    REMOVED,
    WOULD_REMOVE,
    KEPT,
    FAILED
  }

  /** One entry of the base directory and why it was removed or kept. */
  public static final class Entry {
    public final Path path;
    public final Outcome outcome;
    public final String why;

    Entry(Path path, Outcome outcome, String why) {
      this.path = path;
      this.outcome = outcome;
      this.why = why;
    }

    @Override
    public String toString() {
      return outcome + " " + path + ": " + why;
    }
  }

  private final FileSystem fs;
  private final Path base;
  private final RunningJobs running;

  public BinMapCleaner(FileSystem fs, Path base, RunningJobs running) {
    this.fs = SmallFiles.unwrap(fs);
    this.base = base;
    this.running = running;
  }

  /**
   * Removes (or, on a dry run, names) every job directory unchanged for {@code olderThanMs} whose
   * job is not running, and says for every other entry why it stays. Nothing is removed before
   * every candidate's job was asked about.
   *
   * @return every entry of the base directory, by name
   * @throws StoreSafety.UnsafeStoreException a base other users may write without the sticky bit:
   *     its entries could be anyone's, renamed under the cleaner
   * @throws FileNotFoundException no such directory
   * @throws IOException also when whether a job runs cannot be told
   */
  public List<Entry> clean(long olderThanMs, long nowMs, boolean dryRun) throws IOException {
    FileStatus status = fs.getFileStatus(base);
    if (!status.isDirectory()) {
      throw new IOException(base + " is not a directory");
    }
    new StoreSafety(fs).checkSharedParent(status);
    List<Entry> entries = new ArrayList<>();
    Map<FileStatus, Long> old = new LinkedHashMap<>();
    FileStatus[] children = fs.listStatus(base);
    Arrays.sort(children, Comparator.comparing(c -> c.getPath().getName()));
    for (FileStatus child : children) {
      Path path = child.getPath();
      if (!child.isDirectory() || !JOB_DIR.matcher(path.getName()).matches()) {
        entries.add(new Entry(path, Outcome.KEPT, "not a job's bin-map directory"));
        continue;
      }
      try {
        long age = nowMs - newestChange(child);
        if (age < olderThanMs) {
          entries.add(new Entry(path, Outcome.KEPT, "changed " + Ages.format(age) + " ago"));
        } else {
          old.put(child, age);
        }
      } catch (FileNotFoundException e) {
        entries.add(new Entry(path, Outcome.KEPT, "gone meanwhile"));
      } catch (IOException e) {
        entries.add(new Entry(path, Outcome.FAILED, "cannot be read: " + e));
      }
    }
    Map<FileStatus, Optional<String>> states = new LinkedHashMap<>();
    for (FileStatus child : old.keySet()) {
      states.put(child, running.state(jobId(child.getPath())));
    }
    for (Map.Entry<FileStatus, Long> e : old.entrySet()) {
      entries.add(remove(e.getKey().getPath(), e.getValue(), states.get(e.getKey()), dryRun));
    }
    entries.sort(Comparator.comparing(e -> e.path.getName()));
    return entries;
  }

  private static String jobId(Path dir) {
    Matcher m = JOB_DIR.matcher(dir.getName());
    if (!m.matches()) {
      throw new IllegalArgumentException(dir + " is not a job directory");
    }
    return m.group(1);
  }

  private Entry remove(Path path, long age, Optional<String> state, boolean dryRun) {
    if (state.isPresent()) {
      return new Entry(
          path,
          Outcome.KEPT,
          "job " + jobId(path) + " is " + state.get().toLowerCase(Locale.ROOT) + " in YARN");
    }
    String why = "unchanged for " + Ages.format(age);
    if (dryRun) {
      return new Entry(path, Outcome.WOULD_REMOVE, why);
    }
    try {
      return fs.delete(path, true)
          ? new Entry(path, Outcome.REMOVED, why)
          : new Entry(path, Outcome.FAILED, "the file system did not delete it");
    } catch (IOException e) {
      return new Entry(path, Outcome.FAILED, e.toString());
    }
  }

  /** The newest modification time of {@code dir} and everything below it. */
  private long newestChange(FileStatus dir) throws IOException {
    long newest = dir.getModificationTime();
    for (FileStatus f : fs.listStatus(dir.getPath())) {
      newest = Math.max(newest, f.isDirectory() ? newestChange(f) : f.getModificationTime());
    }
    return newest;
  }
}
