package io.pikachu.am;

import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.store.JobLayoutStore;
import java.io.IOException;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Establishes a job's {@link JobLayout} in its AM, before any task runs: the layout an earlier
 * attempt wrote, which this attempt follows whatever its own settings say; else, in the first
 * attempt, the one decided now, written once for every task. A later attempt that finds none runs
 * the job as stock, as its tasks so far did.
 */
final class LayoutKeeper {

  private static final Logger LOG = LoggerFactory.getLogger(LayoutKeeper.class);

  private LayoutKeeper() {}

  /**
   * @param binsPerReducer the bins per reducer of a new layout with bins (this attempt's reading)
   * @param decide whether the job gets bins, asked only when no layout exists (it may read the node
   *     profile)
   * @throws IOException when the layout's file exists but cannot be followed, or cannot be read for
   *     the give-up time: the job's staging directory, which every task needs, is then unusable
   */
  static JobLayout establish(
      Configuration conf,
      String jobId,
      int amAttempt,
      int binsPerReducer,
      Supplier<Rebalancing> decide)
      throws IOException {
    JobLayoutStore store = JobLayoutStore.forJob(conf);
    long giveUpMs = JobLayoutStore.giveUpMs(conf, "am-" + jobId + "-" + amAttempt);
    Optional<JobLayout> written = store.read(giveUpMs);
    if (written.isPresent()) {
      store.noteOwnSettings(conf, written.get(), "AM attempt " + amAttempt);
      return written.get();
    }
    if (amAttempt > 1) {
      JobLayout none = JobLayoutStore.noLayout(store.file());
      LOG.info(
          "Pikachu: AM attempt {} found no job layout at {}, so any task of an earlier attempt ran"
              + " as stock; the job stays stock",
          amAttempt,
          store.file());
      return none;
    }
    JobLayout decided = JobLayoutStore.decided(conf, jobId, binsPerReducer, decide.get());
    try {
      JobLayout inForce = store.claim(decided);
      LOG.info("Pikachu: the job's layout {}: {}", store.file(), inForce);
      return inForce;
    } catch (IOException e) {
      // A create that failed in the RPC may still have happened: the file, if any, rules.
      Optional<JobLayout> after = store.read(giveUpMs);
      if (after.isPresent()) {
        return after.get();
      }
      LOG.warn(
          "Pikachu: cannot write the job layout {}; every task runs as stock ({})",
          store.file(),
          e.toString());
      if (decided.bins()) {
        deleteQuietly(conf, decided.binMapDir());
      }
      return JobLayoutStore.noLayout(store.file());
    }
  }

  private static void deleteQuietly(Configuration conf, String dir) {
    try {
      Path p = new Path(dir);
      p.getFileSystem(conf).delete(p, true);
    } catch (IOException e) {
      LOG.warn("Pikachu: could not delete the unused bin-map directory {}: {}", dir, e.toString());
    }
  }
}
