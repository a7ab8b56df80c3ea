package io.pikachu.am;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.decision.Decision;
import io.pikachu.core.decision.DecisionRecord;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.store.DecisionFiles;
import io.pikachu.store.FsBinMapStore;
import io.pikachu.store.StoreSafety;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

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
    this.stagingRecord = DecisionFiles.stagingRecord(conf);
    this.decisionCopy = decisionDir.map(d -> DecisionFiles.copyIn(d, jobId));
    this.store = FsBinMapStore.forLayout(conf, layout, reducers);
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
    return DecisionFiles.readIfPresent(conf, stagingRecord);
  }

  /**
   * Publishes the record's last version: record, bin map, copy. Idempotent for a final version, so
   * a restarted AM calls it again with the record it read back. Returns the record as written: when
   * a reducer had already sealed a final map (it waited {@code pikachu.binmap.final-wait-ms} for
   * this AM), the record says that this version was not applied, and the map returned is the sealed
   * one.
   */
  public Published publish(DecisionRecord record) throws IOException {
    DecisionFiles.write(conf, stagingRecord, record);
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
        DecisionFiles.write(conf, stagingRecord, written);
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
      DecisionFiles.write(conf, copy, record);
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
}
