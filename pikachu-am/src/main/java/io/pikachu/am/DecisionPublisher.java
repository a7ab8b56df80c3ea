package io.pikachu.am;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.store.FsBinMapStore;
import io.pikachu.store.StoreSafety;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Makes each version of a job's bin map durable and visible: the decision record (every version so
 * far) in the job's staging directory (read back by a restarted AM), the version's bin map in the
 * partitioner's {@link FsBinMapStore} (read by the reducers), and a copy of the record in {@code
 * pikachu.decision.dir} for the benchmark report, which outlives the staging directory.
 *
 * <p>The record is written before the bin map: an AM that dies in between leaves a record, and its
 * successor publishes the same map. The other order could leave a published map whose reasons are
 * lost.
 */
public final class DecisionPublisher {

  private final Configuration conf;
  private final String jobId;
  private final Path stagingRecord;
  private Optional<Path> decisionCopy;
  private final FsBinMapStore store;
  private final java.util.Set<Path> copyFailures = new java.util.HashSet<>();
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(DecisionPublisher.class);

  /** The publisher of a job whose layout has bins, in the bin-map store the layout names. */
  public DecisionPublisher(
      Configuration conf, String jobId, int reducers, JobLayout layout, Optional<Path> decisionDir)
      throws IOException {
    this.conf = conf;
    this.jobId = jobId;
    this.stagingRecord = stagingRecord(conf);
    this.decisionCopy = decisionDir.map(d -> decisionFile(d, jobId));
    this.store = FsBinMapStore.forLayout(conf, layout, reducers);
  }

  /**
   * The decision record that a restarted AM reads: {@code
   * ${mapreduce.job.dir}/pikachu-decision.json}.
   */
  public static Path stagingRecord(Configuration conf) {
    String jobDir = conf.getTrimmed(MRJobConfig.MAPREDUCE_JOB_DIR);
    if (jobDir == null || jobDir.isEmpty()) {
      throw new IllegalArgumentException(
          "cannot place the Pikachu decision record: "
              + MRJobConfig.MAPREDUCE_JOB_DIR
              + " is not set");
    }
    return new Path(jobDir, PikachuKeys.STAGING_RECORD_NAME);
  }

  /** Where the copy of a job's decision record goes under {@value AdapterKeys#DECISION_DIR}. */
  public static Path decisionFile(Path decisionDir, String jobId) {
    return new Path(decisionDir, jobId + ".decision.json");
  }

  /** Reads a decision record written by this plugin, e.g. in the benchmark report. */
  public static DecisionRecord read(Configuration conf, Path record) throws IOException {
    return DecisionJson.read(readText(record.getFileSystem(conf), record));
  }

  public Path stagingRecord() {
    return stagingRecord;
  }

  public Optional<Path> decisionCopy() {
    return decisionCopy;
  }

  public Path binMapDir() {
    return store.dir();
  }

  /**
   * Checks that the bin-map directory is the job user's alone, and prepares the decision directory,
   * if any: a directory the job cannot safely write into skips the copy, with a warning (the AM
   * calls this at its start, before any task runs).
   *
   * @throws IOException naming the bin-map directory and what is wrong with it
   */
  public void prepare() throws IOException {
    store.prepare();
    if (decisionCopy.isPresent()) {
      Path dir = decisionCopy.get().getParent();
      try {
        StoreSafety.prepareCopyDirectory(dir.getFileSystem(conf), dir);
      } catch (IOException e) {
        // the copy is for reports: a directory this job cannot use costs it the copy, not the job
        LOG.warn(
            "Pikachu: not copying the decision record to {}: {}",
            decisionCopy.get(),
            e.getMessage());
        decisionCopy = Optional.empty();
      }
    }
  }

  /**
   * The decision an earlier attempt of this AM published, if any.
   *
   * @throws IOException if a record exists but cannot be read as a decision
   */
  public Optional<DecisionRecord> previous() throws IOException {
    FileSystem fs = stagingRecord.getFileSystem(conf);
    String text;
    try {
      text = readText(fs, stagingRecord);
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
    try {
      return Optional.of(DecisionJson.read(text));
    } catch (IOException e) {
      throw new IOException(stagingRecord + ": " + e.getMessage(), e);
    }
  }

  /**
   * Publishes the record's last version: record, bin map, copy. Idempotent for a final version, so
   * a restarted AM calls it again with the record it read back. Returns the record as written: when
   * a reducer had already sealed a final map (it waited {@code pikachu.binmap.final-wait-ms} for
   * this AM), the record says that this version was not applied, and the map returned is the sealed
   * one.
   */
  public Published publish(DecisionRecord record) throws IOException {
    writeAtomically(stagingRecord, DecisionJson.write(record));
    Decision last = record.last();
    BinMap wanted = new BinMap(last.version(), last.isFinal(), last.allocation());
    BinMap current = store.read();
    BinMap inForce =
        current != null && current.isFinal()
            ? current
            : last.isFinal() ? store.publish(wanted) : publishProvisional(wanted, current);
    DecisionRecord written = record;
    boolean applied = inForce.sameOwnership(wanted) && inForce.isFinal() == wanted.isFinal();
    if (!applied) {
      String note =
          "NOT APPLIED: the final bin map had already been sealed as "
              + inForce
              + " (a reducer stopped waiting for this AM); the reducers use that map";
      if (!last.notes().contains(note)) {
        written = record.withNoteOnLast(note);
        writeAtomically(stagingRecord, DecisionJson.write(written));
      }
    }
    if (decisionCopy.isPresent()) {
      copyRecord(decisionCopy.get(), written);
    }
    return new Published(written, inForce, applied);
  }

  /**
   * The copy outside the staging directory is for reports: a copy that cannot be written must not
   * undo a publish the reducers already follow (the AM would publish again at every tick, and never
   * count the decision). Warned of once per path; the next version's copy tries again.
   */
  private void copyRecord(Path copy, DecisionRecord record) {
    try {
      writeAtomically(copy, DecisionJson.write(record));
    } catch (IOException e) {
      if (copyFailures.add(copy)) {
        LOG.warn(
            "Pikachu: could not copy the decision record to {}; the job goes on without it: {}",
            copy,
            e.toString());
      }
    }
  }

  /** A provisional version, unless this version was published before (by an earlier AM). */
  private BinMap publishProvisional(BinMap wanted, BinMap current) throws IOException {
    if (current != null && current.version() >= wanted.version()) {
      return current;
    }
    return store.publish(wanted);
  }

  /**
   * Fields:
   *
   * <ul>
   *   <li>{@code record}: the record as written
   *   <li>{@code binMap}: the bin map the reducers follow now
   *   <li>{@code applied}: whether that map is this version's
   * </ul>
   */
  public static final class Published {
    private final DecisionRecord record;
    private final BinMap binMap;
    private final boolean applied;

    public Published(DecisionRecord record, BinMap binMap, boolean applied) {
      this.record = record;
      this.binMap = binMap;
      this.applied = applied;
    }

    public DecisionRecord record() {
      return record;
    }

    public BinMap binMap() {
      return binMap;
    }

    public boolean applied() {
      return applied;
    }
  }

  /**
   * Temp file and an overwriting rename, so a reader (or a restarted AM) sees the old record or the
   * new one, never half a record and never none.
   */
  private void writeAtomically(Path target, String text) throws IOException {
    FileSystem fs = target.getFileSystem(conf);
    Path parent = target.getParent();
    fs.mkdirs(parent);
    Path tmp = new Path(parent, "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
    try (OutputStream out = fs.create(tmp, false)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    try {
      // A local rename replaces the target in one step; HDFS's FileSystem.rename never overwrites,
      // and FileContext's OVERWRITE rename does.
      if (!fs.rename(tmp, target)) {
        FileContext.getFileContext(target.toUri(), conf)
            .rename(fs.makeQualified(tmp), fs.makeQualified(target), Options.Rename.OVERWRITE);
      }
    } catch (IOException e) {
      fs.delete(tmp, false);
      throw new IOException(
          "could not rename " + tmp + " to " + target + " for job " + jobId + ": " + e, e);
    }
  }

  private static String readText(FileSystem fs, Path path) throws IOException {
    try (FSDataInputStream in = fs.open(path)) {
      return new String(IOUtils.readFullyToByteArray(in), StandardCharsets.UTF_8);
    }
  }
}
