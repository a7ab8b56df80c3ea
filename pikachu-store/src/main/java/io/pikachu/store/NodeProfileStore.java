package io.pikachu.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.profile.JobMeasurement;
import io.pikachu.core.profile.NodeProfile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
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
 * other's measurements. The profile is those files folded in time order onto the newest {@code
 * base-<ms>-<id>.json} (a {@link NodeProfile} of every job up to its time). Once more than {@value
 * #COMPACT_AFTER} job files lie beyond the newest base, the job adding one writes a new base and
 * deletes what it folded, so that reading stays a handful of small files. Files older than {@code
 * pikachu.profile.max-age-ms} are ignored and deleted at the next compaction. A file that cannot be
 * read is skipped with a warning naming it: the profile only advises, and the job's own
 * measurements correct it.
 */
public final class NodeProfileStore {

  private static final Logger LOG = LoggerFactory.getLogger(NodeProfileStore.class);

  static final int COMPACT_AFTER = 50;
  private static final int MAX_BYTES = 1 << 22;
  private static final Pattern JOB_FILE = Pattern.compile("job-(\\d{1,18})-(.+)\\.json");
  private static final Pattern BASE_FILE = Pattern.compile("base-(\\d{1,18})-(.+)\\.json");
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final FileSystem fs;
  private final Path dir;
  private final long maxAgeMs;

  NodeProfileStore(FileSystem fs, Path dir, long maxAgeMs) {
    this.fs = SmallFiles.unwrap(fs);
    this.dir = dir;
    this.maxAgeMs = maxAgeMs;
  }

  /** The profile {@code conf} names, or the default one of {@code user}. */
  public static NodeProfileStore of(Configuration conf, String user) throws IOException {
    Path dir = directory(conf, user);
    return new NodeProfileStore(
        dir.getFileSystem(conf), dir, PikachuKeys.PROFILE_MAX_AGE_MS.get(conf::get));
  }

  /** The profile of the current user's jobs, or the shared one {@code conf} names. */
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

  /** The profile as of {@code nowMs}; empty when there is none. */
  public NodeProfile read(long nowMs) throws IOException {
    return read(list(), nowMs);
  }

  private NodeProfile read(Listing files, long nowMs) {
    NodeProfile base = NodeProfile.empty();
    long baseMs = Long.MIN_VALUE;
    for (Named b : files.bases) {
      Optional<NodeProfile> p = parse(b.path, NodeProfile.class);
      if (p.isPresent()) {
        base = p.get();
        baseMs = b.timeMs;
        break; // the newest readable one
      }
    }
    List<JobMeasurement> jobs = new ArrayList<>();
    for (Named j : files.jobs) {
      if (j.timeMs > baseMs && nowMs - j.timeMs <= maxAgeMs) {
        parse(j.path, JobMeasurement.class).ifPresent(jobs::add);
      }
    }
    return base.mergeAll(jobs, maxAgeMs);
  }

  /**
   * Adds one job's measurements, and compacts the profile when many job files have piled up.
   *
   * @return the file written
   */
  public Path add(JobMeasurement job) throws IOException {
    Path file =
        new Path(dir, String.format(Locale.ROOT, "job-%d-%s.json", job.timeMs(), job.jobId()));
    byte[] bytes = JSON.writeValueAsString(job).getBytes(StandardCharsets.UTF_8);
    if (!SmallFiles.create(fs, file, bytes)) {
      throw new IOException(file + " exists already: this job's measurement was added before");
    }
    Listing files = list();
    long baseMs = files.bases.isEmpty() ? Long.MIN_VALUE : files.bases.get(0).timeMs;
    long pending = files.jobs.stream().filter(j -> j.timeMs > baseMs).count();
    if (pending > COMPACT_AFTER) {
      compact(files, job.timeMs());
    }
    return file;
  }

  /** Folds every listed job file into a new base, then deletes what the base holds. */
  private void compact(Listing files, long nowMs) {
    long upTo = files.jobs.stream().mapToLong(j -> j.timeMs).max().orElse(nowMs);
    NodeProfile folded = read(files, nowMs);
    Path base =
        new Path(dir, String.format(Locale.ROOT, "base-%d-%s.json", upTo, UUID.randomUUID()));
    try {
      SmallFiles.create(fs, base, JSON.writeValueAsString(folded).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      LOG.warn("Pikachu: could not compact the node profile in {}; it stays as it is", dir, e);
      return;
    }
    List<Named> done = new ArrayList<>(files.jobs);
    done.addAll(files.bases);
    int deleted = 0;
    for (Named f : done) {
      try {
        deleted += fs.delete(f.path, false) ? 1 : 0;
      } catch (IOException e) {
        // another job's file of another user, or gone: the base makes it unread either way
        LOG.debug("Pikachu: could not delete {}", f.path, e);
      }
    }
    LOG.info("Pikachu: compacted the node profile into {} ({} files folded)", base, deleted);
  }

  /**
   * Deletes the whole profile: the next job measures every node as if none had run before.
   *
   * @return the files deleted
   */
  public int reset() throws IOException {
    Listing files = list();
    int deleted = 0;
    for (Named f : files.all()) {
      if (fs.delete(f.path, false)) {
        deleted++;
      }
    }
    return deleted;
  }

  private <T> Optional<T> parse(Path path, Class<T> type) {
    try {
      return Optional.of(JSON.readValue(SmallFiles.read(fs, path, MAX_BYTES), type));
    } catch (FileNotFoundException e) {
      return Optional.empty(); // compacted away meanwhile
    } catch (JsonProcessingException | IllegalArgumentException | IllegalStateException e) {
      LOG.warn("Pikachu: skipping unreadable node profile file {}: {}", path, e.getMessage());
      return Optional.empty();
    } catch (IOException e) {
      LOG.warn("Pikachu: skipping node profile file {} that cannot be read", path, e);
      return Optional.empty();
    }
  }

  /** A profile file with the time in its name. */
  private static final class Named {
    final Path path;
    final long timeMs;

    Named(Path path, long timeMs) {
      this.path = path;
      this.timeMs = timeMs;
    }
  }

  /** The profile's files, each kind newest first. */
  private static final class Listing {
    final List<Named> bases = new ArrayList<>();
    final List<Named> jobs = new ArrayList<>();

    List<Named> all() {
      List<Named> all = new ArrayList<>(bases);
      all.addAll(jobs);
      return all;
    }
  }

  private Listing list() throws IOException {
    Listing listing = new Listing();
    FileStatus[] files;
    try {
      files = fs.listStatus(dir);
    } catch (FileNotFoundException e) {
      return listing;
    }
    for (FileStatus f : files) {
      String name = f.getPath().getName();
      Matcher job = JOB_FILE.matcher(name);
      Matcher base = BASE_FILE.matcher(name);
      if (job.matches()) {
        listing.jobs.add(new Named(f.getPath(), Long.parseLong(job.group(1))));
      } else if (base.matches()) {
        listing.bases.add(new Named(f.getPath(), Long.parseLong(base.group(1))));
      }
    }
    Collections.sort(listing.bases, (a, b) -> Long.compare(b.timeMs, a.timeMs));
    Collections.sort(listing.jobs, (a, b) -> Long.compare(b.timeMs, a.timeMs));
    return listing;
  }
}
