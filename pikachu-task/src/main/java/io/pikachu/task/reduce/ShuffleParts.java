package io.pikachu.task.reduce;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapPolling;
import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.binmap.PublishedBinMapSource;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.partitioning.JobLayout;
import io.pikachu.core.partitioning.Slicing;
import io.pikachu.core.shuffle.FetchPlanner;
import io.pikachu.core.shuffle.ShuffleCoordinator;
import io.pikachu.core.shuffle.ShuffleLimits;
import io.pikachu.core.testing.ForcedRatioHook;
import io.pikachu.core.testing.TestHooks;
import io.pikachu.store.FsBinMapStore;
import io.pikachu.store.VirtualBinsConfig;
import java.io.IOException;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.ShuffleConsumerPlugin;
import org.apache.hadoop.mapred.TaskStatus;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The parts of one reducer's bin shuffle, wired from its task context and the job's layout: where
 * its bin maps come from, what it fetches ({@link FetchPlanner}), where fetched outputs go ({@link
 * BinSegmentStore}), who decides what is kept ({@link ShuffleCoordinator}) and who merges ({@link
 * BinMerger}). {@link BinShuffle} runs them.
 */
final class ShuffleParts<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(ShuffleParts.class);
  private static final int MAX_MAPS_PER_FETCH = 20;
  private static final int REPORT_FAILURE_LIMIT = 10;

  final BinSegmentStore store;
  final ShuffleCoordinator<FetchedOutput> coordinator;
  final BinMerger<K, V> merger;

  private ShuffleParts(
      BinSegmentStore store,
      ShuffleCoordinator<FetchedOutput> coordinator,
      BinMerger<K, V> merger) {
    this.store = store;
    this.coordinator = coordinator;
    this.merger = merger;
  }

  /** A reducer's parts for a job whose layout has bins. */
  static <K, V> ShuffleParts<K, V> wire(
      ShuffleConsumerPlugin.Context<K, V> context, JobLayout layout) {
    JobConf job = context.getJobConf();
    TaskAttemptID reduceId = context.getReduceId();
    TaskStatus status = context.getStatus();
    Slicing slicing = layout.enabled().get().slicing();
    int reducer = reduceId.getTaskID().getId();
    int totalMaps = job.getNumMapTasks();
    int reducers = job.getNumReduceTasks();
    BinMapSource source;
    BinMap current;
    try {
      source = createSource(job, layout, reducers, reduceId.toString());
      // a retried or speculative attempt starts from the map in force now
      current = source.current(0, totalMaps, false);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the Pikachu bin map: " + e.getMessage(), e);
    }
    FetchPlanner planner =
        new FetchPlanner(
            totalMaps,
            layout.totalBins(reducers),
            current.bins(reducer),
            MAX_MAPS_PER_FETCH,
            job.getLong(
                MRJobConfig.MAX_SHUFFLE_FETCH_RETRY_DELAY,
                MRJobConfig.DEFAULT_MAX_SHUFFLE_FETCH_RETRY_DELAY),
            VirtualBinsConfig.lenient(job, PikachuKeys.ONE_ATTEMPT_PER_MAP));
    ShuffleMemory memory = ShuffleMemory.from(job);
    BinSegmentStore store =
        new BinSegmentStore(
            new ShuffleFiles(job, reduceId, rawLocal(job), context.getLocalDirAllocator()), memory);
    ShuffleCoordinator<FetchedOutput> coordinator =
        new ShuffleCoordinator<>(
            reducer,
            reduceId.toString(),
            totalMaps,
            source,
            current,
            planner,
            store,
            new TaskShuffleCounters(context),
            attempt ->
                status.addFetchFailedMap(org.apache.hadoop.mapred.TaskAttemptID.forName(attempt)),
            limits(job, totalMaps, reduceId.toString()),
            Time::monotonicNow);
    BinMerger<K, V> merger =
        new BinMerger<>(
            job,
            reduceId,
            store,
            memory,
            context.getCodec(),
            context.getReporter(),
            context.getSpilledRecordsCounter(),
            context.getMergePhase(),
            coordinator::reportException,
            slicing.keepsOrder());
    LOG.info(
        "Reducer {} ({}) starts with {} (bins {}), {} slices, map source: {}",
        reducer,
        reduceId,
        current,
        current.bins(reducer),
        slicing,
        source.describe());
    return new ShuffleParts<>(store, coordinator, merger);
  }

  /** The raw local file system: IFile carries its own checksums, as in stock shuffle. */
  private static FileSystem rawLocal(JobConf job) {
    try {
      return FileSystem.getLocal(job).getRaw();
    } catch (IOException e) {
      throw new IllegalStateException("cannot open the local file system", e);
    }
  }

  private static ShuffleLimits limits(JobConf job, int totalMaps, String attempt) {
    BinMapPolling polling = VirtualBinsConfig.binMapPolling(job, attempt);
    return ShuffleLimits.of(
        polling.pollMs(),
        polling.finalPollMs(),
        polling.giveUpMs(),
        Math.max(30, totalMaps / 10),
        job.getInt(MRJobConfig.SHUFFLE_FETCH_FAILURES, REPORT_FAILURE_LIMIT),
        job.getBoolean(MRJobConfig.SHUFFLE_NOTIFY_READERROR, true),
        job.getInt(
            MRJobConfig.MAX_SHUFFLE_FETCH_HOST_FAILURES,
            MRJobConfig.DEFAULT_MAX_SHUFFLE_FETCH_HOST_FAILURES));
  }

  /**
   * The source of this job's bin maps: the test hook's forced change, or the maps the AM's
   * controller publishes (a job with neither is one Pikachu steps aside for).
   */
  static BinMapSource createSource(JobConf job, JobLayout layout, int reducers, String attempt)
      throws IOException {
    int binsPerReducer = layout.binsPerReducer();
    Optional<List<Double>> ratios = TestHooks.FORCED_RATIO.find(job::get);
    if (ratios.isPresent()) {
      List<Double> after =
          TestHooks.FORCED_AFTER_MAPS
              .find(job::get)
              .orElse(Collections.nCopies(ratios.get().size(), 1.0));
      BitSet fast =
          ForcedRatioHook.parseFast(job.get(TestHooks.FORCED_FAST_REDUCERS.name()), reducers);
      return new ForcedRatioHook(
          reducers,
          binsPerReducer,
          ratios.get(),
          after,
          fast,
          layout.enabled().get().slicing().keepsOrder());
    }
    return new PublishedBinMapSource(
        FsBinMapStore.forLayout(job, layout, reducers),
        BinMap.even(reducers, binsPerReducer, false),
        VirtualBinsConfig.binMapPolling(job, attempt),
        Time::monotonicNow);
  }
}
