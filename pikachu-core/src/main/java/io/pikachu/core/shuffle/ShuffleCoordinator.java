package io.pikachu.core.shuffle;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.binmap.OwnershipChange;
import io.pikachu.core.config.PikachuKeys;
import java.io.IOException;
import java.util.BitSet;
import java.util.Collection;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One reducer's bin shuffle without Hadoop: owns the lock, follows the bin map (fetch the bins
 * gained, drop the bins lost), records fetched and failed outputs and hands out work to the fetcher
 * threads. The Hadoop shim feeds it map completion events and runs the fetchers; everything that
 * decides which output is kept, and when the final merge may start, is here.
 *
 * <p>Exactly-once rests on two rules that hold under the one lock: an output is kept only if its
 * bin is owned at commit time and no copy of that (map, bin) was kept before ({@link
 * FetchPlanner#commit}); and a bin change drops the lost bins' data in the same critical section in
 * which ownership changes, so no fetch in flight can slip a lost bin's output in afterwards.
 *
 * @param <O> a fetched output as the fetchers hold it
 *     <p>Over 300 lines on purpose: one lock guards all of it, and splitting the class would split
 *     the critical sections exactly-once rests on.
 */
public final class ShuffleCoordinator<O> implements FetchCallbacks<O> {
  private static final Logger LOG = LoggerFactory.getLogger(ShuffleCoordinator.class);
  private static final long MAX_WAIT_MS = 1000;

  /** Where the coordinator reports what the task should show. */
  public interface Progress {
    /**
     * @param fraction of the owned (map, bin) outputs kept
     * @param state one line for the task's status
     */
    void update(float fraction, String state);

    /**
     * The reducer has every owned bin from every map and waits for a final bin map: tell whoever
     * decides it now. The controller marks a map final once a reducer waits for it, and the task's
     * periodic report can be seconds away (Hadoop's default is every 6 s). Called without the
     * coordinator's lock held, once per wait, after {@link #update} has shown the complete copy.
     */
    default void awaitingFinalMap() {}
  }

  /** What this reducer has kept of each owned bin, reported to the AM in its status. */
  private final BinBytesSeen binBytes = new BinBytesSeen();

  private final Object lock = new Object();
  private final int reducer;
  private final String attempt;
  private final int totalMaps;
  private final FetchPlanner planner;
  private final BinMapSource source;
  private final BinSegments<O> segments;
  private final ShuffleCounters counters;
  private final Consumer<String> fetchFailureReporter;
  private final ShuffleLimits limits;
  private final LongSupplier clock;

  private BinMap current;
  private boolean stopped;
  private Throwable error;
  private String errorThread;

  /**
   * @param attempt the reduce attempt, as logs name it
   * @param initial the map in force when the reducer starts (a retried or speculative attempt
   *     starts from the map in force now, not from the even map)
   * @param fetchFailureReporter tells the AM that a map attempt's output could not be fetched (the
   *     AM re-runs the map after enough reports)
   * @param clock monotonic milliseconds
   */
  public ShuffleCoordinator(
      int reducer,
      String attempt,
      int totalMaps,
      BinMapSource source,
      BinMap initial,
      FetchPlanner planner,
      BinSegments<O> segments,
      ShuffleCounters counters,
      Consumer<String> fetchFailureReporter,
      ShuffleLimits limits,
      LongSupplier clock) {
    this.reducer = reducer;
    this.attempt = attempt;
    this.totalMaps = totalMaps;
    this.source = source;
    this.current = initial;
    this.planner = planner;
    this.segments = segments;
    this.counters = counters;
    this.fetchFailureReporter = fetchFailureReporter;
    this.limits = limits;
    this.clock = clock;
  }

  /** The bin map this reducer follows now. */
  public BinMap current() {
    synchronized (lock) {
      return current;
    }
  }

  // ---- map completion events ----

  public void mapSucceeded(int map, String attempt, String host, String baseUrl) {
    synchronized (lock) {
      planner.mapSucceeded(map, attempt, host, baseUrl);
      lock.notifyAll();
    }
  }

  /** A FAILED, KILLED or OBSOLETE map attempt: never fetched from again. */
  public void mapObsolete(String attempt) {
    synchronized (lock) {
      planner.mapObsolete(attempt);
      lock.notifyAll();
    }
  }

  /** The whole map task failed: the job goes on without its output, as in stock shuffle. */
  public void mapTipFailed(int map) {
    synchronized (lock) {
      planner.mapTipFailed(map);
      lock.notifyAll();
    }
  }

  // ---- the reducer's main thread ----

  /**
   * Fetches until every owned bin is kept from every map and the bin map is final; returns the bins
   * to merge. Seals the map in force after {@link ShuffleLimits#finalWaitMs()} without a new one,
   * so that a job whose controller went away still ends, with every reducer on one map.
   *
   * @throws IOException if a fetcher, the map-event thread or the bin-map source failed
   */
  public BitSet awaitFinal(Progress progress) throws IOException, InterruptedException {
    long completeSince = -1;
    boolean sealWarned = false;
    while (true) {
      checkError();
      int finishedMaps;
      boolean fetchedAll;
      synchronized (lock) {
        finishedMaps = planner.mapsFinished();
        fetchedAll = planner.isComplete();
      }
      BinMap next = source.current(finishedMaps, totalMaps, fetchedAll);
      if (!next.equals(current())) {
        apply(next);
        // the controller is alive, and if this reducer waits again it must say so again
        completeSince = -1;
      }
      boolean complete;
      BinMap map;
      synchronized (lock) {
        complete = planner.isComplete();
        map = current;
        float fraction = planner.progress();
        progress.update(fraction, state(finishedMaps, fraction, map));
      }
      if (complete && map.isFinal()) {
        LOG.info("Reducer {} has all bins of {} from all {} maps", reducer, map, totalMaps);
        return owned();
      }
      long now = clock.getAsLong();
      if (!complete) {
        completeSince = -1;
      } else if (completeSince < 0) {
        completeSince = now;
        LOG.info("Reducer {} fetched all its bins; waiting for a final bin map", reducer);
        progress.awaitingFinalMap();
      } else if (now - completeSince >= limits.finalWaitMs()) {
        if (!sealWarned) {
          sealWarned = true;
          LOG.warn(
              "No final bin map after {} ms ({}={}); sealing {} for all reducers",
              now - completeSince,
              PikachuKeys.FINAL_MAP_WAIT_MS.name(),
              limits.finalWaitMs(),
              map);
        }
        BinMap sealed = source.forceFinal(map);
        if (sealed.isFinal()) {
          apply(sealed);
          completeSince = -1;
          continue;
        }
        // the store failed: the source tries again after its back-off, and gives up in time
      }
      synchronized (lock) {
        lock.wait(Math.min(complete ? limits.finalPollMs() : limits.pollMs(), MAX_WAIT_MS));
      }
    }
  }

  private String state(int finishedMaps, float fraction, BinMap map) {
    return String.format(
            Locale.ROOT,
            "%d/%d maps done, %.0f%% of %d owned bins copied, bin map v%d%s",
            finishedMaps,
            totalMaps,
            fraction * 100,
            map.count(reducer),
            map.version(),
            map.isFinal() ? " final" : "")
        + binBytes.report();
  }

  /** Switches to {@code next}: drops lost bins now, fetches gained bins from every map. */
  private void apply(BinMap next) {
    synchronized (lock) {
      OwnershipChange change = OwnershipChange.between(planner.owned(), next, reducer);
      planner.setOwned(next.bins(reducer));
      long droppedBytes = 0;
      BitSet lost = change.lost();
      for (int b = lost.nextSetBit(0); b >= 0; b = lost.nextSetBit(b + 1)) {
        droppedBytes += segments.dropBin(b);
        binBytes.dropped(b);
      }
      counters.binMapChanged(change.gained().cardinality(), lost.cardinality(), droppedBytes);
      LOG.info(
          "Reducer {} ({}): bin map {} -> {}: {}, freed {} shuffled bytes",
          reducer,
          attempt,
          current,
          next,
          change,
          droppedBytes);
      current = next;
      lock.notifyAll();
    }
  }

  /**
   * The owned bins, checked: nothing but them may reach the final merge, and all of them from every
   * map.
   */
  private BitSet owned() {
    synchronized (lock) {
      BitSet owned = planner.owned();
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
      BitSet stray = segments.binsWithData();
      stray.andNot(owned);
      if (!stray.isEmpty()) {
        throw new IllegalStateException("reducer " + reducer + " still holds lost bins " + stray);
      }
      return owned;
    }
  }

  /** Stops handing out work; fetchers blocked in {@link #take()} get null. */
  public void stop() {
    synchronized (lock) {
      stopped = true;
      lock.notifyAll();
    }
  }

  /**
   * @throws IOException wrapping the first error any thread reported
   */
  public void checkError() throws IOException {
    synchronized (lock) {
      if (error != null) {
        throw new IOException("error in Pikachu bin shuffle in " + errorThread, error);
      }
    }
  }

  // ---- fetcher callbacks ----

  @Override
  public FetchUnit take() throws InterruptedException {
    synchronized (lock) {
      while (!stopped) {
        long now = clock.getAsLong();
        FetchUnit unit = planner.next(now);
        if (unit != null) {
          return unit;
        }
        lock.wait(Math.max(1, Math.min(MAX_WAIT_MS, planner.millisUntilPenaltyEnds(now))));
      }
      return null;
    }
  }

  @Override
  public void fetched(FetchUnit unit, FetchUnit.Source src, O output) {
    synchronized (lock) {
      FetchPlanner.Verdict verdict = planner.commit(unit, src);
      if (verdict == FetchPlanner.Verdict.DISCARD) {
        segments.discard(output);
        return;
      }
      if (verdict == FetchPlanner.Verdict.OTHER_ATTEMPT) {
        segments.discard(output);
        // Mixing two attempts of a map that is not deterministic could lose or repeat records in
        // this part file; a new reduce attempt fetches every bin from the map's current attempt.
        reportException(
            new IOException(
                "bin "
                    + unit.bin()
                    + " of map "
                    + src.map()
                    + " is only available from attempt "
                    + src.attempt()
                    + ", and this reducer holds other bins of that map from an earlier attempt;"
                    + " with pikachu.shuffle.one-attempt-per-map it restarts rather than mix them"));
        return;
      }
      // inside the lock, so a concurrent bin change cannot miss this output
      segments.keep(unit.bin(), output);
      binBytes.kept(unit.bin(), segments.rawBytes(output));
      long wire = segments.wireBytes(output);
      counters.binFetched();
      if (verdict == FetchPlanner.Verdict.KEEP_RESHUFFLED) {
        counters.bytesReshuffled(wire);
      }
      counters.shuffleBytes(wire);
      if (planner.hasAllOwned(src.map())) {
        counters.mapShuffled();
      }
      lock.notifyAll();
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
        int failures = planner.failed(unit, src, clock.getAsLong());
        counters.failedShuffle();
        if (failures >= limits.abortFailureLimit()) {
          reportException(new IOException(failures + " failures downloading " + src.attempt()));
        }
        if (connectError
            || (limits.reportReadErrorImmediately() && readError)
            || failures % limits.failuresBeforeReporting() == 0
            || hostFailures > limits.maxHostFailures()) {
          LOG.info("Reporting fetch failure for {} to the MRAppMaster", src.attempt());
          fetchFailureReporter.accept(src.attempt());
        }
      }
      lock.notifyAll();
    }
  }

  @Override
  public void refused(FetchUnit unit, Collection<FetchUnit.Source> sources) {
    synchronized (lock) {
      if (planner.splitRefused(unit, sources)) {
        LOG.info(
            "{} could not serve bin {} of {} maps; asking for them one map at a time to find the"
                + " one it cannot serve",
            unit.host(),
            unit.bin(),
            sources.size());
        lock.notifyAll();
        return;
      }
    }
    failed(unit, sources, true, false);
  }

  @Override
  public void backOff(FetchUnit unit, long delayMs) {
    synchronized (lock) {
      planner.penalize(unit.host(), delayMs, clock.getAsLong());
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
}
