package io.pikachu.store;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapFormat;
import io.pikachu.core.binmap.BinMapFormatException;
import io.pikachu.core.binmap.BinMapStore;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes bin maps from the AM side and lets reducers read them: the channel between the
 * controller and the reduce tasks (the umbilical protocol has no AM-to-task messages).
 *
 * <p>Layout of the directory, which the job's {@code JobLayout} names (by default {@code
 * ${mapreduce.job.dir}/pikachu-binmap}, or {@code <pikachu.binmap.dir>/<job id>-<random suffix>}):
 *
 * <ul>
 *   <li>{@code binmap-<version>}: a non-final map; versions only grow. Written to a temporary name
 *       and renamed, so a reader never sees half a file.
 *   <li>{@code final}: THE final map. Created exactly once by an atomic, non-overwriting claim
 *       (rename on HDFS, hard link on a local file system): the AM publishing a final map and a
 *       reducer that timed out waiting for one race for it, and everybody follows the winner. Once
 *       it exists, later non-final maps are refused and ignored.
 * </ul>
 *
 * <p>Over 300 lines on purpose: publishing, the final claim, owner-checked reads and the
 * directory's creation and removal are one protocol over one layout of files, read in one place.
 */
public class FsBinMapStore implements BinMapStore {
  private static final Logger LOG = LoggerFactory.getLogger(FsBinMapStore.class);
  static final String FINAL_NAME = "final";
  static final String MAP_PREFIX = "binmap-";
  private static final int MAX_FILE_BYTES = 1 << 22;
  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();
  private static final Pattern MAP_NAME =
      Pattern.compile(Pattern.quote(MAP_PREFIX) + "(\\d{1,18})");

  private final FileSystem fs;
  private final Path dir;
  private final int reducers;
  private final int binsPerReducer;
  private final boolean keepOrder;
  private final StoreSafety safety;
  private final Set<String> skipped = ConcurrentHashMap.newKeySet();

  /** The file last read and the map it held: a poll that lists the same file opens nothing. */
  private volatile Loaded last;

  private volatile boolean dirChecked;

  private static final class Loaded {
    final String name;
    final long modified;
    final long length;
    final BinMap map;

    Loaded(FileStatus status, BinMap map) {
      this.name = status.getPath().getName();
      this.modified = status.getModificationTime();
      this.length = status.getLen();
      this.map = map;
    }

    boolean holds(FileStatus status) {
      return name.equals(status.getPath().getName())
          && modified == status.getModificationTime()
          && length == status.getLen();
    }
  }

  /** The store of a job whose bins are hash slices: any owner of any bin is a valid map. */
  public FsBinMapStore(FileSystem fs, Path dir, int reducers, int binsPerReducer) {
    this(fs, dir, reducers, binsPerReducer, false);
  }

  /**
   * @param keepOrder the job is total order: a map whose reducers do not own contiguous ranges in
   *     reducer order would break the sorted output, and is refused as corrupt
   */
  public FsBinMapStore(
      FileSystem fs, Path dir, int reducers, int binsPerReducer, boolean keepOrder) {
    this.fs = SmallFiles.unwrap(fs);
    this.dir = dir;
    this.reducers = reducers;
    this.binsPerReducer = binsPerReducer;
    this.keepOrder = keepOrder;
    this.safety = new StoreSafety(this.fs);
  }

  /** The store a job's layout names; null-free only for a layout with bins. */
  public static FsBinMapStore forLayout(Configuration conf, JobLayout layout, int reducers)
      throws IOException {
    Rebalancing.Enabled how =
        layout
            .enabled()
            .orElseThrow(() -> new IllegalArgumentException("no bins in layout " + layout));
    Path dir = new Path(layout.binMapDir());
    return new FsBinMapStore(
        dir.getFileSystem(conf),
        dir,
        reducers,
        layout.binsPerReducer(),
        how.slicing().keepsOrder());
  }

  /**
   * Where the bin-map directories of jobs go: {@code pikachu.binmap.dir} when set (a directory
   * every job of the cluster shares), else the job's staging directory; empty when neither is known
   * (a client before submission).
   */
  public static Optional<Path> baseDirectory(Configuration conf) {
    String explicit = conf.getTrimmed(PikachuKeys.BINMAP_DIR.name());
    if (explicit != null && !explicit.isEmpty()) {
      return Optional.of(new Path(explicit));
    }
    String jobDir = conf.getTrimmed(MRJobConfig.MAPREDUCE_JOB_DIR);
    return jobDir == null || jobDir.isEmpty() ? Optional.empty() : Optional.of(new Path(jobDir));
  }

  /**
   * Creates a new job's bin-map directory, owner-only, and returns it qualified, for the layout:
   * {@code ${mapreduce.job.dir}/pikachu-binmap}, or, below a shared {@code pikachu.binmap.dir},
   * {@code <job id>-<random suffix>}. Job ids are predictable, so in a shared directory another
   * user could create {@code <base>/<next job id>} first and fail that job; nobody can guess the
   * suffix, and a directory that turns out to be another user's is given up for a new suffix.
   *
   * @throws IOException when the store cannot be reached or is not safe, naming the path
   */
  public static Path createDirectory(Configuration conf, String jobId) throws IOException {
    String explicit = conf.getTrimmed(PikachuKeys.BINMAP_DIR.name());
    if (explicit == null || explicit.isEmpty()) {
      Path dir =
          new Path(
              baseDirectory(conf)
                  .orElseThrow(
                      () ->
                          new IllegalArgumentException(
                              "cannot place the Pikachu bin-map store: neither "
                                  + PikachuKeys.BINMAP_DIR.name()
                                  + " nor "
                                  + MRJobConfig.MAPREDUCE_JOB_DIR
                                  + " is set")),
              PikachuKeys.BINMAP_DIR_NAME);
      FileSystem fs = SmallFiles.unwrap(dir.getFileSystem(conf));
      StoreSafety.prepareOwnDirectory(fs, dir);
      return fs.makeQualified(dir);
    }
    Path base = new Path(explicit);
    FileSystem fs = SmallFiles.unwrap(base.getFileSystem(conf));
    StoreSafety safety = new StoreSafety(fs);
    if (fs.exists(base)) {
      safety.checkSharedParent(fs.getFileStatus(base));
    }
    StoreSafety.UnsafeStoreException taken = null;
    for (int i = 0; i < 3; i++) {
      Path dir = new Path(base, jobId + "-" + randomSuffix());
      try {
        StoreSafety.prepareOwnDirectory(fs, dir);
        return fs.makeQualified(dir);
      } catch (StoreSafety.UnsafeStoreException e) {
        taken = e; // someone else's: another name
      }
    }
    throw taken;
  }

  private static String randomSuffix() {
    byte[] bytes = new byte[8];
    RANDOM.nextBytes(bytes);
    StringBuilder hex = new StringBuilder();
    for (byte b : bytes) {
      hex.append(String.format(java.util.Locale.ROOT, "%02x", b));
    }
    return hex.toString();
  }

  /**
   * Checks, once, that the store's directory is the job user's alone (the AM calls this at its
   * start; a later AM attempt finds the directory its predecessor made).
   *
   * @throws StoreSafety.UnsafeStoreException naming the path that another user owns or may write
   */
  public void prepare() throws IOException {
    Path base = dir.getParent();
    if (base != null && fs.exists(base)) {
      safety.checkSharedParent(fs.getFileStatus(base));
    }
    StoreSafety.prepareOwnDirectory(fs, dir);
    dirChecked = true;
  }

  /** Deletes the store's directory: the job has ended, and nothing will read it again. */
  public void delete() throws IOException {
    fs.delete(dir, true);
  }

  public Path dir() {
    return dir;
  }

  @Override
  public String location() {
    return dir.toString();
  }

  /**
   * Publishes {@code map}. A non-final map must have a higher version than any published one and is
   * refused once a final map exists. A final map is claimed as THE final map; the returned map is
   * the final map that won, which is an earlier one if a reducer sealed first.
   */
  @Override
  public synchronized BinMap publish(BinMap map) throws IOException {
    checkShape(map);
    if (map.isFinal()) {
      return seal(map);
    }
    BinMap current = read();
    if (current != null && current.isFinal()) {
      throw new IllegalStateException(
          "bin maps in " + dir + " are sealed at " + current + "; refusing to publish " + map);
    }
    if (current != null && map.version() <= current.version()) {
      throw new IllegalArgumentException(
          "bin map version "
              + map.version()
              + " must be above the published version "
              + current.version()
              + " in "
              + dir);
    }
    Path tmp = writeTemp(map);
    Path target = new Path(dir, MAP_PREFIX + map.version());
    if (!fs.rename(tmp, target)) {
      fs.delete(tmp, false);
      throw new IOException("could not rename " + tmp + " to " + target);
    }
    LOG.info("Published {} to {}", map, target);
    return map;
  }

  /**
   * Makes {@code map} (with its version, marked final) the final map unless one exists already.
   * Returns the final map every reducer will use.
   */
  @Override
  public synchronized BinMap seal(BinMap map) throws IOException {
    checkShape(map);
    BinMap existing = readFinal();
    if (existing != null) {
      return existing;
    }
    Path tmp = writeTemp(map.withVersion(map.version(), true));
    Path target = new Path(dir, FINAL_NAME);
    boolean won = claim(tmp, target);
    fs.delete(tmp, false);
    BinMap winner = readFinal();
    if (winner == null) {
      throw new IOException("sealing the bin map failed: " + target + " missing after claim");
    }
    LOG.info(
        won ? "Sealed final {} in {}" : "Final bin map was already sealed: {} in {}",
        winner,
        target);
    return winner;
  }

  /**
   * The final map if sealed, else the newest readable published map (non-final), else null.
   *
   * <p>One listing of the directory per call (one NameNode RPC on HDFS); a file is opened only when
   * the listing shows one not read before. The listing also shows each file's owner: a file that is
   * not the job user's was not written by this job's AM or reducers, and is refused.
   *
   * <p>A non-final map only says what to fetch meanwhile; exactness rests on the final map alone.
   * So an unreadable non-final file (truncated, edited, of another version) is skipped, with one
   * warning naming it, for the newest readable one below it, and files that are not bin maps (a
   * copy's temporary name) are ignored. An unreadable final map is an error naming the file:
   * reducers could not agree on who owns which bin.
   */
  @Override
  public BinMap read() throws IOException {
    FileStatus[] files;
    try {
      checkDirectoryOnce();
      files = fs.listStatus(dir);
    } catch (FileNotFoundException e) {
      return null;
    }
    TreeMap<Long, FileStatus> versions = new TreeMap<>(Comparator.reverseOrder());
    for (FileStatus f : files) {
      String name = f.getPath().getName();
      if (name.equals(FINAL_NAME)) {
        safety.checkOwnFile(f);
        return load(f, true, -1);
      }
      Matcher m = MAP_NAME.matcher(name);
      if (m.matches()) {
        safety.checkOwnFile(f);
        versions.put(Long.parseLong(m.group(1)), f);
      }
    }
    for (Map.Entry<Long, FileStatus> v : versions.entrySet()) {
      Path path = v.getValue().getPath();
      try {
        return load(v.getValue(), false, v.getKey());
      } catch (FileNotFoundException e) {
        // replaced meanwhile: the next older version answers now, the final map at the next read
      } catch (BinMapFormatException e) {
        if (skipped.add(path.getName())) {
          LOG.warn("Skipping an unreadable provisional bin map: {}", e.getMessage());
        }
      }
    }
    return null;
  }

  /** The map in {@code status}'s file, read only if it is not the file read last time. */
  private BinMap load(FileStatus status, boolean isFinal, long version) throws IOException {
    Loaded known = last;
    if (known != null && known.holds(status)) {
      return known.map;
    }
    Path path = status.getPath();
    BinMap map = load(path);
    if (isFinal && !map.isFinal()) {
      throw new BinMapFormatException(path.toString(), "holds a map not marked final: " + map);
    }
    if (!isFinal && (map.isFinal() || map.version() != version)) {
      throw new BinMapFormatException(
          path.toString(), "holds " + map + "; expected non-final version " + version);
    }
    last = new Loaded(status, map);
    return map;
  }

  @Override
  public BinMap readFinal() throws IOException {
    Path path = new Path(dir, FINAL_NAME);
    try {
      checkDirectoryOnce();
      BinMap map = load(path);
      // once, when the final map is found: a file in the job's directory that another user wrote
      // is no instruction of this job's
      safety.checkOwnFile(fs.getFileStatus(path));
      if (!map.isFinal()) {
        throw new BinMapFormatException(path.toString(), "holds a map not marked final: " + map);
      }
      return map;
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /** A reader's check that the directory is the job user's alone; once per store. */
  private void checkDirectoryOnce() throws IOException {
    if (!dirChecked) {
      safety.checkOwnDirectory(fs.getFileStatus(dir));
      dirChecked = true;
    }
  }

  private BinMap load(Path path) throws IOException {
    byte[] bytes;
    try {
      bytes = SmallFiles.read(fs, path, MAX_FILE_BYTES);
    } catch (SmallFiles.TooLargeException e) {
      throw new BinMapFormatException(path.toString(), "file larger than " + MAX_FILE_BYTES);
    }
    BinMap map = BinMapFormat.decode(bytes, path.toString(), reducers, binsPerReducer);
    if (keepOrder && !map.allocation().isContiguous()) {
      throw new BinMapFormatException(
          path.toString(),
          "the job is total order, but "
              + map
              + " does not give each reducer one contiguous range of bins in reducer order");
    }
    return map;
  }

  private Path writeTemp(BinMap map) throws IOException {
    if (!dirChecked) {
      prepare();
    }
    return SmallFiles.writeTemp(fs, dir, BinMapFormat.encodeBytes(map));
  }

  private boolean claim(Path tmp, Path target) throws IOException {
    return SmallFiles.claim(fs, tmp, target);
  }

  private void checkShape(BinMap map) {
    if (keepOrder && !map.allocation().isContiguous()) {
      throw new IllegalArgumentException(
          map + " is not contiguous in reducer order, which a total-order job needs");
    }
    if (map.reducers() != reducers || map.totalBins() != (long) reducers * binsPerReducer) {
      throw new IllegalArgumentException(
          map
              + " does not fit a job of "
              + reducers
              + " reducers x "
              + binsPerReducer
              + " bins per reducer");
    }
  }
}
