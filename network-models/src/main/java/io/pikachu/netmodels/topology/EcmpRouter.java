package io.pikachu.netmodels.topology;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Generic per-hop ECMP on a {@link FatTree} with failed switches: every switch splits the traffic
 * for a destination equally over its neighbours on a shortest path to it. Used where the analytic
 * model of a healthy tree does not apply (failures) and, in tests, as the reference the analytic
 * model must agree with.
 *
 * <p>Node ids are the switch ids plus one extra node, {@link #internet()}, wired to every Core:
 * Internet traffic enters the datacenter through border routers above the Cores, and those links
 * are outside the model.
 */
public final class EcmpRouter {
  private final FatTree tree;
  private final BitSet failed;
  private final int nodes;
  private final int[][] neighbours;
  private final int[][]
      linkTo; // linkTo[u][k] = link id u -> neighbours[u][k], -1 for external links

  public EcmpRouter(FatTree tree, BitSet failedSwitches) {
    this.tree = tree;
    this.failed = (BitSet) failedSwitches.clone();
    this.nodes = tree.switches() + 1;
    List<List<int[]>> adj = new ArrayList<>();
    for (int i = 0; i < nodes; i++) adj.add(new ArrayList<>());
    for (int l = 0; l < tree.links(); l++) {
      adj.get(tree.linkFrom(l)).add(new int[] {tree.linkTo(l), l});
    }
    for (int p = 0; p < tree.aggsPerContainer(); p++) {
      for (int m = 0; m < tree.coresPerPlane(); m++) {
        int core = tree.core(p, m);
        adj.get(internet()).add(new int[] {core, -1});
        adj.get(core).add(new int[] {internet(), -1});
      }
    }
    neighbours = new int[nodes][];
    linkTo = new int[nodes][];
    for (int u = 0; u < nodes; u++) {
      List<int[]> a = adj.get(u);
      neighbours[u] = a.stream().mapToInt(x -> x[0]).toArray();
      linkTo[u] = a.stream().mapToInt(x -> x[1]).toArray();
    }
  }

  public int internet() {
    return tree.switches();
  }

  public int nodes() {
    return nodes;
  }

  public boolean alive(int node) {
    return node == internet() || !failed.get(node);
  }

  /**
   * Traffic demands between nodes, grouped by destination so that each destination is routed once.
   */
  public static final class Demands {
    private final int nodes;
    private final Map<Integer, double[]> byDestination = new HashMap<>();

    public Demands(int nodes) {
      this.nodes = nodes;
    }

    public void add(int source, int destination, double gbps) {
      if (gbps < 0 || Double.isNaN(gbps))
        throw new IllegalArgumentException("demand must be >= 0, got " + gbps);
      if (gbps == 0 || source == destination) return;
      byDestination.computeIfAbsent(destination, d -> new double[nodes])[source] += gbps;
    }
  }

  /**
   * Result of routing: load per link in Gbps and demand that had no path (a source or sink was cut
   * off).
   */
  public record Loads(double[] gbps, double unroutedGbps) {
    public double maxUtilisation(FatTree tree) {
      double max = 0;
      for (int l = 0; l < gbps.length; l++) max = Math.max(max, gbps[l] / tree.capacityGbps(l));
      return max;
    }
  }

  public Loads route(Demands demands) {
    double[] load = new double[tree.links()];
    double unrouted = 0;
    int[] dist = new int[nodes];
    double[] flow = new double[nodes];
    for (Map.Entry<Integer, double[]> e : demands.byDestination.entrySet()) {
      int dest = e.getKey();
      double[] src = e.getValue();
      if (!alive(dest)) {
        unrouted += Arrays.stream(src).sum();
        continue;
      }
      int maxDist = bfs(dest, dist);
      List<List<Integer>> byDist = new ArrayList<>();
      for (int d = 0; d <= maxDist; d++) byDist.add(new ArrayList<>());
      Arrays.fill(flow, 0);
      for (int u = 0; u < nodes; u++) {
        if (src[u] == 0) continue;
        if (dist[u] < 0) {
          unrouted += src[u];
        } else {
          flow[u] += src[u];
        }
      }
      for (int u = 0; u < nodes; u++) if (dist[u] > 0) byDist.get(dist[u]).add(u);
      for (int d = maxDist; d >= 1; d--) {
        for (int u : byDist.get(d)) {
          if (flow[u] == 0) continue;
          int hops = 0;
          for (int v : neighbours[u]) if (dist[v] == d - 1) hops++;
          double share = flow[u] / hops;
          for (int k = 0; k < neighbours[u].length; k++) {
            int v = neighbours[u][k];
            if (dist[v] != d - 1) continue;
            if (linkTo[u][k] >= 0) load[linkTo[u][k]] += share;
            flow[v] += share;
          }
        }
      }
    }
    return new Loads(load, unrouted);
  }

  /** Hop distances to dest over live nodes; -1 where unreachable. Returns the largest distance. */
  private int bfs(int dest, int[] dist) {
    Arrays.fill(dist, -1);
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    dist[dest] = 0;
    queue.add(dest);
    int max = 0;
    while (!queue.isEmpty()) {
      int u = queue.poll();
      for (int v : neighbours[u]) {
        if (dist[v] >= 0 || !alive(v)) continue;
        // The Internet is a traffic source, never a transit hop between two Cores.
        if (v == internet()) {
          dist[v] = dist[u] + 1;
          max = Math.max(max, dist[v]);
          continue;
        }
        dist[v] = dist[u] + 1;
        max = Math.max(max, dist[v]);
        queue.add(v);
      }
    }
    return max;
  }

  public FatTree tree() {
    return tree;
  }
}
