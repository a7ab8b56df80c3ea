package io.pikachu.netmodels.assign;

import io.pikachu.netmodels.topology.FatTree;

/**
 * Link loads a VIP adds when it lives on a given switch, in closed form for a healthy FatTree with
 * per-hop ECMP: sources to the HMux, then the HMux to the DIPs (return traffic uses direct server
 * return and bypasses it). Internet traffic enters at the Cores through border routers that also
 * split over shortest paths. Tests check this against {@link
 * io.pikachu.netmodels.topology.EcmpRouter} on a small tree.
 */
public final class LoadModel {
  /** Receives one link increment. */
  @FunctionalInterface
  public interface Sink {
    void add(int link, double gbps);
  }

  private LoadModel() {}

  public static void forEach(FatTree tree, VipShape v, double gbps, int sw, Sink sink) {
    int a = tree.aggsPerContainer();
    int m = tree.coresPerPlane();
    double wall = gbps * v.internal;
    double inet = gbps - wall;
    double dall = gbps;
    switch (tree.kind(sw)) {
      case TOR -> {
        int cs = tree.containerOfTor(sw);
        double ws = gbps * v.srcShareAt(sw);
        double ds = gbps * v.dipShareAt(sw);
        double wcs = gbps * v.srcShareIn(cs);
        double dcs = gbps * v.dipShareIn(cs);
        for (int i = 0; i < v.srcTor.length; i++) {
          int t = v.srcTor[i];
          if (t == sw) continue;
          for (int j = 0; j < a; j++) sink.add(tree.torUp(t, j), gbps * v.srcFrac[i] / a);
        }
        for (int i = 0; i < v.dipTor.length; i++) {
          int t = v.dipTor[i];
          if (t == sw) continue;
          for (int j = 0; j < a; j++) sink.add(tree.torDown(t, j), gbps * v.dipFrac[i] / a);
        }
        for (int p = 0; p < v.pc.length; p++) {
          int c = v.pc[p];
          if (c == cs) continue;
          spread(tree, c, gbps * v.pcSrc[p] / (a * m), true, sink);
          spread(tree, c, gbps * v.pcDip[p] / (a * m), false, sink);
        }
        spread(tree, cs, (wall - wcs + inet) / (a * m), false, sink);
        spread(tree, cs, (dall - dcs) / (a * m), true, sink);
        for (int j = 0; j < a; j++) {
          add(sink, tree.torDown(sw, j), (wall - ws + inet) / a);
          add(sink, tree.torUp(sw, j), (dall - ds) / a);
        }
      }
      case AGG -> {
        int cs = tree.containerOf(sw);
        int j = tree.planeOf(sw);
        for (int i = 0; i < v.srcTor.length; i++)
          sink.add(tree.torUp(v.srcTor[i], j), gbps * v.srcFrac[i]);
        for (int i = 0; i < v.dipTor.length; i++)
          sink.add(tree.torDown(v.dipTor[i], j), gbps * v.dipFrac[i]);
        double wcs = gbps * v.srcShareIn(cs);
        double dcs = gbps * v.dipShareIn(cs);
        for (int p = 0; p < v.pc.length; p++) {
          int c = v.pc[p];
          if (c == cs) continue;
          for (int k = 0; k < m; k++) {
            add(sink, tree.aggUp(c, j, k), gbps * v.pcSrc[p] / m);
            add(sink, tree.aggDown(c, j, k), gbps * v.pcDip[p] / m);
          }
        }
        for (int k = 0; k < m; k++) {
          add(sink, tree.aggDown(cs, j, k), (wall - wcs + inet) / m);
          add(sink, tree.aggUp(cs, j, k), (dall - dcs) / m);
        }
      }
      case CORE -> {
        int j = tree.planeOf(sw);
        int k = tree.coreIndexOf(sw);
        for (int i = 0; i < v.srcTor.length; i++)
          sink.add(tree.torUp(v.srcTor[i], j), gbps * v.srcFrac[i]);
        for (int i = 0; i < v.dipTor.length; i++)
          sink.add(tree.torDown(v.dipTor[i], j), gbps * v.dipFrac[i]);
        for (int p = 0; p < v.pc.length; p++) {
          add(sink, tree.aggUp(v.pc[p], j, k), gbps * v.pcSrc[p]);
          add(sink, tree.aggDown(v.pc[p], j, k), gbps * v.pcDip[p]);
        }
      }
    }
  }

  private static void spread(
      FatTree tree, int container, double gbpsPerLink, boolean up, Sink sink) {
    if (gbpsPerLink <= 0) return;
    for (int j = 0; j < tree.aggsPerContainer(); j++) {
      for (int k = 0; k < tree.coresPerPlane(); k++) {
        sink.add(up ? tree.aggUp(container, j, k) : tree.aggDown(container, j, k), gbpsPerLink);
      }
    }
  }

  private static void add(Sink sink, int link, double gbps) {
    if (gbps > 1e-15) sink.add(link, gbps);
  }
}
