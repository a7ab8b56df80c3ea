package io.pikachu.netmodels.assign;

import io.pikachu.netmodels.topology.FatTree;

/**
 * Resource use during an assignment: load per link, table entries per switch, host routes in use,
 * and the running maximum utilisation. Per-ToR and per-Agg maxima over their parallel links are
 * kept up to date incrementally so the MRU of a candidate switch is found in constant time per link
 * group (sections 3.4.1-3.4.2).
 */
public final class NetworkState {
  final FatTree tree;
  final SwitchTables tables;
  final double[] load;
  final double capTorAgg;
  final double capAggCore;
  final double[] maxUpLoad; // per ToR, over its uplinks
  final double[] maxDownLoad; // per ToR, over its downlinks
  final double[] maxAggUpLoad; // per Agg index (container*A+plane), over its links to Cores
  final double[] maxAggDownLoad; // per Agg index, over the links from Cores
  final int[] tunnelUsed;
  final int[] ecmpUsed;
  int hostUsed;
  double globalMax;

  public NetworkState(FatTree tree, SwitchTables tables) {
    this.tree = tree;
    this.tables = tables;
    this.load = new double[tree.links()];
    this.capTorAgg = tree.capacityGbps(tree.torUp(0, 0)) * tables.linkHeadroom();
    this.capAggCore = tree.capacityGbps(tree.aggUp(0, 0, 0)) * tables.linkHeadroom();
    this.maxUpLoad = new double[tree.tors()];
    this.maxDownLoad = new double[tree.tors()];
    this.maxAggUpLoad = new double[tree.aggs()];
    this.maxAggDownLoad = new double[tree.aggs()];
    this.tunnelUsed = new int[tree.switches()];
    this.ecmpUsed = new int[tree.switches()];
  }

  public FatTree tree() {
    return tree;
  }

  public SwitchTables tables() {
    return tables;
  }

  public double loadGbps(int link) {
    return load[link];
  }

  public int hostEntriesUsed() {
    return hostUsed;
  }

  public int tunnelUsed(int sw) {
    return tunnelUsed[sw];
  }

  public int ecmpUsed(int sw) {
    return ecmpUsed[sw];
  }

  /** Capacity the assignment may use on a link (headroom applied). */
  public double usableGbps(int link) {
    return tree.capacityGbps(link) * tables.linkHeadroom();
  }

  public double linkUtilisation(int link) {
    return load[link] / usableGbps(link);
  }

  /** Maximum resource utilisation of the current state. */
  public double mru() {
    return Math.max(globalMax, hostUtilisation(0));
  }

  double memoryUtilisation(int sw, int extraTunnel, int extraEcmp) {
    return Math.max(
        (tunnelUsed[sw] + extraTunnel) / (double) tables.tunnelEntries(),
        (ecmpUsed[sw] + extraEcmp) / (double) tables.ecmpEntries());
  }

  /** The fullest host table is a ToR's, which also routes to the servers of its rack. */
  double hostUtilisation(int extra) {
    return (hostUsed + extra + tree.serversPerTor()) / (double) tables.hostEntries();
  }

  void addLoad(int link, double gbps) {
    double l = load[link] += gbps;
    int torLinks = tree.tors() * tree.aggsPerContainer();
    int a = tree.aggsPerContainer();
    int aggLinks = tree.aggs() * tree.coresPerPlane();
    if (link < torLinks) {
      maxUpLoad[link / a] = Math.max(maxUpLoad[link / a], l);
    } else if (link < 2 * torLinks) {
      int t = (link - torLinks) / a;
      maxDownLoad[t] = Math.max(maxDownLoad[t], l);
    } else if (link < 2 * torLinks + aggLinks) {
      int g = (link - 2 * torLinks) / tree.coresPerPlane();
      maxAggUpLoad[g] = Math.max(maxAggUpLoad[g], l);
    } else {
      int g = (link - 2 * torLinks - aggLinks) / tree.coresPerPlane();
      maxAggDownLoad[g] = Math.max(maxAggDownLoad[g], l);
    }
    globalMax = Math.max(globalMax, linkUtilisation(link));
  }

  void addMemory(int sw, int tunnel, int ecmp) {
    tunnelUsed[sw] += tunnel;
    ecmpUsed[sw] += ecmp;
    globalMax = Math.max(globalMax, memoryUtilisation(sw, 0, 0));
  }

  void addHostEntries(int n) {
    hostUsed += n;
  }
}
