package io.pikachu.scheduler.am;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionJson;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.partitioner.binmap.FsBinMapStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Makes a job's one decision durable and visible: the decision record in the job's staging
 * directory (read back by a restarted AM), the final bin map in the partitioner's {@link
 * FsBinMapStore} (read by the reducers), and a copy of the record in {@value
 * AdapterKeys#DECISION_DIR} for the benchmark report, which outlives the staging directory.
 *
 * <p>The record is written before the bin map is sealed: an AM that dies in between leaves a
 * record, and its successor seals the same map. The other order could leave a sealed map whose
 * reasons are lost.
 */
public final class DecisionPublisher {

  private final Configuration conf;
  private final String jobId;
  private final Path stagingRecord;
  private final Optional<Path> decisionCopy;
  private final FsBinMapStore store;
  private final int binsPerReducer;
  private final int reducers;
  private final Slicing slicing;

  public DecisionPublisher(
      Configuration conf,
      String jobId,
      int reducers,
      int binsPerReducer,
      Slicing slicing,
      Optional<Path> decisionDir)
      throws IOException {
    this.conf = conf;
    this.jobId = jobId;
    this.stagingRecord = stagingRecord(conf);
    this.decisionCopy = decisionDir.map(d -> decisionFile(d, jobId));
    Configuration withJobId = new Configuration(conf);
    if (withJobId.getTrimmed(MRJobConfig.ID, "").isEmpty()) {
      withJobId.set(
          MRJobConfig.ID, jobId); // names the store below a cluster-wide pikachu.binmap.dir
    }
    this.store = FsBinMapStore.forJob(withJobId, reducers, binsPerReducer);
    this.binsPerReducer = binsPerReducer;
    this.reducers = reducers;
    this.slicing = slicing;
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
  public static Decision read(Configuration conf, Path record) throws IOException {
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
   * The decision an earlier attempt of this AM published, if any.
   *
   * @throws IOException if a record exists but cannot be read as a decision
   */
  public Optional<Decision> previous() throws IOException {
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
   * Publishes the decision: record, final bin map, copy. Idempotent, so a restarted AM calls it
   * again with the decision it read back. Returns the record as written: when a reducer had already
   * sealed a different final map (it waited {@code pikachu.binmap.final.wait.ms} for this AM), the
   * record says that its bins were not applied.
   */
  public Published publish(Decision decision) throws IOException {
    writeAtomically(stagingRecord, DecisionJson.write(decision));
    int[] counts = decision.reducerBins().stream().mapToInt(Integer::intValue).toArray();
    BinMap wanted =
        new BinMap(
            1,
            true,
            BinAllocation.even(binsPerReducer, reducers).rebalanced(counts, slicing.keepsOrder()));
    BinMap sealed = store.publish(wanted);
    Decision written = decision;
    boolean applied = sealed.sameOwnership(wanted);
    if (!applied) {
      String note =
          "NOT APPLIED: the final bin map had already been sealed as "
              + sealed
              + " (a reducer stopped waiting for this AM); the reducers use that map";
      if (!decision.notes().contains(note)) {
        written = decision.withNote(note);
        writeAtomically(stagingRecord, DecisionJson.write(written));
      }
    }
    if (decisionCopy.isPresent()) {
      writeAtomically(decisionCopy.get(), DecisionJson.write(written));
    }
    return new Published(written, sealed, applied);
  }

  /**
   * @param record the record as written
   * @param binMap the final bin map the reducers use
   * @param applied whether that map is this decision's
   */
  public record Published(Decision record, BinMap binMap, boolean applied) {}

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
    try (InputStream in = fs.open(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
