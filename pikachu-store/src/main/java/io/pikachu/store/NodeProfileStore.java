package io.pikachu.store;

import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.core.profile.NodeProfile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node profile on the cluster's file system ({@code pikachu.profile.dir}): what jobs measured
 * of the nodes, for the jobs after them.
 *
 * <p>Each job adds one file of its own, {@code job-<end ms>-<job id>.json} (a {@link
 * JobMeasurement}), created whole or not at all, so that jobs ending together never overwrite each
 * other's measurements. The profile is the newest compaction, {@code base-g<generation>.json} (a
 * {@link ProfileBase}), with the job files it does not name folded on top in time order. Once more
 * than {@value #COMPACT_AFTER} job files lie in the directory, the job adding one folds them into
 * the next generation's base and deletes the files that base names and the bases before it.
 *
 * <p>What no job file can do:
 *
 * <ul>
 *   <li>disable the profile: every file is checked on read, and one that cannot be used (it does
 *       not parse, or holds what no measurement gives) is skipped with a warning naming it, and
 *       deleted by the next compaction;
 *   <li>outlive its age from a clock that ran ahead: every time is clamped to the reader's clock;
 *       which files a base holds is by name, never by time;
 *   <li>be lost to a race: a generation's base is created once (the first of two compacting jobs
 *       wins, the other deletes nothing), and only the files a created base names are deleted; a
 *       reader that finds a file folded away meanwhile, even while it lists the directory, reads
 *       again and compacts on no such listing;
 *   <li>come from another user: the directory must be the job user's and writable by nobody else,
 *       or the profile is refused (a warning, and the job measures every node itself), and files
 *       another user owns in it are ignored.
 * </ul>
 *
 * <p>Over 300 lines on purpose: the compaction protocol stays in one file with the reads it must
 * stay safe against.
 */
public final class NodeProfileStore {

  private static final Logger LOG = LoggerFactory.getLogger(NodeProfileStore.class);

  static final int COMPACT_AFTER = 50;

  /** Reads of a profile being compacted under the reader, before it settles for what it has. */
  private static final int READ_ATTEMPTS = 3;

  private final FileSystem fs;
  private final Path dir;
  private final long maxAgeMs;
  private final ProfileFiles files;

  /** The profile of this process's user (the job's, in an AM). */
  NodeProfileStore(FileSystem fs, Path dir, long maxAgeMs) {
    this(fs, dir, maxAgeMs, StoreSafety.jobUser(SmallFiles.unwrap(fs)));
  }

  private NodeProfileStore(FileSystem fs, Path dir, long maxAgeMs, String user) {
    this(fs, dir, maxAgeMs, user, FileAttributes.of(SmallFiles.unwrap(fs)));
  }

  NodeProfileStore(FileSystem fs, Path dir, long maxAgeMs, String user, FileAttributes attributes) {
    this.fs = SmallFiles.unwrap(fs);
    this.dir = dir;
    this.maxAgeMs = maxAgeMs;
    // a local file system's files are this process's, whoever the profile is for
    String owner = this.fs instanceof RawLocalFileSystem ? StoreSafety.jobUser(this.fs) : user;
    this.files = new ProfileFiles(this.fs, dir, owner, attributes);
  }

  /** The profile {@code conf} names, or the default one, of {@code user}'s jobs. */
  public static NodeProfileStore of(Configuration conf, String user) throws IOException {
    Path dir = directory(conf, user);
    return new NodeProfileStore(
        dir.getFileSystem(conf), dir, PikachuKeys.PROFILE_MAX_AGE_MS.get(conf::get), user);
  }

  /** The profile of the current user's jobs. */
  public static NodeProfileStore of(Configuration conf) throws IOException {
    return of(conf, UserGroupInformation.getCurrentUser().getShortUserName());
  }

  /**
   * {@code pikachu.profile.dir}, or, unset, {@code <yarn.app.mapreduce.am.staging-dir>/<user>/}
   * {@value PikachuKeys#PROFILE_DIR_NAME}, beside the user's {@code .staging}: a directory every
   * job of the user can write.
   */
  public static Path directory(Configuration conf, String user) {
    Optional<String> explicit = PikachuKeys.PROFILE_DIR.find(conf::get);
    if (explicit.isPresent() && !explicit.get().trim().isEmpty()) {
      try {
        return new Path(explicit.get().trim());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            PikachuKeys.PROFILE_DIR.name() + "=" + explicit.get() + " is not a valid path", e);
      }
    }
    String staging =
        conf.getTrimmed(MRJobConfig.MR_AM_STAGING_DIR, MRJobConfig.DEFAULT_MR_AM_STAGING_DIR);
    return new Path(new Path(staging, user), PikachuKeys.PROFILE_DIR_NAME);
  }

  public Path dir() {
    return dir;
  }

  /**
   * The profile as of {@code nowMs}; empty when there is none.
   *
   * @throws StoreSafety.UnsafeStoreException the directory is another user's, or others may write
   *     it
   */
  public NodeProfile read(long nowMs) throws IOException {
    return fold(nowMs).profile;
  }

  /**
   * Adds one job's measurements, and compacts the profile when many job files have piled up.
   *
   * @return the file written
   * @throws StoreSafety.UnsafeStoreException the directory is another user's, or others may write
   *     it
   */
  public Path add(JobMeasurement job) throws IOException {
    files.checkDirectory();
    Path file = new Path(dir, ProfileFiles.jobFileName(job));
    if (!SmallFiles.create(fs, file, ProfileFiles.json(job))) {
      throw new IOException(file + " exists already: this job's measurement was added before");
    }
    if (files.list().jobs.size() > COMPACT_AFTER) {
      compact(job.timeMs());
    }
    return file;
  }

  /**
   * Deletes the whole profile: the next job measures every node as if none had run before.
   *
   * @return the files deleted
   */
  public int reset() throws IOException {
    int deleted = 0;
    for (ProfileFiles.Named f : files.list().all()) {
      if (fs.delete(f.path, false)) {
        deleted++;
      }
    }
    return deleted;
  }

  // ---- reading ----

  /** What a read found: the profile, and what a compaction may fold into the next base. */
  private static final class Fold {
    final ProfileFiles.Listing listing;
    NodeProfile profile = NodeProfile.empty();

    /** The newest base could not be used (unreadable now, or a newer format): keep every base. */
    boolean keepBases;

    /** A file listed was gone when read: a compaction folded it away meanwhile. */
    boolean vanished;

    /** Job files present that the next base holds: folded, aged out or unusable. */
    final Set<String> done = new TreeSet<>();

    Fold(ProfileFiles.Listing listing) {
      this.listing = listing;
    }
  }

  private Fold fold(long nowMs) throws IOException {
    for (int attempt = 1; ; attempt++) {
      Fold f = fold(files.list(), nowMs);
      if (!f.vanished || attempt == READ_ATTEMPTS) {
        return f;
      }
    }
  }

  private Fold fold(ProfileFiles.Listing listed, long nowMs) {
    Fold f = new Fold(listed);
    f.vanished = listed.vanished;
    Set<String> inBase = new TreeSet<>();
    boolean found = false;
    for (ProfileFiles.Named b : listed.bases) {
      ProfileFiles.Parsed<ProfileBase> base = files.parse(b.path, ProfileBase.class);
      if (base.gone) {
        f.vanished = true;
        return f;
      }
      if (base.value != null && base.value.formatVersion() <= ProfileBase.FORMAT_VERSION) {
        f.profile = base.value.profile();
        inBase.addAll(base.value.folded());
        found = true;
        break;
      }
      if (base.value != null) {
        LOG.warn("Pikachu: skipping node profile base {} of a newer Pikachu", b.path);
      }
      // an older base is no substitute to compact on: the newest one's jobs would be lost
      f.keepBases |= base.value != null || base.unreadable;
    }
    for (int i = 0; !found && i < listed.timedBases.size(); i++) {
      ProfileFiles.Named b = listed.timedBases.get(i);
      ProfileFiles.Parsed<NodeProfile> base = files.parse(b.path, NodeProfile.class);
      if (base.value != null) {
        f.profile = base.value;
        listed.jobs.stream()
            .filter(j -> j.number <= b.number)
            .forEach(j -> inBase.add(j.path.getName()));
        found = true;
      }
    }
    f.profile = f.profile.clampedTo(nowMs);
    List<ProfileFiles.Named> usable = new ArrayList<>();
    for (ProfileFiles.Named j : listed.jobs) {
      String name = j.path.getName();
      if (inBase.contains(name) || nowMs - Math.min(j.number, nowMs) > maxAgeMs) {
        f.done.add(name); // held by the base (its compaction could not delete it), or aged out
        continue;
      }
      ProfileFiles.Parsed<JobMeasurement> job = files.parse(j.path, JobMeasurement.class);
      Optional<String> problem = job.value == null ? Optional.empty() : job.value.problem();
      if (job.gone) {
        f.vanished = true;
      } else if (problem.isPresent()) {
        LOG.warn("Pikachu: skipping node profile file {}: {}", j.path, problem.get());
        f.done.add(name);
      } else if (job.value != null) {
        j.job = job.value.clampedTo(nowMs);
        usable.add(j);
      } else if (!job.unreadable) {
        f.done.add(name); // does not parse: the warning named it
      }
    }
    usable.sort(
        Comparator.comparingLong((ProfileFiles.Named j) -> j.job.timeMs())
            .thenComparing(j -> j.path.getName()));
    for (ProfileFiles.Named j : usable) {
      try {
        f.profile = f.profile.merge(j.job, maxAgeMs);
      } catch (RuntimeException e) {
        LOG.warn("Pikachu: skipping node profile file {}: {}", j.path, e.toString());
      }
      f.done.add(j.path.getName());
    }
    return f;
  }

  // ---- compacting ----

  /**
   * Folds the profile into the next generation's base, created once: of two jobs compacting at
   * once, the second finds it taken and leaves everything as it is. Then deletes only what the new
   * base holds, and the bases before it.
   */
  private void compact(long nowMs) {
    Fold f;
    try {
      f = fold(nowMs);
    } catch (IOException e) {
      LOG.warn("Pikachu: could not compact the node profile in {}; it stays as it is", dir, e);
      return;
    }
    if (f.vanished || f.keepBases || f.done.isEmpty()) {
      return;
    }
    long generation = f.listing.bases.isEmpty() ? 1 : f.listing.bases.get(0).number + 1;
    Path base = new Path(dir, ProfileFiles.baseFileName(generation));
    try {
      byte[] bytes = ProfileFiles.json(ProfileBase.of(f.profile, f.done, nowMs));
      if (!SmallFiles.create(fs, base, bytes)) {
        LOG.info("Pikachu: another job compacted the node profile in {} first", dir);
        return;
      }
    } catch (IOException e) {
      LOG.warn("Pikachu: could not compact the node profile in {}; it stays as it is", dir, e);
      return;
    }
    List<Path> folded = new ArrayList<>();
    f.done.forEach(name -> folded.add(new Path(dir, name)));
    f.listing.bases.forEach(b -> folded.add(b.path));
    f.listing.timedBases.forEach(b -> folded.add(b.path));
    int deleted = 0;
    for (Path p : folded) {
      try {
        deleted += fs.delete(p, false) ? 1 : 0;
      } catch (IOException e) {
        // the new base names it, so no reader folds it twice; the next compaction tries again
        LOG.debug("Pikachu: could not delete {}", p, e);
      }
    }
    LOG.info("Pikachu: compacted the node profile into {} ({} files folded)", base, deleted);
  }
}
