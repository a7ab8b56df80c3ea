package io.pikachu.partitioner.reduce;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.binmap.FixedBinMapSource;
import io.pikachu.core.binmap.ForcedRatioHook;
import io.pikachu.core.binmap.OwnershipChange;
import io.pikachu.core.binmap.PublishedBinMapSource;
import io.pikachu.core.config.PikachuKeys;
import io.pikachu.core.shuffle.FetchPlanner;
import io.pikachu.core.shuffle.FetchUnit;
import io.pikachu.partitioner.PikachuCounter;
import io.pikachu.partitioner.VirtualBinsConfig;
import io.pikachu.partitioner.binmap.FsBinMapStore;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.ShuffleConsumerPlugin;
import org.apache.hadoop.mapred.Task;
import org.apache.hadoop.mapred.TaskCompletionEvent;
import org.apache.hadoop.mapred.TaskStatus;
import org.apache.hadoop.mapred.TaskUmbilicalProtocol;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.util.Progress;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reduce-side half of virtual bins ({@code mapreduce.job.reduce.shuffle.consumer.plugin.class}):
 * fetches exactly the bins its reducer owns from every completed map, follows changes of the bin
 * map (fetching gained bins from all maps, dropping lost ones), and starts the final merge only
 * once its bin map is final. See {@code docs/virtual-bins.md} for the invariants.
 */
public class BinShuffle<K, V>
    implements ShuffleConsumerPlugin<K, V>, FetchCallbacks, MapEventPoller.Sink {
  private static final Logger LOG = LoggerFactory.getLogger(BinShuffle.class);
  private static final int MAX_MAPS_PER_FETCH = 20;
  private static final int MAX_EVENTS_PER_CALL = 10000;
  private static final int REPORT_FAILURE_LIMIT = 10;
  private static final String LOCAL_HOST = "local";

  private final Object lock = new Object();

  private JobConf job;
  private TaskAttemptID reduceId;
  private int reducer;
  private int totalMaps;
  private Reporter reporter;
  private TaskUmbilicalProtocol umbilical;
  private TaskStatus status;
  private Task reduceTask;
  private Progress copyPhase;
  private Counters.Counter shuffledMaps;
  private Counters.Counter shuffleBytes;
  private Counters.Counter failedShuffles;
  private Map<org.apache.hadoop.mapred.TaskAttemptID, MapOutputFile> localMapFiles;
  private ShuffleConsumerPlugin.Context<K, V> context;

  private BinMapSource source;
  private BinMap current;
  private FetchPlanner planner;
  private BinMergeManager<K, V> merger;
  private long pollMs;
  private long finalWaitMs;
  private int abortFailureLimit;
  private int maxFetchFailuresBeforeReporting;
  private boolean reportReadErrorImmediately;
  private int maxHostFailures;
  private boolean stopped;
  private Throwable error;
  private String errorThread;

  @Override
  public void init(ShuffleConsumerPlugin.Context<K, V> context) {
    this.context = context;
    this.job = context.getJobConf();
    VirtualBinsConfig.validateJob(job);
    if (!VirtualBinsConfig.isEnabled(job)) {
      throw new IllegalArgumentException(
          BinShuffle.class.getName()
              + " needs "
              + PikachuKeys.MAP_OUTPUT_COLLECTOR
              + " set to Pikachu's collector");
    }
    this.reduceId = context.getReduceId();
    this.reducer = reduceId.getTaskID().getId();
    this.totalMaps = job.getNumMapTasks();
    this.reporter = context.getReporter();
    this.umbilical = context.getUmbilical();
    this.status = context.getStatus();
    this.reduceTask = context.getReduceTask();
    this.copyPhase = context.getCopyPhase();
    this.shuffledMaps = context.getShuffledMapsCounter();
    this.shuffleBytes = context.getReduceShuffleBytes();
    this.failedShuffles = context.getFailedShuffleCounter();
    this.localMapFiles = context.getLocalMapFiles();
    this.pollMs = VirtualBinsConfig.pollIntervalMs(job);
    this.finalWaitMs = VirtualBinsConfig.finalWaitMs(job);
    this.abortFailureLimit = Math.max(30, totalMaps / 10);
    this.maxFetchFailuresBeforeReporting =
        job.getInt(MRJobConfig.SHUFFLE_FETCH_FAILURES, REPORT_FAILURE_LIMIT);
    this.reportReadErrorImmediately = job.getBoolean(MRJobConfig.SHUFFLE_NOTIFY_READERROR, true);
    this.maxHostFailures =
        job.getInt(
            MRJobConfig.MAX_SHUFFLE_FETCH_HOST_FAILURES,
            MRJobConfig.DEFAULT_MAX_SHUFFLE_FETCH_HOST_FAILURES);

    int binsPerReducer = VirtualBinsConfig.binsPerReducer(job);
    int reducers = job.getNumReduceTasks();
    try {
      this.source = createSource(job, reducers, binsPerReducer);
      // a retried or speculative attempt starts from the map in force now
      this.current = source.current(0, totalMaps, false);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read the Pikachu bin map: " + e.getMessage(), e);
    }
    this.planner =
        new FetchPlanner(
            totalMaps,
            VirtualBinsConfig.totalBins(job),
            current.bins(reducer),
            MAX_MAPS_PER_FETCH,
            job.getLong(
                MRJobConfig.MAX_SHUFFLE_FETCH_RETRY_DELAY,
                MRJobConfig.DEFAULT_MAX_SHUFFLE_FETCH_RETRY_DELAY));
    FileSystem rawLocal;
    try {
      // IFile carries its own checksums, as in stock shuffle
      rawLocal = FileSystem.getLocal(job).getRaw();
    } catch (IOException e) {
      throw new IllegalStateException("cannot open the local file system", e);
    }
    this.merger =
        new BinMergeManager<>(
            job,
            reduceId,
            rawLocal,
            context.getLocalDirAllocator(),
            context.getCodec(),
            reporter,
            context.getSpilledRecordsCounter(),
            context.getMergePhase(),
            this::reportException);
    LOG.info(
        "Reducer {} ({}) starts with {} (bins [{}, {})), map source: {}",
        reducer,
        reduceId,
        current,
        current.start(reducer),
        current.end(reducer),
        source.describe());
  }

  static BinMapSource createSource(JobConf job, int reducers, int binsPerReducer)
      throws IOException {
    var ratio = PikachuKeys.TEST_FORCED_RATIO.find(job::get);
    if (ratio.isPresent()) {
      double after = PikachuKeys.TEST_FORCED_AFTER_MAPS.get(job::get);
      BitSet fast =
          ForcedRatioHook.parseFast(
              job.get(PikachuKeys.TEST_FORCED_FAST_REDUCERS.name()), reducers);
      return new ForcedRatioHook(reducers, binsPerReducer, ratio.get(), (float) after, fast);
    }
    if (VirtualBinsConfig.controllerEnabled(job)) {
      return new PublishedBinMapSource(
          FsBinMapStore.forJob(job, reducers, binsPerReducer),
          BinMap.even(reducers, binsPerReducer, false),
          VirtualBinsConfig.pollIntervalMs(job),
          Time::monotonicNow);
    }
    return new FixedBinMapSource(BinMap.even(reducers, binsPerReducer, true));
  }

  @Override
  public RawKeyValueIterator run() throws IOException, InterruptedException {
    List<Thread> threads = new ArrayList<>();
    List<BinFetcher> fetchers = new ArrayList<>();
    if (localMapFiles != null) {
      for (org.apache.hadoop.mapred.TaskAttemptID map : localMapFiles.keySet()) {
        synchronized (lock) {
          planner.mapSucceeded(map.getTaskID().getId(), map.toString(), LOCAL_HOST, "");
        }
      }
    } else {
      int eventsPerCall =
          Math.max(
              100, Math.min(MAX_EVENTS_PER_CALL, 3_000_000 / Math.max(1, job.getNumReduceTasks())));
      threads.add(
          new Thread(
              new MapEventPoller(
                  umbilical,
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
              this,
              merger,
              context.getCodec(),
              reduceTask.getShuffleSecret(),
              localMapFiles,
              reporter);
      fetchers.add(fetcher);
      threads.add(new Thread(fetcher, "pikachu-fetcher#" + (i + 1)));
    }
    boolean finished = false;
    try {
      for (Thread t : threads) {
        t.setDaemon(true);
        t.start();
      }
      shuffleUntilFinal();
      stopThreads(threads, fetchers);
      checkError();
      copyPhase.complete();
      status.setPhase(TaskStatus.Phase.SORT);
      reduceTask.statusUpdate(umbilical);
      BitSet owned;
      synchronized (lock) {
        owned = planner.owned();
        checkInvariants(owned);
      }
      RawKeyValueIterator result = merger.finalMerge(owned);
      checkError();
      finished = true;
      return result;
    } finally {
      if (!finished) {
        stopThreads(threads, fetchers);
        merger.abort();
      }
    }
  }

  /** Fetches until every owned bin is kept from every map AND the bin map is final. */
  private void shuffleUntilFinal() throws IOException, InterruptedException {
    long completeSince = -1;
    while (true) {
      checkError();
      int finishedMaps;
      boolean fetchedAll;
      synchronized (lock) {
        finishedMaps = planner.mapsFinished();
        fetchedAll = planner.isComplete();
      }
      BinMap next = source.current(finishedMaps, totalMaps, fetchedAll);
      if (!next.equals(current)) {
        apply(next);
      }
      boolean complete;
      synchronized (lock) {
        complete = planner.isComplete();
        float progress = planner.progress();
        copyPhase.set(progress);
        status.setStateString(
            String.format(
                "%d/%d maps done, %.0f%% of owned bins [%d,%d) " + "copied, bin map v%d%s",
                finishedMaps,
                totalMaps,
                progress * 100,
                current.start(reducer),
                current.end(reducer),
                current.version(),
                current.isFinal() ? " final" : ""));
      }
      reporter.progress();
      if (complete && current.isFinal()) {
        LOG.info("Reducer {} has all bins of {} from all {} maps", reducer, current, totalMaps);
        return;
      }
      long now = Time.monotonicNow();
      if (complete) {
        if (completeSince < 0) {
          completeSince = now;
          LOG.info("Reducer {} fetched all its bins; waiting for a final bin map", reducer);
        } else if (now - completeSince >= finalWaitMs) {
          LOG.warn(
              "No final bin map after {} ms ({}={}); sealing {} for all reducers",
              now - completeSince,
              PikachuKeys.FINAL_MAP_WAIT_MS.name(),
              finalWaitMs,
              current);
          apply(source.forceFinal(current));
          completeSince = -1;
          continue;
        }
      } else {
        completeSince = -1;
      }
      synchronized (lock) {
        lock.wait(Math.min(pollMs, 1000));
      }
    }
  }

  /** Switches to {@code next}: drops lost bins now, fetches gained bins from every map. */
  private void apply(BinMap next) {
    synchronized (lock) {
      OwnershipChange change = OwnershipChange.between(planner.owned(), next, reducer);
      planner.setOwned(next.bins(reducer));
      long droppedBytes = 0;
      BitSet lost = change.lost();
      for (int b = lost.nextSetBit(0); b >= 0; b = lost.nextSetBit(b + 1)) {
        droppedBytes += merger.dropBin(b);
      }
      PikachuCounter.BINS_GAINED.in(reporter).increment(change.gained().cardinality());
      PikachuCounter.BINS_DROPPED.in(reporter).increment(lost.cardinality());
      PikachuCounter.BYTES_DROPPED.in(reporter).increment(droppedBytes);
      LOG.info(
          "Reducer {} ({}): bin map {} -> {}: {}, freed {} shuffled bytes",
          reducer,
          reduceId,
          current,
          next,
          change,
          droppedBytes);
      current = next;
      lock.notifyAll();
    }
  }

  /** Nothing but the owned bins may reach the final merge, and all of them from every map. */
  private void checkInvariants(BitSet owned) {
    BitSet expected = current.bins(reducer);
    if (!owned.equals(expected) || !current.isFinal()) {
      throw new IllegalStateException(
          "reducer "
              + reducer
              + " holds bins "
              + owned
              + " but final map "
              + current
              + " gives it "
              + expected);
    }
    if (!planner.isComplete()) {
      throw new IllegalStateException("reducer " + reducer + " is missing outputs of " + owned);
    }
    BitSet stray = merger.binsWithData();
    stray.andNot(owned);
    if (!stray.isEmpty()) {
      throw new IllegalStateException("reducer " + reducer + " still holds lost bins " + stray);
    }
  }

  private void stopThreads(List<Thread> threads, List<BinFetcher> fetchers)
      throws InterruptedException {
    synchronized (lock) {
      stopped = true;
      lock.notifyAll();
    }
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

  private void checkError() throws IOException {
    synchronized (lock) {
      if (error != null) {
        throw new IOException("error in Pikachu bin shuffle in " + errorThread, error);
      }
    }
  }

  // ---- map events ----

  @Override
  public void onEvent(TaskCompletionEvent event) {
    org.apache.hadoop.mapred.TaskAttemptID attempt = event.getTaskAttemptId();
    synchronized (lock) {
      switch (event.getTaskStatus()) {
        case SUCCEEDED -> {
          String http = event.getTaskTrackerHttp();
          String base = http.endsWith("/") ? http : http + "/";
          URI uri = URI.create(base);
          planner.mapSucceeded(
              attempt.getTaskID().getId(),
              attempt.toString(),
              uri.getHost() + ":" + uri.getPort(),
              base);
        }
        case FAILED, KILLED, OBSOLETE -> {
          planner.mapObsolete(attempt.toString());
          LOG.info("Ignoring obsolete output of {} map attempt {}", event.getTaskStatus(), attempt);
        }
        case TIPFAILED -> {
          planner.mapTipFailed(attempt.getTaskID().getId());
          LOG.info("Ignoring output of failed map task {}", attempt.getTaskID());
        }
        default -> {}
      }
      lock.notifyAll();
    }
  }

  // ---- fetcher callbacks ----

  @Override
  public FetchUnit take() throws InterruptedException {
    synchronized (lock) {
      while (!stopped) {
        long now = Time.monotonicNow();
        FetchUnit unit = planner.next(now);
        if (unit != null) {
          return unit;
        }
        lock.wait(Math.max(1, Math.min(1000, planner.millisUntilPenaltyEnds(now))));
      }
      return null;
    }
  }

  @Override
  public void fetched(FetchUnit unit, FetchUnit.Source src, FetchedOutput output) {
    synchronized (lock) {
      FetchPlanner.Verdict verdict = planner.commit(unit, src);
      if (verdict == FetchPlanner.Verdict.DISCARD) {
        discard(output);
        return;
      }
      // inside the lock, so a concurrent bin change cannot miss this output
      if (output.target == BinMergeManager.Target.MEMORY) {
        merger.addInMemory(unit.bin(), output.memory, output.wireBytes);
      } else {
        merger.addOnDisk(
            unit.bin(), output.file, output.rawLength, output.fileLength, output.wireBytes);
      }
      PikachuCounter.BINS_FETCHED.in(reporter).increment(1);
      if (verdict == FetchPlanner.Verdict.KEEP_RESHUFFLED) {
        PikachuCounter.BYTES_RESHUFFLED.in(reporter).increment(output.wireBytes);
      }
      shuffleBytes.increment(output.wireBytes);
      if (planner.hasAllOwned(src.map())) {
        shuffledMaps.increment(1);
      }
      lock.notifyAll();
    }
  }

  private void discard(FetchedOutput output) {
    if (output.target == BinMergeManager.Target.MEMORY) {
      merger.unreserve(output.memory.length);
    } else {
      try {
        merger.fs().delete(output.file, false);
      } catch (IOException e) {
        LOG.warn("Could not delete {}", output.file, e);
      }
    }
  }

  @Override
  public void failed(
      FetchUnit unit,
      Collection<FetchUnit.Source> sources,
      boolean readError,
      boolean connectError) {
    synchronized (lock) {
      int hostFailures = planner.hostFailed(unit.host());
      for (FetchUnit.Source src : sources) {
        int failures = planner.failed(unit, src, Time.monotonicNow());
        failedShuffles.increment(1);
        if (failures >= abortFailureLimit) {
          reportException(new IOException(failures + " failures downloading " + src.attempt()));
        }
        if (connectError
            || (reportReadErrorImmediately && readError)
            || failures % maxFetchFailuresBeforeReporting == 0
            || hostFailures > maxHostFailures) {
          // the AM re-runs the map after enough reports; its new attempt arrives as an event
          LOG.info("Reporting fetch failure for {} to the MRAppMaster", src.attempt());
          status.addFetchFailedMap(org.apache.hadoop.mapred.TaskAttemptID.forName(src.attempt()));
        }
      }
      lock.notifyAll();
    }
  }

  @Override
  public void backOff(FetchUnit unit, long delayMs) {
    synchronized (lock) {
      planner.penalize(unit.host(), delayMs, Time.monotonicNow());
    }
  }

  @Override
  public void release(FetchUnit unit) {
    synchronized (lock) {
      planner.release(unit);
      lock.notifyAll();
    }
  }

  @Override
  public void reportException(Throwable t) {
    synchronized (lock) {
      if (error == null) {
        error = t;
        errorThread = Thread.currentThread().getName();
      }
      lock.notifyAll();
    }
  }

  @Override
  public void close() {}
}
