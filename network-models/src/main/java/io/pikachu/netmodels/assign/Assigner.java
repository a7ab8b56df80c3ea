package io.pikachu.netmodels.assign;

import io.pikachu.netmodels.topology.FatTree;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The VIP-to-switch assignment of section 3.4: VIPs in decreasing traffic, each placed on the
 * switch that gives the smallest maximum resource utilisation (ties at random); it stops at the
 * first VIP no switch can take (best MRU above 100%) and leaves the rest to SMuxes. {@link
 * Strategy#FIRST_FIT} is the "Random" baseline of Fig. 3.18: the first feasible switch in a random
 * order. With a previous assignment the algorithm is Sticky (section 3.4.2): a VIP leaves its
 * switch only when that lowers the MRU by more than delta.
 */
public final class Assigner {
  /**
   * Duet's rule, or one reading of the seed's "first feasible switch" for Random (Fig. 3.18): the
   * text does not say in which order the switches are tried.
   */
  public enum Strategy {
    DUET,
    /** One random order of the switches, the same for every VIP (the figures' reading). */
    FIRST_FIT,
    /** A new random order for every VIP: a uniformly random feasible switch. */
    FIRST_FIT_PER_VIP,
    /** The topology's numbering: ToRs container by container, then Aggs, then Cores. */
    FIRST_FIT_NUMBERED,
    /** Top down: Cores, then Aggs, then ToRs, each tier in its numbering. */
    FIRST_FIT_CORES_FIRST
  }

  private static final double TIE = 1e-12;

  private final FatTree tree;
  private final SwitchTables tables;
  private final List<VipShape> shapes;
  private final MruEvaluator evaluator;

  public Assigner(FatTree tree, SwitchTables tables, List<VipShape> shapes) {
    this.tree = tree;
    this.tables = tables;
    this.shapes = List.copyOf(shapes);
    this.evaluator = new MruEvaluator(tree);
  }

  public Assignment assign(double[] gbps, Strategy strategy, long seed) {
    return assign(gbps, strategy, null, 0, seed);
  }

  /**
   * @param previous current assignment for Sticky migration, or null to assign from scratch
   *     (Non-sticky)
   * @param delta Sticky threshold: move only if MRU(current) - MRU(best) exceeds it
   */
  public Assignment assign(
      double[] gbps, Strategy strategy, Assignment previous, double delta, long seed) {
    if (gbps.length != shapes.size()) {
      throw new IllegalArgumentException(
          "traffic vector has " + gbps.length + " entries for " + shapes.size() + " VIPs");
    }
    for (int v = 0; v < gbps.length; v++) {
      if (!(gbps[v] >= 0) || Double.isInfinite(gbps[v])) {
        throw new IllegalArgumentException(
            "traffic of VIP " + v + " must be finite and >= 0, got " + gbps[v]);
      }
    }
    if (delta < 0) throw new IllegalArgumentException("sticky delta must be >= 0, got " + delta);
    long start = System.nanoTime();
    NetworkState st = new NetworkState(tree, tables);
    int n = shapes.size();
    int[] hmux = smuxOnly(n);
    int[][] tips = new int[n][];
    Integer[] order = byTrafficDescending(IntStream.range(0, n), gbps);
    double[] mru = new double[tree.switches()];
    int stopped = n;
    int skipped = 0;
    for (int rank = 0; rank < n; rank++) {
      int v = order[rank];
      if (gbps[v] == 0) {
        stopped = rank;
        break;
      }
      VipShape shape = shapes.get(v);
      evaluator.evaluate(st, shape, gbps[v], mru);
      int chosen =
          strategy == Strategy.DUET ? argMin(mru, seed, v) : firstFeasible(mru, strategy, seed, v);
      if (chosen >= 0 && previous != null && previous.onHmux(v)) {
        int current = previous.hmuxOf(v);
        double g = st.globalMax;
        if (mru[current] <= 1 && Math.max(g, mru[current]) - Math.max(g, mru[chosen]) <= delta) {
          chosen = current;
        }
      }
      int[] tipSw = chosen < 0 || mru[chosen] > 1 ? null : placeTips(st, shape, gbps[v], chosen);
      if (tipSw == null) {
        // The paper stops at the first VIP that fits nowhere; with drifting traffic one VIP whose
        // own DIP or client racks cannot carry it would then hand the whole tail to SMuxes, so it
        // stays on SMuxes and assignment goes on until the host table is full.
        if (st.hostUtilisation(shape.hostEntries()) > 1) {
          stopped = rank;
          break;
        }
        skipped++;
        continue;
      }
      commit(st, shape, gbps[v], chosen, tipSw);
      hmux[v] = chosen;
      tips[v] = tipSw;
    }
    return new Assignment(
        hmux, tips, gbps.clone(), st, stopped, skipped, (System.nanoTime() - start) / 1e9);
  }

  /**
   * The One-time scheme of Fig. 3.20: the VIPs of {@code fixed} stay on their switches under new
   * traffic, in decreasing traffic, as long as their switch can still take them; a VIP that would
   * overload a resource falls back to SMuxes, and no new VIP is ever placed.
   */
  public Assignment keep(Assignment fixed, double[] gbps) {
    long start = System.nanoTime();
    NetworkState st = new NetworkState(tree, tables);
    int n = shapes.size();
    int[] hmux = smuxOnly(n);
    int[][] tips = new int[n][];
    Integer[] order = byTrafficDescending(IntStream.range(0, n).filter(fixed::onHmux), gbps);
    double[] mru = new double[tree.switches()];
    for (int v : order) {
      if (gbps[v] == 0) continue;
      int sw = fixed.hmuxOf(v);
      evaluator.evaluate(st, shapes.get(v), gbps[v], mru);
      int[] tipSw = fixed.tipSwitchesOf(v);
      if (mru[sw] > 1 || !tipsFit(st, shapes.get(v), sw, tipSw)) continue;
      commit(st, shapes.get(v), gbps[v], sw, tipSw);
      hmux[v] = sw;
      tips[v] = tipSw;
    }
    return new Assignment(hmux, tips, gbps.clone(), st, n, 0, (System.nanoTime() - start) / 1e9);
  }

  private static int[] smuxOnly(int n) {
    int[] hmux = new int[n];
    Arrays.fill(hmux, Assignment.SMUX);
    return hmux;
  }

  /** VIP ids by decreasing traffic, ties by id so the order is deterministic. */
  private static Integer[] byTrafficDescending(IntStream vips, double[] gbps) {
    Integer[] order = vips.boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.<Integer>comparingDouble(v -> -gbps[v]).thenComparingInt(v -> v));
    return order;
  }

  private static boolean tipsFit(NetworkState st, VipShape v, int sw, int[] tipSw) {
    java.util.Map<Integer, int[]> extra = new java.util.HashMap<>();
    extra.put(sw, new int[] {v.hmuxTunnel, v.hmuxEcmp});
    for (int i = 0; i < tipSw.length; i++) {
      int[] e = extra.computeIfAbsent(tipSw[i], k -> new int[2]);
      e[0] += v.tips.get(i).tunnelEntries();
      e[1] += v.tips.get(i).ecmpEntries();
    }
    for (var e : extra.entrySet()) {
      if (st.memoryUtilisation(e.getKey(), e.getValue()[0], e.getValue()[1]) > 1) return false;
    }
    return true;
  }

  /**
   * Smallest MRU. Most candidates tie at the running maximum (every resource the VIP does not touch
   * counts), so ties go first to the candidate whose own touched resources end up least utilised,
   * which is the candidate with the smallest {@code local} value, and then to the smallest
   * pseudo-random key of (seed, VIP, switch): a random tie-break that is stable, so recomputing
   * with the same seed and similar loads puts a VIP back where it was.
   */
  private static int argMin(double[] mru, long seed, int vip) {
    double best = Double.POSITIVE_INFINITY;
    int chosen = -1;
    long bestKey = Long.MAX_VALUE;
    for (int s = 0; s < mru.length; s++) {
      double x = mru[s];
      if (x < best - TIE) {
        best = x;
        chosen = s;
        bestKey = key(seed, vip, s);
      } else if (x <= best + TIE) {
        long k = key(seed, vip, s);
        if (k < bestKey) {
          chosen = s;
          bestKey = k;
        }
      }
    }
    return chosen;
  }

  /**
   * First feasible switch in the strategy's order: first-fit decreasing with the bins (switches) in
   * a random order kept for every VIP, a new one per VIP, or the topology's order bottom up or top
   * down.
   */
  private int firstFeasible(double[] mru, Strategy strategy, long seed, int vip) {
    int chosen = -1;
    long bestKey = Long.MAX_VALUE;
    for (int s = 0; s < mru.length; s++) {
      if (mru[s] > 1) continue;
      long k =
          switch (strategy) {
            case FIRST_FIT -> key(seed, -1, s);
            case FIRST_FIT_PER_VIP -> key(seed, vip, s);
            case FIRST_FIT_NUMBERED -> s;
            case FIRST_FIT_CORES_FIRST -> topDown(s);
            case DUET -> throw new IllegalArgumentException("Duet is not first-fit");
          };
      if (k < bestKey) {
        chosen = s;
        bestKey = k;
      }
    }
    return chosen;
  }

  /** A switch's rank top down: Cores, then Aggs, then ToRs. */
  private long topDown(int sw) {
    int tors = tree.tors();
    int aggs = tree.aggs();
    if (sw >= tors + aggs) return sw - tors - aggs;
    if (sw >= tors) return tree.cores() + (sw - tors);
    return (long) tree.cores() + aggs + sw;
  }

  static long key(long seed, int vip, int sw) {
    long z = seed * 0x9E3779B97F4A7C15L + ((long) vip << 21) + sw;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (z ^ (z >>> 31)) & Long.MAX_VALUE;
  }

  /**
   * Puts each TIP of a large-fanout VIP on a switch with room in its tables, preferring the
   * least-used Agg of the container that holds most of the TIP's DIPs (an Agg is on every path from
   * outside into that container). Returns null if some TIP fits nowhere. The TIP detour is not
   * added to link loads: the model counts the HMux-to-DIP traffic on the direct ECMP paths (stated
   * in docs).
   */
  private int[] placeTips(NetworkState st, VipShape v, double gbps, int hmuxSwitch) {
    if (v.tips.isEmpty()) return new int[0];
    int[] out = new int[v.tips.size()];
    int[] extraTunnel = new int[tree.switches()];
    int[] extraEcmp = new int[tree.switches()];
    extraTunnel[hmuxSwitch] += v.hmuxTunnel;
    extraEcmp[hmuxSwitch] += v.hmuxEcmp;
    for (int i = 0; i < v.tips.size(); i++) {
      VipShape.Tip tip = v.tips.get(i);
      int best = -1;
      double bestUse = Double.POSITIVE_INFINITY;
      for (int j = 0; j < tree.aggsPerContainer(); j++) {
        int sw = tree.agg(tip.homeContainer(), j);
        double use =
            st.memoryUtilisation(
                sw, extraTunnel[sw] + tip.tunnelEntries(), extraEcmp[sw] + tip.ecmpEntries());
        if (use <= 1 && use < bestUse) {
          best = sw;
          bestUse = use;
        }
      }
      if (best < 0) {
        for (int sw = 0; sw < tree.switches(); sw++) {
          double use =
              st.memoryUtilisation(
                  sw, extraTunnel[sw] + tip.tunnelEntries(), extraEcmp[sw] + tip.ecmpEntries());
          if (use <= 1 && use < bestUse) {
            best = sw;
            bestUse = use;
          }
        }
      }
      if (best < 0) return null;
      out[i] = best;
      extraTunnel[best] += tip.tunnelEntries();
      extraEcmp[best] += tip.ecmpEntries();
    }
    return out;
  }

  private void commit(NetworkState st, VipShape v, double gbps, int sw, int[] tipSw) {
    LoadModel.forEach(tree, v, gbps, sw, st::addLoad);
    st.addMemory(sw, v.hmuxTunnel, v.hmuxEcmp);
    for (int i = 0; i < tipSw.length; i++) {
      st.addMemory(tipSw[i], v.tips.get(i).tunnelEntries(), v.tips.get(i).ecmpEntries());
    }
    st.addHostEntries(v.hostEntries());
  }

  public List<VipShape> shapes() {
    return shapes;
  }

  public FatTree tree() {
    return tree;
  }

  public SwitchTables tables() {
    return tables;
  }
}
