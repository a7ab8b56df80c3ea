package io.pikachu.netmodels.assign;

import io.pikachu.netmodels.hashing.WcmpWeights;
import io.pikachu.netmodels.topology.FatTree;
import io.pikachu.netmodels.workload.PortGroup;
import io.pikachu.netmodels.workload.Vip;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/**
 * A VIP reduced to what the assignment needs, per unit of traffic: the share of its traffic
 * entering at each source ToR and at the Internet edge, the share reaching each DIP ToR (after WCMP
 * quantisation, because that is the split the switch realises), the same aggregated per container,
 * and the table entries it occupies.
 *
 * <p>VIPs with more DIPs than a tunnelling table holds use transient IPs (Fig. 3.7): the DIPs are
 * cut into partitions of at most {@code tunnelEntries}, each behind one TIP; the HMux then tunnels
 * to the TIPs only.
 */
public final class VipShape {
  /** One TIP of a large-fanout VIP: its table needs and the container holding most of its DIPs. */
  public record Tip(int tunnelEntries, int ecmpEntries, double trafficShare, int homeContainer) {}

  final int id;
  final int[] srcTor;
  final double[] srcFrac;
  final double internal;
  final int[] dipTor;
  final double[] dipFrac;
  // presence containers and per-container aggregates
  final int[] pc;
  final double[] pcSrc;
  final double[] pcDip;
  final int[][] pcSrcIdx;
  final int[][] pcDipIdx;
  final int hmuxTunnel;
  final int hmuxEcmp;
  final List<Tip> tips;

  public VipShape(Vip vip, FatTree tree, SwitchTables tables) {
    id = vip.id();
    internal = vip.internalFraction();
    TreeMap<Integer, Double> src = new TreeMap<>();
    for (int i = 0; i < vip.srcTors().length; i++) {
      int tor = vip.srcTors()[i];
      if (tor < 0 || tor >= tree.tors()) {
        throw new IllegalArgumentException(
            "VIP " + id + ": source ToR " + tor + " is not in " + tree);
      }
      src.merge(tor, internal * vip.srcShares()[i], Double::sum);
    }
    srcTor = src.keySet().stream().mapToInt(Integer::intValue).toArray();
    srcFrac = src.values().stream().mapToDouble(Double::doubleValue).toArray();

    TreeMap<Integer, Double> dip = new TreeMap<>();
    int tunnel = 0;
    int ecmp = 0;
    List<Tip> tipList = new ArrayList<>();
    List<Double> tipShares = new ArrayList<>();
    for (PortGroup g : vip.ports()) {
      int budget = Math.max(g.dips(), tables.ecmpEntries() / 8);
      int[] replicas =
          g.dips() <= tables.tunnelEntries()
              ? WcmpWeights.replicas(g.dipWeights(), budget)
              : proportional(g.dipWeights());
      double rSum = Arrays.stream(replicas).sum();
      double[] share = new double[g.dips()];
      for (int i = 0; i < g.dips(); i++) {
        int server = g.dipServers()[i];
        if (server < 0 || server >= tree.servers()) {
          throw new IllegalArgumentException(
              "VIP " + id + ": DIP server " + server + " is not in " + tree);
        }
        share[i] = g.trafficShare() * replicas[i] / rSum;
        dip.merge(tree.torOfServer(server), share[i], Double::sum);
      }
      tunnel += g.dips();
      ecmp += (int) rSum;
      for (int from = 0; from < g.dips(); from += tables.tunnelEntries()) {
        int to = Math.min(g.dips(), from + tables.tunnelEntries());
        int[] part = Arrays.copyOfRange(g.dipServers(), from, to);
        double partShare = 0;
        for (int i = from; i < to; i++) partShare += share[i];
        int[] perContainer = new int[tree.containers()];
        for (int s : part) perContainer[tree.containerOfTor(tree.torOfServer(s))]++;
        int home = 0;
        for (int c = 1; c < perContainer.length; c++)
          if (perContainer[c] > perContainer[home]) home = c;
        int partEcmp = 0;
        for (int i = from; i < to; i++) partEcmp += replicas[i];
        tipList.add(new Tip(to - from, Math.min(partEcmp, tables.ecmpEntries()), partShare, home));
        tipShares.add(partShare);
      }
    }
    if (tunnel > tables.tunnelEntries()) {
      if (tipList.size() > tables.tunnelEntries()) {
        throw new IllegalArgumentException(
            "VIP "
                + id
                + " has "
                + tunnel
                + " DIPs: more than "
                + tables.tunnelEntries()
                + " x "
                + tables.tunnelEntries()
                + " that TIPs can reach");
      }
      tips = List.copyOf(tipList);
      hmuxTunnel = tips.size();
      double[] w = tipShares.stream().mapToDouble(Double::doubleValue).toArray();
      hmuxEcmp =
          Arrays.stream(WcmpWeights.replicas(w, Math.max(w.length, tables.ecmpEntries() / 8)))
              .sum();
    } else {
      tips = List.of();
      hmuxTunnel = tunnel;
      hmuxEcmp = ecmp;
    }
    dipTor = dip.keySet().stream().mapToInt(Integer::intValue).toArray();
    dipFrac = dip.values().stream().mapToDouble(Double::doubleValue).toArray();

    TreeMap<Integer, List<Integer>> srcBy = new TreeMap<>();
    TreeMap<Integer, List<Integer>> dipBy = new TreeMap<>();
    for (int i = 0; i < srcTor.length; i++) {
      srcBy.computeIfAbsent(tree.containerOfTor(srcTor[i]), k -> new ArrayList<>()).add(i);
      dipBy.computeIfAbsent(tree.containerOfTor(srcTor[i]), k -> new ArrayList<>());
    }
    for (int i = 0; i < dipTor.length; i++) {
      dipBy.computeIfAbsent(tree.containerOfTor(dipTor[i]), k -> new ArrayList<>()).add(i);
      srcBy.computeIfAbsent(tree.containerOfTor(dipTor[i]), k -> new ArrayList<>());
    }
    int k = srcBy.size();
    pc = new int[k];
    pcSrc = new double[k];
    pcDip = new double[k];
    pcSrcIdx = new int[k][];
    pcDipIdx = new int[k][];
    int p = 0;
    for (int c : srcBy.keySet()) {
      pc[p] = c;
      pcSrcIdx[p] = srcBy.get(c).stream().mapToInt(Integer::intValue).toArray();
      pcDipIdx[p] = dipBy.get(c).stream().mapToInt(Integer::intValue).toArray();
      for (int i : pcSrcIdx[p]) pcSrc[p] += srcFrac[i];
      for (int i : pcDipIdx[p]) pcDip[p] += dipFrac[i];
      p++;
    }
  }

  private static int[] proportional(double[] weights) {
    // Large groups are split by TIP partitions; inside a partition the weights are small integers
    // already.
    int[] r = new int[weights.length];
    double min = Arrays.stream(weights).min().orElse(1);
    for (int i = 0; i < r.length; i++) r[i] = (int) Math.max(1, Math.round(weights[i] / min));
    return r;
  }

  public int id() {
    return id;
  }

  public double internalFraction() {
    return internal;
  }

  public int hmuxTunnelEntries() {
    return hmuxTunnel;
  }

  public int hmuxEcmpEntries() {
    return hmuxEcmp;
  }

  public int hostEntries() {
    return 1 + tips.size();
  }

  public List<Tip> tips() {
    return tips;
  }

  public int[] dipTors() {
    return dipTor.clone();
  }

  public double[] dipFractions() {
    return dipFrac.clone();
  }

  public int[] srcTors() {
    return srcTor.clone();
  }

  public double[] srcFractions() {
    return srcFrac.clone();
  }

  /** Share of this VIP's traffic sent from servers inside container c. */
  public double srcShareIn(int container) {
    int p = Arrays.binarySearch(pc, container);
    return p >= 0 ? pcSrc[p] : 0;
  }

  /** Share of this VIP's traffic destined to DIPs inside container c. */
  public double dipShareIn(int container) {
    int p = Arrays.binarySearch(pc, container);
    return p >= 0 ? pcDip[p] : 0;
  }

  /** Shares of this VIP's traffic sent from, and destined to, ToRs that are down. */
  public double lostSrcShare(java.util.BitSet downSwitches) {
    double lost = 0;
    for (int i = 0; i < srcTor.length; i++) if (downSwitches.get(srcTor[i])) lost += srcFrac[i];
    return lost;
  }

  public double lostDipShare(java.util.BitSet downSwitches) {
    double lost = 0;
    for (int i = 0; i < dipTor.length; i++) if (downSwitches.get(dipTor[i])) lost += dipFrac[i];
    return lost;
  }

  public double srcShareAt(int tor) {
    int i = Arrays.binarySearch(srcTor, tor);
    return i >= 0 ? srcFrac[i] : 0;
  }

  public double dipShareAt(int tor) {
    int i = Arrays.binarySearch(dipTor, tor);
    return i >= 0 ? dipFrac[i] : 0;
  }

  public static List<VipShape> of(List<Vip> vips, FatTree tree, SwitchTables tables) {
    List<VipShape> out = new ArrayList<>(vips.size());
    for (Vip v : vips) out.add(new VipShape(v, tree, tables));
    return out;
  }
}
