package io.pikachu.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.profile.JobMeasurement;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node profile's directory as {@link NodeProfileStore} sees it: which files are the profile's
 * and written by its owner, each parsed into what it holds or why it holds nothing usable.
 */
final class ProfileFiles {
  private static final Logger LOG = LoggerFactory.getLogger(ProfileFiles.class);

  private static final int MAX_BYTES = 1 << 22;
  private static final Pattern JOB_FILE = Pattern.compile("job-(\\d{1,18})-(.+)\\.json");
  private static final Pattern BASE_FILE = Pattern.compile("base-g(\\d{1,18})\\.json");

  /** A base of earlier versions: named by the time of the newest job file it holds. */
  private static final Pattern TIMED_BASE_FILE = Pattern.compile("base-(\\d{1,18})-(.+)\\.json");

  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final FileSystem fs;
  private final Path dir;

  /** Whose profile it is: the only owner whose files it trusts. */
  private final String owner;

  private final FileAttributes attributes;

  ProfileFiles(FileSystem fs, Path dir, String owner, FileAttributes attributes) {
    this.fs = fs;
    this.dir = dir;
    this.owner = owner;
    this.attributes = attributes;
  }

  static String jobFileName(JobMeasurement job) {
    return String.format(Locale.ROOT, "job-%d-%s.json", job.timeMs(), job.jobId());
  }

  static String baseFileName(long generation) {
    return String.format(Locale.ROOT, "base-g%d.json", generation);
  }

  static byte[] json(Object value) throws JsonProcessingException {
    return JSON.writeValueAsString(value).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A profile another user could write is no profile: whoever can write it could make every job's
   * first map wrong, or take its bins away. Refused rather than read: in a directory others may
   * write, this user's own files could have been replaced, and theirs would be ignored anyway.
   */
  void checkDirectory() throws IOException {
    FsPermission p;
    String dirOwner;
    try {
      FileStatus status = fs.getFileStatus(dir);
      p = attributes.permission(status);
      dirOwner = attributes.owner(status);
    } catch (FileNotFoundException e) {
      return; // created owner-only by the first job to add
    }
    String problem =
        !owner.equals(dirOwner)
            ? "is owned by " + dirOwner + ", not by " + owner
            : p.getGroupAction().implies(FsAction.WRITE)
                    || p.getOtherAction().implies(FsAction.WRITE)
                ? "is writable by group or others (" + p + ")"
                : null;
    if (problem != null) {
      throw new StoreSafety.UnsafeStoreException(
          "Pikachu's node profile "
              + dir
              + " "
              + problem
              + ": another user could make it say anything, so it is not used. Unset "
              + PikachuKeys.PROFILE_DIR.name()
              + " (each user then has a profile of their own) or make it "
              + owner
              + "'s alone (chmod 700)");
    }
  }

  /** The result of reading one file. */
  static final class Parsed<T> {
    T value;

    /** Deleted since it was listed. */
    boolean gone;

    /** Could not be read now (an I/O error); it may be readable later. */
    boolean unreadable;
  }

  <T> Parsed<T> parse(Path path, Class<T> type) {
    Parsed<T> p = new Parsed<>();
    try {
      p.value = JSON.readValue(SmallFiles.read(fs, path, MAX_BYTES), type);
    } catch (FileNotFoundException e) {
      p.gone = true;
    } catch (JsonProcessingException
        | SmallFiles.TooLargeException
        | IllegalArgumentException
        | IllegalStateException e) {
      LOG.warn("Pikachu: skipping unreadable node profile file {}: {}", path, e.getMessage());
    } catch (IOException e) {
      LOG.warn("Pikachu: skipping node profile file {} that cannot be read now", path, e);
      p.unreadable = true;
    }
    return p;
  }

  /** A profile file with the number in its name: a job's time, or a base's generation or time. */
  static final class Named {
    final Path path;
    final long number;
    JobMeasurement job;

    Named(Path path, long number) {
      this.path = path;
      this.number = number;
    }
  }

  /** The profile's files that its owner wrote, each kind by its number, highest first. */
  static final class Listing {
    final List<Named> bases = new ArrayList<>();
    final List<Named> timedBases = new ArrayList<>();
    final List<Named> jobs = new ArrayList<>();

    /**
     * A file named was gone before its owner was known: a compaction ran meanwhile, and this
     * listing may lack its base while the files it deleted are gone too. Compacting on it would
     * create a deleted generation's base again and delete files the newest base does not hold.
     */
    boolean vanished;

    List<Named> all() {
      List<Named> all = new ArrayList<>(bases);
      all.addAll(timedBases);
      all.addAll(jobs);
      return all;
    }
  }

  Listing list() throws IOException {
    checkDirectory();
    Listing listing = new Listing();
    List<String> foreign = new ArrayList<>();
    for (Map.Entry<String, FileStatus> listed : names().entrySet()) {
      String name = listed.getKey();
      Matcher job = JOB_FILE.matcher(name);
      Matcher base = BASE_FILE.matcher(name);
      Matcher timed = TIMED_BASE_FILE.matcher(name);
      List<Named> kind =
          job.matches()
              ? listing.jobs
              : base.matches() ? listing.bases : timed.matches() ? listing.timedBases : null;
      if (kind == null) {
        continue; // a temporary file, or not the profile's
      }
      Path path = new Path(dir, name);
      String fileOwner;
      try {
        FileStatus f = listed.getValue() != null ? listed.getValue() : fs.getFileStatus(path);
        fileOwner = attributes.owner(f);
      } catch (FileNotFoundException e) {
        listing.vanished = true; // folded away since the names were read
        continue;
      }
      if (!owner.equals(fileOwner)) {
        foreign.add(name + " (" + fileOwner + ")");
        continue;
      }
      Matcher m = job.matches() ? job : base.matches() ? base : timed;
      kind.add(new Named(path, Long.parseLong(m.group(1))));
    }
    if (!foreign.isEmpty()) {
      LOG.warn(
          "Pikachu: ignoring {} node profile file(s) in {} that {} did not write: {}",
          foreign.size(),
          dir,
          owner,
          foreign.size() > 10 ? foreign.subList(0, 10) + " ..." : foreign);
    }
    Comparator<Named> highestFirst = (a, b) -> Long.compare(b.number, a.number);
    listing.bases.sort(highestFirst);
    listing.timedBases.sort(highestFirst);
    listing.jobs.sort(highestFirst);
    return listing;
  }

  /**
   * The directory's names as of one moment, with their statuses where the listing gives them: a
   * NameNode lists a directory this small in one call, and the local file system's names come from
   * one read of it. Not {@link FileSystem#listStatus} there: it reads each file's status after the
   * names and silently drops the files deleted between, so a listing could lose the newest base
   * without telling.
   */
  private Map<String, FileStatus> names() throws IOException {
    Map<String, FileStatus> names = new LinkedHashMap<>();
    if (fs instanceof RawLocalFileSystem) {
      java.io.File local = ((RawLocalFileSystem) fs).pathToFile(dir);
      if (local.isDirectory()) { // else no profile yet
        for (String name : FileUtil.list(local)) { // an error reading it is one, not an empty dir
          names.put(name, null);
        }
      }
      return names;
    }
    try {
      for (FileStatus f : fs.listStatus(dir)) {
        names.put(f.getPath().getName(), f);
      }
    } catch (FileNotFoundException e) {
      // no directory yet: no profile
    }
    return names;
  }
}
