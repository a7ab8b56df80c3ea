package io.pikachu.core.shuffle;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Decides which (map, bin) outputs one reducer still needs and from where, and guards the
 * exactly-once rule: an output is kept only if its bin is owned at commit time and no copy of that
 * (map task, bin) was kept before. Plain Java and not thread-safe: the caller serialises every call
 * (and does the matching merge-manager update inside the same critical section).
 *
 * <p>Map outputs are identified by map task index, not attempt: any successful attempt's output of
 * a map is valid (Hadoop assumes deterministic maps, and stock shuffle also keeps whichever attempt
 * it fetched first), so a later or obsolete attempt never adds a second copy. A job whose maps are
 * not deterministic can ask for stock's stronger promise, one attempt's output of a map per part
 * file ({@code oneAttemptPerMap}): an output of another attempt than the one whose outputs the
 * reducer holds is then refused ({@link Verdict#OTHER_ATTEMPT}) rather than mixed in.
 *
 * <p>Over 300 lines on purpose: every verdict on an output and the bookkeeping they share stay in
 * one class, so the exactly-once rule is read in one file.
 */
public final class FetchPlanner {
  /** What to do with a fetched output. */
  public enum Verdict {
    DISCARD,
    KEEP,
    KEEP_RESHUFFLED,
    /**
     * The reducer holds outputs of this map from another attempt, and the job asked for one attempt
     * per map: the output must not be kept, and the reducer cannot finish consistently.
     */
    OTHER_ATTEMPT
  }

  private static final long INITIAL_PENALTY_MS = 10_000;
  private static final double PENALTY_GROWTH = 1.3;

  private final int totalMaps;
  private final int totalBins;
  private final int maxMapsPerFetch;
  private final long maxPenaltyMs;

  private final String[] liveAttempt;
  private final String[] liveHost;
  private final BitSet tipFailed = new BitSet();
  private final BitSet succeededEver = new BitSet();

  /**
   * State of the owned bins only, so that the bookkeeping grows with maps x bins owned, not with
   * maps x bins of the job (10,000 maps x 100,000 bins was 250 MB per reducer as two bit sets per
   * map).
   */
  private final Map<Integer, OwnedBin> bins = new TreeMap<>();

  /** (owned bin, map) outputs kept, maps whose task failed excepted: progress without copying. */
  private long keptLive;

  private final Map<String, Integer> attemptToMap = new HashMap<>();
  private final Set<String> obsolete = new LinkedHashSet<>();
  private final Map<String, Host> hosts = new LinkedHashMap<>();
  private final Map<String, Integer> attemptFailures = new HashMap<>();
  private final BitSet fetchSingly = new BitSet();

  /** With one attempt per map: the attempt whose outputs of each map are kept, and how many. */
  private final String[] keptAttempt;

  private final int[] keptOfAttempt;
  private BitSet owned;
  private int hostCursor;

  /** Which maps' outputs of one owned bin are kept, which are being fetched. */
  private static final class OwnedBin {
    final BitSet done = new BitSet();
    final BitSet inFlight = new BitSet();

    /** Maps that had finished when the bin was gained: their outputs are re-shuffled. */
    final BitSet reshuffle;

    OwnedBin(BitSet reshuffle) {
      this.reshuffle = reshuffle;
    }
  }

  private static final class Host {
    final String name;
    final String baseUrl;
    final Set<Integer> maps = new LinkedHashSet<>();
    boolean busy;
    long penaltyUntil;
    int failures;

    Host(String name, String baseUrl) {
      this.name = name;
      this.baseUrl = baseUrl;
    }
  }

  public FetchPlanner(
      int totalMaps, int totalBins, BitSet owned, int maxMapsPerFetch, long maxPenaltyMs) {
    this(totalMaps, totalBins, owned, maxMapsPerFetch, maxPenaltyMs, false);
  }

  /**
   * @param oneAttemptPerMap keep outputs of one attempt of each map only (for maps that are not
   *     deterministic; {@code pikachu.shuffle.one-attempt-per-map})
   */
  public FetchPlanner(
      int totalMaps,
      int totalBins,
      BitSet owned,
      int maxMapsPerFetch,
      long maxPenaltyMs,
      boolean oneAttemptPerMap) {
    if (totalMaps < 0 || totalBins < 1 || maxMapsPerFetch < 1) {
      throw new IllegalArgumentException(
          "bad planner shape: maps="
              + totalMaps
              + " bins="
              + totalBins
              + " maxMapsPerFetch="
              + maxMapsPerFetch);
    }
    this.totalMaps = totalMaps;
    this.totalBins = totalBins;
    this.maxMapsPerFetch = maxMapsPerFetch;
    this.maxPenaltyMs = maxPenaltyMs;
    this.liveAttempt = new String[totalMaps];
    this.liveHost = new String[totalMaps];
    this.keptAttempt = oneAttemptPerMap ? new String[totalMaps] : null;
    this.keptOfAttempt = oneAttemptPerMap ? new int[totalMaps] : null;
    this.owned = (BitSet) owned.clone();
    for (int b = owned.nextSetBit(0); b >= 0; b = owned.nextSetBit(b + 1)) {
      bins.put(checkBin(b), new OwnedBin(new BitSet()));
    }
  }

  // ---- map completion events ----

  public void mapSucceeded(int map, String attempt, String host, String baseUrl) {
    checkMap(map);
    attemptToMap.put(attempt, map);
    if (obsolete.contains(attempt) || tipFailed.get(map)) {
      return;
    }
    succeededEver.set(map);
    if (liveHost[map] != null) {
      Host old = hosts.get(liveHost[map]);
      if (old != null) {
        old.maps.remove(map);
      }
    }
    liveAttempt[map] = attempt;
    liveHost[map] = host;
    fetchSingly.clear(map);
    hosts.computeIfAbsent(host, h -> new Host(h, baseUrl)).maps.add(map);
  }

  /** A FAILED/KILLED/OBSOLETE attempt: never fetch from it again. Kept outputs stay valid. */
  public void mapObsolete(String attempt) {
    obsolete.add(attempt);
    Integer map = attemptToMap.get(attempt);
    if (map != null && attempt.equals(liveAttempt[map])) {
      Host host = hosts.get(liveHost[map]);
      if (host != null) {
        host.maps.remove(map);
      }
      liveAttempt[map] = null;
      liveHost[map] = null;
    }
  }

  /** The whole map task failed: the job goes on without its output, as in stock shuffle. */
  public void mapTipFailed(int map) {
    checkMap(map);
    if (!tipFailed.get(map)) {
      for (OwnedBin bin : bins.values()) {
        keptLive -= bin.done.get(map) ? 1 : 0;
      }
    }
    tipFailed.set(map);
    if (liveHost[map] != null) {
      Host host = hosts.get(liveHost[map]);
      if (host != null) {
        host.maps.remove(map);
      }
    }
    liveAttempt[map] = null;
    liveHost[map] = null;
  }

  // ---- ownership ----

  public BitSet owned() {
    return (BitSet) owned.clone();
  }

  /**
   * Switches to owning exactly {@code target}. Lost bins are forgotten (their kept outputs must be
   * dropped by the caller in the same critical section); gained bins are needed from every map,
   * including maps whose other bins were fetched already.
   */
  public void setOwned(BitSet target) {
    BitSet gained = (BitSet) target.clone();
    gained.andNot(owned);
    BitSet lost = (BitSet) owned.clone();
    lost.andNot(target);
    for (int b = lost.nextSetBit(0); b >= 0; b = lost.nextSetBit(b + 1)) {
      BitSet kept = bins.remove(b).done;
      if (keptOfAttempt != null) {
        for (int m = kept.nextSetBit(0); m >= 0; m = kept.nextSetBit(m + 1)) {
          keptOfAttempt[m]--;
        }
      }
      BitSet live = (BitSet) kept.clone();
      live.andNot(tipFailed);
      keptLive -= live.cardinality();
    }
    for (int b = gained.nextSetBit(0); b >= 0; b = gained.nextSetBit(b + 1)) {
      bins.put(checkBin(b), new OwnedBin((BitSet) succeededEver.clone()));
    }
    owned = (BitSet) target.clone();
  }

  // ---- scheduling ----

  /** The next request to issue at time {@code nowMs}, or null when none is possible now. */
  public FetchUnit next(long nowMs) {
    List<Host> all = new ArrayList<>(hosts.values());
    for (int i = 0; i < all.size(); i++) {
      Host host = all.get((hostCursor + i) % all.size());
      if (host.busy || host.penaltyUntil > nowMs || host.maps.isEmpty()) {
        continue;
      }
      for (Map.Entry<Integer, OwnedBin> e : bins.entrySet()) {
        int b = e.getKey();
        OwnedBin bin = e.getValue();
        List<FetchUnit.Source> sources = new ArrayList<>();
        for (int m : host.maps) {
          if (!bin.done.get(m) && !bin.inFlight.get(m)) {
            if (fetchSingly.get(m) && !sources.isEmpty()) {
              continue;
            }
            sources.add(FetchUnit.Source.of(m, liveAttempt[m]));
            if (sources.size() == maxMapsPerFetch || fetchSingly.get(m)) {
              break;
            }
          }
        }
        if (!sources.isEmpty()) {
          for (FetchUnit.Source s : sources) {
            bin.inFlight.set(s.map());
          }
          host.busy = true;
          hostCursor = (hostCursor + i + 1) % all.size();
          return FetchUnit.of(host.name, host.baseUrl, b, sources);
        }
      }
    }
    return null;
  }

  /** Milliseconds until a penalised host with work becomes available (Long.MAX_VALUE if none). */
  public long millisUntilPenaltyEnds(long nowMs) {
    long best = Long.MAX_VALUE;
    for (Host host : hosts.values()) {
      if (!host.busy && host.penaltyUntil > nowMs && !host.maps.isEmpty()) {
        best = Math.min(best, host.penaltyUntil - nowMs);
      }
    }
    return best;
  }

  /** A fetched output arrived: keep it only if still owned and not kept before. */
  public Verdict commit(FetchUnit unit, FetchUnit.Source source) {
    int m = source.map();
    OwnedBin bin = bins.get(unit.bin());
    clearInFlight(unit.bin(), m);
    attemptFailures.remove(source.attempt());
    fetchSingly.clear(m);
    Host host = hosts.get(unit.host());
    if (host != null) {
      host.failures = 0;
    }
    if (bin == null || bin.done.get(m) || tipFailed.get(m)) {
      return Verdict.DISCARD;
    }
    if (keptAttempt != null) {
      if (keptOfAttempt[m] > 0 && !source.attempt().equals(keptAttempt[m])) {
        return Verdict.OTHER_ATTEMPT;
      }
      keptAttempt[m] = source.attempt();
      keptOfAttempt[m]++;
    }
    bin.done.set(m);
    keptLive++;
    return bin.reshuffle.get(m) ? Verdict.KEEP_RESHUFFLED : Verdict.KEEP;
  }

  /**
   * Fetching {@code source} failed. Returns how many times this attempt has failed so far; the host
   * is penalised with stock Hadoop's growing back-off.
   */
  public int failed(FetchUnit unit, FetchUnit.Source source, long nowMs) {
    clearInFlight(unit.bin(), source.map());
    int failures = attemptFailures.merge(source.attempt(), 1, Integer::sum);
    Host host = hosts.get(unit.host());
    if (host != null) {
      long delay = (long) (INITIAL_PENALTY_MS * Math.pow(PENALTY_GROWTH, failures));
      penalize(unit.host(), Math.min(delay, maxPenaltyMs), nowMs);
    }
    return failures;
  }

  /**
   * The host answered a request for several maps with an HTTP error, or broke the stream before the
   * next output: one of the {@code unserved} maps (a lost map output, typically) spoils the rest of
   * the request, and the answer does not say which. Rather than count a failure against every map,
   * and have healthy maps re-run, their outputs are asked for one map per request from now on, so
   * the next error names its map.
   *
   * @return false when only one map was left unserved: that map's failure is real
   */
  public boolean splitRefused(FetchUnit unit, Collection<FetchUnit.Source> unserved) {
    if (unserved.size() < 2) {
      return false;
    }
    for (FetchUnit.Source s : unserved) {
      clearInFlight(unit.bin(), s.map());
      fetchSingly.set(s.map());
    }
    return true;
  }

  /** Counts a failure against the host (connection or read error). Returns the host's count. */
  public int hostFailed(String hostName) {
    Host host = hosts.get(hostName);
    return host == null ? 0 : ++host.failures;
  }

  public void penalize(String hostName, long delayMs, long nowMs) {
    Host host = hosts.get(hostName);
    if (host != null) {
      host.penaltyUntil = Math.max(host.penaltyUntil, nowMs + delayMs);
    }
  }

  /** The request is over: the host is free and anything not committed or failed is needed again. */
  public void release(FetchUnit unit) {
    for (FetchUnit.Source s : unit.sources()) {
      clearInFlight(unit.bin(), s.map());
    }
    Host host = hosts.get(unit.host());
    if (host != null) {
      host.busy = false;
    }
  }

  /** A bin lost meanwhile has no state left to clear. */
  private void clearInFlight(int bin, int map) {
    OwnedBin state = bins.get(bin);
    if (state != null) {
      state.inFlight.clear(map);
    }
  }

  // ---- progress ----

  /**
   * True when every owned bin is kept from every map (maps whose task failed excepted). Constant
   * time: the reducer's main thread asks at every wake-up, under the lock the fetchers need.
   */
  public boolean isComplete() {
    return keptLive == needed();
  }

  /** Fraction of the currently owned (map, bin) outputs kept. */
  public float progress() {
    long needed = needed();
    return needed == 0 ? 1f : (float) keptLive / needed;
  }

  private long needed() {
    return (long) bins.size() * (totalMaps - tipFailed.cardinality());
  }

  /** Maps that finished (successfully at least once, or failed as a task) out of all maps. */
  public int mapsFinished() {
    BitSet finished = (BitSet) succeededEver.clone();
    finished.or(tipFailed);
    return finished.cardinality();
  }

  /** True when every owned bin of {@code map} is kept. */
  public boolean hasAllOwned(int map) {
    checkMap(map);
    for (OwnedBin bin : bins.values()) {
      if (!bin.done.get(map)) {
        return false;
      }
    }
    return true;
  }

  public int totalMaps() {
    return totalMaps;
  }

  public int totalBins() {
    return totalBins;
  }

  /** Kept bins of map {@code map} (for invariant checks). */
  public BitSet kept(int map) {
    checkMap(map);
    BitSet kept = new BitSet();
    bins.forEach(
        (b, bin) -> {
          if (bin.done.get(map)) {
            kept.set(b);
          }
        });
    return kept;
  }

  private int checkBin(int bin) {
    if (bin < 0 || bin >= totalBins) {
      throw new IllegalArgumentException("bin " + bin + " outside [0, " + totalBins + ")");
    }
    return bin;
  }

  private void checkMap(int map) {
    if (map < 0 || map >= totalMaps) {
      throw new IllegalArgumentException("map index " + map + " outside [0, " + totalMaps + ")");
    }
  }
}
