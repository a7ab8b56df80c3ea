package io.pikachu.core.shuffle;

import io.pikachu.core.binmap.BinMap;
import io.pikachu.core.binmap.BinMapSource;
import io.pikachu.core.partitioning.WideJobBins;
import java.lang.management.ManagementFactory;
import java.util.BitSet;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 29's scale figures, printed, not asserted: one reducer's shuffle bookkeeping (bin map,
 * {@link FetchPlanner}, {@link ShuffleCoordinator}) at 1,000 and 10,000 reducers and maps, driven
 * through every (map, owned bin) output with a fetcher that delivers at once (no I/O, no merge), so
 * the figures are the bookkeeping's own: heap held after every map's completion event, CPU per
 * output kept, and requests per map; beside them each map's index size from the spill index format
 * (24 bytes per partition and an 8-byte checksum), stock's against the bins'.
 *
 * <p>Run: {@code mvn -q -o -pl pikachu-core test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.pikachu.core.shuffle.ShuffleScaleBenchmark}.
 */
public final class ShuffleScaleBenchmark {

  /** The default of pikachu.bins.per-reducer, which wide jobs shrink ({@link WideJobBins}). */
  private static final int CONFIGURED_BINS_PER_REDUCER = 10;

  private static final int HOSTS = 1_000;
  private static final int INDEX_ENTRY_BYTES = 24;
  private static final int INDEX_CHECKSUM_BYTES = 8;

  private ShuffleScaleBenchmark() {}

  public static void main(String[] args) throws Exception {
    // a first pass loads the classes and warms the JIT, so that the first row is not theirs
    run(1_000, 1_000, 1, false);
    System.out.println(
        "| reducers | maps | bins | owned bins | heap per reducer (MB) | CPU per output (us)"
            + " | requests naming a map, per reducer (stock 1) | index per map, stock | index per map, bins |");
    System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (int reducers : new int[] {1_000, 10_000}) {
      for (int maps : new int[] {1_000, 10_000}) {
        for (int p : new int[] {1, 4}) {
          run(reducers, maps, p, true);
        }
      }
    }
  }

  /** Reducer 0 owning {@code p} times its even share of bins. */
  private static void run(int reducers, int maps, int p, boolean print) throws Exception {
    int binsPerReducer = WideJobBins.perReducer(CONFIGURED_BINS_PER_REDUCER, reducers);
    int[] counts = new int[reducers];
    java.util.Arrays.fill(counts, binsPerReducer);
    int extra = (p - 1) * binsPerReducer;
    counts[0] += extra;
    for (int r = 1; extra > 0; r++) {
      counts[r]--;
      extra--;
    }
    long before = usedHeapAfterGc();
    BinMap map = BinMap.fromCounts(1, true, binsPerReducer, counts);
    FetchPlanner planner =
        new FetchPlanner(maps, binsPerReducer * reducers, map.bins(0), 20, 60_000);
    CountingSegments segments = new CountingSegments();
    ShuffleCoordinator<Long> c =
        new ShuffleCoordinator<>(
            0,
            "attempt_r0",
            maps,
            new FixedSource(map),
            map,
            planner,
            segments,
            ShuffleCounters.NONE,
            a -> {},
            ShuffleLimits.of(5, 5, 60_000, 30, 10, true, 5),
            System::currentTimeMillis);
    for (int m = 0; m < maps; m++) {
      String host = "host" + (m % HOSTS);
      c.mapSucceeded(m, "attempt_m" + m + "_0", host, "http://" + host + ":13562/");
    }
    long heap = usedHeapAfterGc() - before;

    AtomicLong requests = new AtomicLong();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    long cpu0 = processCpuNanos();
    Future<?> fetcher =
        pool.submit(
            () -> {
              FetchUnit unit;
              while ((unit = c.take()) != null) {
                requests.incrementAndGet();
                for (FetchUnit.Source s : unit.sources()) {
                  c.fetched(unit, s, (long) s.map());
                }
                c.release(unit);
              }
              return null;
            });
    BitSet owned = c.awaitFinal((fraction, state) -> {});
    long cpu = processCpuNanos() - cpu0;
    c.stop();
    fetcher.get();
    pool.shutdown();
    long outputs = segments.kept.get();
    if (outputs != (long) maps * owned.cardinality()) {
      throw new IllegalStateException(
          outputs + " outputs kept, expected " + (long) maps * owned.cardinality());
    }
    // a map is in one request per owned bin (a request asks up to 20 maps of one host, one bin)
    double perMap = (double) outputs / maps;
    if (!print) {
      return;
    }
    System.out.printf(
        Locale.ROOT,
        "| %,d | %,d | %,d | %d | %.1f | %.2f | %.1f (%,d requests) | %s | %s |%n",
        reducers,
        maps,
        binsPerReducer * reducers,
        owned.cardinality(),
        heap / 1e6,
        cpu / 1e3 / outputs,
        perMap,
        requests.get(),
        bytes((long) INDEX_ENTRY_BYTES * reducers + INDEX_CHECKSUM_BYTES),
        bytes((long) INDEX_ENTRY_BYTES * reducers * binsPerReducer + INDEX_CHECKSUM_BYTES));
  }

  private static String bytes(long b) {
    return b >= 1_000_000
        ? String.format(Locale.ROOT, "%.1f MB", b / 1e6)
        : String.format(Locale.ROOT, "%.0f kB", b / 1e3);
  }

  private static long usedHeapAfterGc() throws InterruptedException {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(50);
    }
    return rt.totalMemory() - rt.freeMemory();
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static final class CountingSegments implements BinSegments<Long> {
    final AtomicLong kept = new AtomicLong();

    @Override
    public void keep(int bin, Long output) {
      kept.incrementAndGet();
    }

    @Override
    public void discard(Long output) {}

    @Override
    public long dropBin(int bin) {
      return 0;
    }

    @Override
    public BitSet binsWithData() {
      return new BitSet();
    }

    @Override
    public long wireBytes(Long output) {
      return 1;
    }

    @Override
    public long rawBytes(Long output) {
      return 1;
    }
  }

  private static final class FixedSource implements BinMapSource {
    private final BinMap map;

    FixedSource(BinMap map) {
      this.map = map;
    }

    @Override
    public BinMap current(int mapsFinished, int totalMaps, boolean fetchedAll) {
      return map;
    }

    @Override
    public BinMap forceFinal(BinMap current) {
      return map;
    }

    @Override
    public String describe() {
      return "fixed";
    }
  }
}
