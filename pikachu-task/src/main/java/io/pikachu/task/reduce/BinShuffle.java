package io.pikachu.task.reduce;

import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Rebalancing;
import io.pikachu.core.shuffle.ShuffleCoordinator;
import io.pikachu.store.JobLayoutStore;
import io.pikachu.store.PikachuCounter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.ShuffleConsumerPlugin;
import org.apache.hadoop.mapred.Task;
import org.apache.hadoop.mapred.TaskCompletionEvent;
import org.apache.hadoop.mapred.TaskStatus;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.reduce.Shuffle;
import org.apache.hadoop.util.Progress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reduce-side half of virtual bins ({@code mapreduce.job.reduce.shuffle.consumer.plugin.class}):
 * the Hadoop shim over {@link ShuffleCoordinator}. It reads the job's settings, starts the
 * map-event and fetcher threads, keeps the task's counters and status, and runs the final merge;
 * which outputs are kept and when the final merge may start is the coordinator's. See {@code
 * docs/virtual-bins.md} for the invariants.
 */
public class BinShuffle<K, V> implements ShuffleConsumerPlugin<K, V>, MapEventPoller.Sink {
  private static final Logger LOG = LoggerFactory.getLogger(BinShuffle.class);
  private static final int MAX_MAPS_PER_FETCH = 20;
  private static final int MAX_EVENTS_PER_CALL = 10000;

  /** Stock Hadoop's shuffle, for a job that opted out of Pikachu; null otherwise. */
  private ShuffleConsumerPlugin<K, V> stock;

  private static final int REPORT_FAILURE_LIMIT = 10;
  private static final String LOCAL_HOST = "local";

  private ShuffleConsumerPlugin.Context<K, V> context;
  private JobConf job;
  private TaskAttemptID reduceId;
  private TaskStatus status;
  private Task reduceTask;
  private Map<org.apache.hadoop.mapred.TaskAttemptID, MapOutputFile> localMapFiles;
  private BinSegmentStore store;
  private BinMerger<K, V> merger;
  private ShuffleCoordinator<FetchedOutput> coordinator;

  @Override
  public void init(ShuffleConsumerPlugin.Context<K, V> context) {
    this.context = context;
    this.job = context.getJobConf();
    // The job's layout rules, not this node's settings (see JobLayoutStore).
    JobLayout layout;
    try {
      layout =
          JobLayoutStore.forTask(
              job, context.getReduceId().toString(), context.getReporter()::progress);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Rebalancing rebalancing = layout.rebalancing();
    if (rebalancing instanceof Rebalancing.SteppedAside) {
      Rebalancing.SteppedAside aside = (Rebalancing.SteppedAside) rebalancing;
      LOG.info("Pikachu steps aside for this job, running the stock shuffle: {}", aside.detail());
      PikachuCounter.countSteppedAside(context.getReporter(), aside.why());
      runStock(context);
      return;
    }
    this.reduceId = context.getReduceId();
    this.status = context.getStatus();
    this.reduceTask = context.getReduceTask();
    this.localMapFiles = context.getLocalMapFiles();
    ShuffleParts<K, V> parts = ShuffleParts.wire(context, layout);
    this.store = parts.store;
    this.coordinator = parts.coordinator;
    this.merger = parts.merger;
  }

  private void runStock(ShuffleConsumerPlugin.Context<K, V> context) {
    stock = new Shuffle<>();
    stock.init(context);
  }

  @Override
  public RawKeyValueIterator run() throws IOException, InterruptedException {
    if (stock != null) {
      return stock.run();
    }
    List<Thread> threads = new ArrayList<>();
    List<BinFetcher> fetchers = new ArrayList<>();
    if (localMapFiles != null) {
      for (org.apache.hadoop.mapred.TaskAttemptID map : localMapFiles.keySet()) {
        coordinator.mapSucceeded(map.getTaskID().getId(), map.toString(), LOCAL_HOST, "");
      }
    } else {
      int eventsPerCall =
          Math.max(
              100, Math.min(MAX_EVENTS_PER_CALL, 3_000_000 / Math.max(1, job.getNumReduceTasks())));
      threads.add(
          new Thread(
              new MapEventPoller(
                  context.getUmbilical(),
                  (org.apache.hadoop.mapred.TaskAttemptID) reduceId,
                  eventsPerCall,
                  this),
              "pikachu-map-events"));
    }
    int fetcherCount =
        localMapFiles != null ? 1 : job.getInt(MRJobConfig.SHUFFLE_PARALLEL_COPIES, 5);
    for (int i = 0; i < fetcherCount; i++) {
      BinFetcher fetcher =
          new BinFetcher(
              job,
              reduceId,
              coordinator,
              store,
              context.getCodec(),
              reduceTask.getShuffleSecret(),
              localMapFiles,
              context.getReporter());
      fetchers.add(fetcher);
      threads.add(new Thread(fetcher, "pikachu-fetcher#" + (i + 1)));
    }
    boolean finished = false;
    try {
      for (Thread t : threads) {
        t.setDaemon(true);
        t.start();
      }
      Progress copyPhase = context.getCopyPhase();
      BitSet owned = coordinator.awaitFinal(new CopyStatus(copyPhase));
      stopThreads(threads, fetchers);
      coordinator.checkError();
      copyPhase.complete();
      status.setPhase(TaskStatus.Phase.SORT);
      reduceTask.statusUpdate(context.getUmbilical());
      RawKeyValueIterator result = merger.finalMerge(owned);
      coordinator.checkError();
      finished = true;
      return result;
    } finally {
      if (!finished) {
        stopThreads(threads, fetchers);
        merger.abort();
      }
    }
  }

  /**
   * Shows the copy in the task's status; when the reducer waits for a final bin map, sends the
   * status to the AM at once rather than at the reporter thread's next interval.
   */
  private final class CopyStatus implements ShuffleCoordinator.Progress {
    private final Progress copyPhase;

    CopyStatus(Progress copyPhase) {
      this.copyPhase = copyPhase;
    }

    @Override
    public void update(float fraction, String state) {
      copyPhase.set(fraction);
      status.setStateString(state);
      context.getReporter().progress();
    }

    @Override
    public void awaitingFinalMap() {
      // the reporter thread copies the task's progress into the status only when it sends
      status.setProgress(reduceTask.getProgress().get());
      try {
        reduceTask.statusUpdate(context.getUmbilical());
      } catch (IOException e) {
        LOG.warn(
            "Could not tell the AM at once that {} waits for a final bin map; its next periodic"
                + " report will: {}",
            reduceId,
            e.toString());
      }
    }
  }

  private void stopThreads(List<Thread> threads, List<BinFetcher> fetchers)
      throws InterruptedException {
    coordinator.stop();
    for (BinFetcher f : fetchers) {
      f.abortConnection();
    }
    for (Thread t : threads) {
      t.interrupt();
    }
    for (Thread t : threads) {
      t.join(5000);
    }
  }

  // ---- map events ----

  @Override
  public void onEvent(TaskCompletionEvent event) {
    org.apache.hadoop.mapred.TaskAttemptID attempt = event.getTaskAttemptId();
    switch (event.getTaskStatus()) {
      case SUCCEEDED:
        {
          String http = event.getTaskTrackerHttp();
          String base = http.endsWith("/") ? http : http + "/";
          URI uri = URI.create(base);
          coordinator.mapSucceeded(
              attempt.getTaskID().getId(),
              attempt.toString(),
              uri.getHost() + ":" + uri.getPort(),
              base);
          break;
        }
      case FAILED:
      case KILLED:
      case OBSOLETE:
        coordinator.mapObsolete(attempt.toString());
        LOG.info("Ignoring obsolete output of {} map attempt {}", event.getTaskStatus(), attempt);
        break;
      case TIPFAILED:
        coordinator.mapTipFailed(attempt.getTaskID().getId());
        LOG.info("Ignoring output of failed map task {}", attempt.getTaskID());
        break;
      default:
        break;
    }
  }

  @Override
  public void reportException(Throwable t) {
    coordinator.reportException(t);
  }

  @Override
  public void close() {
    if (stock != null) {
      stock.close();
    }
  }
}
