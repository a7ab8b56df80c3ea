package io.pikachu.task.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pikachu.core.binmap.BinAllocation;
import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.shuffle.FetchPlanner;
import io.pikachu.core.shuffle.FetchUnit;
import io.pikachu.core.shuffle.ShuffleCoordinator;
import io.pikachu.core.shuffle.ShuffleCounters;
import io.pikachu.core.shuffle.ShuffleLimits;
import java.io.File;
import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, item 1: the final map takes bin b away while the merge thread merges b. The reducer
 * must let b go and finish with the bins it owns, not fail for holding a bin it dropped.
 */
class MergeWhileDropTest {
  private static final int MAPS = 2;
  @TempDir File dir;

  /** Reducer 0 of 2, two bins each: even map gives it {0, 1}; the final map gives it {0}. */
  @Test
  void aBinLostWhileItIsMergedDoesNotFailTheReducer() throws Exception {
    JobConf job = Segments.job(dir);
    // every kept output starts an in-memory merge of its bin
    BinSegmentStore store =
        Segments.store(job, new ShuffleMemory(1 << 20, 1 << 18, 1, 1000, 0, 10));
    BinMap even = BinMap.even(2, 2, false);
    BinMap fin = new BinMap(1, true, BinAllocation.ofOwners(2, 2, new int[] {0, 1, 1, 1}));
    Source source = new Source(even);
    AtomicLong clock = new AtomicLong();
    ShuffleCoordinator<FetchedOutput> coordinator =
        new ShuffleCoordinator<>(
            0,
            "attempt_1700000000000_0001_r_000000_0",
            MAPS,
            source,
            even,
            new FetchPlanner(MAPS, 4, even.bins(0), 20, 60_000),
            store,
            ShuffleCounters.NONE,
            attempt -> {},
            ShuffleLimits.of(1000, 200, 300_000, 30, 10, true, 5),
            clock::get);
    for (int m = 0; m < MAPS; m++) {
      coordinator.mapSucceeded(
          m, "attempt_1700000000000_0001_m_00000" + m + "_0", "h:1", "http://h:1/");
    }
    // both bins from both maps: two requests, one per bin
    for (int request = 0; request < 2; request++) {
      FetchUnit unit = coordinator.take();
      for (FetchUnit.Source s : unit.sources()) {
        coordinator.fetched(unit, s, Segments.inMemory(job, records(s.map(), unit.bin())));
      }
      coordinator.release(unit);
    }
    // the merge thread takes bin 1 (the largest in memory) and is still merging it ...
    MergeWork work = store.awaitMergeWork();
    assertEquals(1, work.bin());
    // ... when the final map arrives and takes bin 1 away
    source.next = fin;
    BitSet owned =
        coordinator.awaitFinal(
            new ShuffleCoordinator.Progress() {
              @Override
              public void update(float fraction, String state) {}
            });
    assertEquals(fin.bins(0), owned);
    assertFalse(store.binsWithData().get(1), "bin 1 was dropped");
    // the merge ends after the drop: its result is thrown away, its memory freed
    store.finishMerge(work, null);
    assertTrue(store.takeAll(owned).memory().size() > 0);
  }

  private static Map<String, String> records(int map, int bin) {
    Map<String, String> r = new TreeMap<>();
    // bin 1's outputs are the larger, so the merge thread picks it first
    r.put("k" + bin, "m" + map + "x".repeat(bin * 100));
    return r;
  }

  /** Gives the even map until {@link #next} is set. */
  private static final class Source implements BinMapSource {
    private final BinMap first;
    volatile BinMap next;

    Source(BinMap first) {
      this.first = first;
    }

    @Override
    public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) {
      return next == null ? first : next;
    }

    @Override
    public BinMap forceFinal(BinMap current) {
      return current.withVersion(current.version(), true);
    }

    @Override
    public String describe() {
      return "test";
    }
  }
}
