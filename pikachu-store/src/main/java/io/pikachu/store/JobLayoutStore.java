package io.pikachu.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.profile.JobLayout;
import io.pikachu.core.profile.LayoutDecision;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job's layout (bins or stock partitions), in the job's bin-map directory: decided and written
 * once by the first AM attempt before any task runs, read by every map and reducer, never changed.
 * A task that finds no file (an older AM, or a write that failed) writes or reads bins by its own
 * configuration; a later AM attempt that finds none keeps bins, because tasks may have run under
 * them.
 */
public final class JobLayoutStore {

  private static final Logger LOG = LoggerFactory.getLogger(JobLayoutStore.class);
  static final String FILE_NAME = "layout.json";
  private static final int MAX_BYTES = 1 << 16;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FileSystem fs;
  private final Path file;

  JobLayoutStore(FileSystem fs, Path dir) {
    this.fs = SmallFiles.unwrap(fs);
    this.file = new Path(dir, FILE_NAME);
  }

  /** The layout file of the job described by {@code conf} (a job, AM or task configuration). */
  public static JobLayoutStore forJob(Configuration conf) throws IOException {
    Path dir = FsBinMapStore.directory(conf);
    return new JobLayoutStore(dir.getFileSystem(conf), dir);
  }

  /**
   * How a task of this job writes or reads map outputs: the job configuration's answer ({@link
   * VirtualBinsConfig#rebalancing}), unless the AM decided before any task ran that no bin would
   * move ({@link LayoutDecision}); with bins, cut by the AM's bins per reducer where its layout
   * records them (a task whose own configuration says otherwise warns and follows the AM, the one
   * reading every task of the job can see).
   *
   * @throws IOException when the layout file exists but cannot be read: the task cannot know what
   *     the other tasks write, so it must not guess
   */
  public static TaskLayout forTask(Configuration conf) throws IOException {
    Rebalancing fromConf = VirtualBinsConfig.rebalancing(conf);
    if (!(fromConf instanceof Rebalancing.Enabled)) {
      return new TaskLayout(fromConf, 0);
    }
    int ownBinsPerReducer = VirtualBinsConfig.binsPerReducer(conf);
    JobLayoutStore store = forJob(conf);
    Optional<JobLayout> layout = store.read();
    if (!layout.isPresent()) {
      return new TaskLayout(fromConf, ownBinsPerReducer);
    }
    if (!layout.get().bins()) {
      return stock(layout.get());
    }
    int decided = layout.get().binsPerReducer();
    if (decided == 0 || decided == ownBinsPerReducer) {
      return new TaskLayout(fromConf, ownBinsPerReducer);
    }
    LOG.warn(
        "Pikachu: this node's configuration says {}={}, the job's layout {} says {} (the AM's"
            + " reading, which every task of the job follows); check mapred-site.xml on this node",
        PikachuKeys.BINS_PER_REDUCER.name(),
        ownBinsPerReducer,
        store.file(),
        decided);
    return new TaskLayout(fromConf, decided);
  }

  private static TaskLayout stock(JobLayout layout) {
    return new TaskLayout(
        Rebalancing.SteppedAside.of(
            Rebalancing.AsideReason.ONE_NODE_CLASS,
            "the AM decided before any task ran: " + layout.why()),
        0);
  }

  public Path file() {
    return file;
  }

  /**
   * The layout written for this job, if any.
   *
   * @throws IOException naming the file, when it exists but is no layout
   */
  public Optional<JobLayout> read() throws IOException {
    byte[] bytes;
    try {
      bytes = SmallFiles.read(fs, file, MAX_BYTES);
    } catch (FileNotFoundException e) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(bytes, JobLayout.class));
    } catch (JsonProcessingException | IllegalArgumentException | IllegalStateException e) {
      throw new IOException("Pikachu job layout " + file + " is unreadable: " + e.getMessage(), e);
    }
  }

  /**
   * Writes {@code layout} unless a layout exists.
   *
   * @return the layout in force: {@code layout}, or the one written before it
   */
  public JobLayout claim(JobLayout layout) throws IOException {
    byte[] bytes = JSON.writeValueAsString(layout).getBytes(StandardCharsets.UTF_8);
    if (SmallFiles.create(fs, file, bytes)) {
      return layout;
    }
    return read()
        .orElseThrow(() -> new IOException(file + " existed when written, and not when read"));
  }
}
