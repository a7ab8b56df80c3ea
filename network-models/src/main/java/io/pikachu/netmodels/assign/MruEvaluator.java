package io.pikachu.netmodels.assign;

import io.pikachu.netmodels.topology.FatTree;
import java.util.Arrays;

/**
 * Utilisation of the resources one VIP would load if placed on each switch, for every switch at
 * once: the links it adds traffic to, the candidate's tables and the host table. The MRU of
 * equation 3.2 is then {@code max(globalMax, local)}, because every resource the VIP does not touch
 * keeps its utilisation. Instead of adding the VIP's load to every link for every candidate, it
 * uses two more facts of the FatTree:
 *
 * <ul>
 *   <li>a container the candidate is not in sees the same loads for every candidate of one class
 *       (any ToR elsewhere, or any Agg/Core of plane j), so its worst link is computed once per
 *       class and the best two containers are kept to exclude the candidate's own one;
 *   <li>moving the VIP between ToRs of one container changes only links inside that container (Fig.
 *       3.5), so the best ToR of a container is found from that container's links and the ToR's own
 *       up/down maxima.
 * </ul>
 *
 * Equal to the brute force {@code max(U_i + L_i)} over the touched resources; a test checks that.
 */
public final class MruEvaluator {
  private final FatTree tree;
  private final int a;
  private final int m;
  private final double[] scratchW;
  private final double[] scratchD;
  private final int[] containerSlot;

  public MruEvaluator(FatTree tree) {
    this.tree = tree;
    this.a = tree.aggsPerContainer();
    this.m = tree.coresPerPlane();
    this.scratchW = new double[tree.tors()];
    this.scratchD = new double[tree.tors()];
    this.containerSlot = new int[tree.containers()];
    Arrays.fill(containerSlot, -1);
  }

  /**
   * Fills {@code local[s]} for every switch s; the MRU of placing the VIP on s is max(globalMax,
   * local[s]).
   */
  public void evaluate(NetworkState st, VipShape v, double gbps, double[] mru) {
    final double capT = st.capTorAgg;
    final double capC = st.capAggCore;
    final double wall = gbps * v.internal;
    final double inet = gbps - wall;
    final double dall = gbps;
    final int k = v.pc.length;
    final double floor = st.hostUtilisation(v.hostEntries());

    for (int i = 0; i < v.srcTor.length; i++) scratchW[v.srcTor[i]] = gbps * v.srcFrac[i];
    for (int i = 0; i < v.dipTor.length; i++) scratchD[v.dipTor[i]] = gbps * v.dipFrac[i];
    for (int p = 0; p < k; p++) containerSlot[v.pc[p]] = p;

    // Per presence container: worst link for "candidate is a ToR elsewhere" and per plane for
    // Agg/Core candidates.
    double[] rTor = new double[k];
    double[][] planeTor = new double[k][a];
    double[][] planeVal = new double[k][a];
    double[] maxPlaneTor = new double[a];
    Arrays.fill(maxPlaneTor, Double.NEGATIVE_INFINITY);
    for (int p = 0; p < k; p++) {
      int c = v.pc[p];
      double wc = gbps * v.pcSrc[p];
      double dc = gbps * v.pcDip[p];
      double r = Double.NEGATIVE_INFINITY;
      Arrays.fill(planeTor[p], Double.NEGATIVE_INFINITY);
      for (int i : v.pcSrcIdx[p]) {
        int t = v.srcTor[i];
        double w = scratchW[t];
        r = Math.max(r, (st.maxUpLoad[t] + w / a) / capT);
        for (int j = 0; j < a; j++) {
          planeTor[p][j] = Math.max(planeTor[p][j], (st.load[tree.torUp(t, j)] + w) / capT);
        }
      }
      for (int i : v.pcDipIdx[p]) {
        int t = v.dipTor[i];
        double d = scratchD[t];
        r = Math.max(r, (st.maxDownLoad[t] + d / a) / capT);
        for (int j = 0; j < a; j++) {
          planeTor[p][j] = Math.max(planeTor[p][j], (st.load[tree.torDown(t, j)] + d) / capT);
        }
      }
      for (int j = 0; j < a; j++) {
        int g = c * a + j;
        double acUp = wc > 0 ? (st.maxAggUpLoad[g] + wc / m) / capC : Double.NEGATIVE_INFINITY;
        double acDown = dc > 0 ? (st.maxAggDownLoad[g] + dc / m) / capC : Double.NEGATIVE_INFINITY;
        if (wc > 0) r = Math.max(r, (st.maxAggUpLoad[g] + wc / (a * m)) / capC);
        if (dc > 0) r = Math.max(r, (st.maxAggDownLoad[g] + dc / (a * m)) / capC);
        planeVal[p][j] = Math.max(planeTor[p][j], Math.max(acUp, acDown));
        maxPlaneTor[j] = Math.max(maxPlaneTor[j], planeTor[p][j]);
      }
      rTor[p] = r;
    }
    Top2 torTop = new Top2();
    for (int p = 0; p < k; p++) torTop.offer(rTor[p], p);
    Top2[] planeTop = new Top2[a];
    for (int j = 0; j < a; j++) {
      planeTop[j] = new Top2();
      for (int p = 0; p < k; p++) planeTop[j].offer(planeVal[p][j], p);
    }

    for (int c = 0; c < tree.containers(); c++) {
      int p = containerSlot[c];
      double wc = p >= 0 ? gbps * v.pcSrc[p] : 0;
      double dc = p >= 0 ? gbps * v.pcDip[p] : 0;
      double out = dall - dc;
      double in = wall - wc + inet;
      double remoteTor = torTop.excluding(p);
      // Local links that every ToR of this container sees the same way.
      double acUpMax = 0;
      double acDownMax = 0;
      for (int j = 0; j < a; j++) {
        acUpMax = Math.max(acUpMax, st.maxAggUpLoad[c * a + j]);
        acDownMax = Math.max(acDownMax, st.maxAggDownLoad[c * a + j]);
      }
      double fixed = Math.max(remoteTor, floor);
      if (out > 1e-15) fixed = Math.max(fixed, (acUpMax + out / (a * m)) / capC);
      if (in > 1e-15) fixed = Math.max(fixed, (acDownMax + in / (a * m)) / capC);
      Top2 inside = new Top2();
      if (p >= 0) {
        for (int i : v.pcSrcIdx[p]) {
          int t = v.srcTor[i];
          inside.offer((st.maxUpLoad[t] + scratchW[t] / a) / capT, t);
        }
        for (int i : v.pcDipIdx[p]) {
          int t = v.dipTor[i];
          inside.offer((st.maxDownLoad[t] + scratchD[t] / a) / capT, t);
        }
      }
      for (int r = 0; r < tree.torsPerContainer(); r++) {
        int t = tree.tor(c, r);
        double val = Math.max(fixed, inside.excluding(t));
        val = Math.max(val, (st.maxUpLoad[t] + (dall - scratchD[t]) / a) / capT);
        val = Math.max(val, (st.maxDownLoad[t] + (wall - scratchW[t] + inet) / a) / capT);
        val = Math.max(val, st.memoryUtilisation(t, v.hmuxTunnel, v.hmuxEcmp));
        mru[t] = val;
      }
      for (int j = 0; j < a; j++) {
        int g = c * a + j;
        int sw = tree.agg(c, j);
        double val = Math.max(floor, planeTop[j].excluding(p));
        if (p >= 0) val = Math.max(val, planeTor[p][j]);
        if (out > 1e-15) val = Math.max(val, (st.maxAggUpLoad[g] + out / m) / capC);
        if (in > 1e-15) val = Math.max(val, (st.maxAggDownLoad[g] + in / m) / capC);
        val = Math.max(val, st.memoryUtilisation(sw, v.hmuxTunnel, v.hmuxEcmp));
        mru[sw] = val;
      }
    }
    for (int j = 0; j < a; j++) {
      for (int x = 0; x < m; x++) {
        int sw = tree.core(j, x);
        double val = Math.max(floor, maxPlaneTor[j]);
        for (int p = 0; p < k; p++) {
          int c = v.pc[p];
          if (v.pcSrc[p] > 0)
            val = Math.max(val, (st.load[tree.aggUp(c, j, x)] + gbps * v.pcSrc[p]) / capC);
          if (v.pcDip[p] > 0)
            val = Math.max(val, (st.load[tree.aggDown(c, j, x)] + gbps * v.pcDip[p]) / capC);
        }
        val = Math.max(val, st.memoryUtilisation(sw, v.hmuxTunnel, v.hmuxEcmp));
        mru[sw] = val;
      }
    }

    for (int t : v.srcTor) scratchW[t] = 0;
    for (int t : v.dipTor) scratchD[t] = 0;
    for (int c : v.pc) containerSlot[c] = -1;
  }

  /** Brute force of the same value for one candidate, for tests. */
  public static double bruteForce(NetworkState st, VipShape v, double gbps, int sw) {
    double[] extra = new double[st.load.length];
    LoadModel.forEach(st.tree, v, gbps, sw, (l, g) -> extra[l] += g);
    double worst = st.hostUtilisation(v.hostEntries());
    for (int l = 0; l < extra.length; l++) {
      if (extra[l] > 0) worst = Math.max(worst, (st.load[l] + extra[l]) / st.usableGbps(l));
    }
    return Math.max(worst, st.memoryUtilisation(sw, v.hmuxTunnel, v.hmuxEcmp));
  }

  /**
   * Best and second-best value with the owner of the best, to take a max that excludes one owner.
   */
  private static final class Top2 {
    double best = Double.NEGATIVE_INFINITY;
    double second = Double.NEGATIVE_INFINITY;
    int owner = Integer.MIN_VALUE;

    void offer(double value, int who) {
      if (who == owner) {
        best = Math.max(best, value);
      } else if (value > best) {
        second = best;
        best = value;
        owner = who;
      } else if (value > second) {
        second = value;
      }
    }

    double excluding(int who) {
      return who == owner ? second : best;
    }
  }
}
